import { describe, expect, it } from 'vitest';
import { PASSING_GRADE } from './grade.ts';
import { chapterAbility, evidenceWeight, readinessPercent, standingReason, subjectStanding, type ChapterEvidence, type EvidenceItem } from './standing.ts';

const item = (score: number, extra: Partial<EvidenceItem> = {}): EvidenceItem => ({ source: 'practice', score, ageDays: 0, difficulty: 0, ...extra });
const many = (n: number, score: number, extra: Partial<EvidenceItem> = {}) => Array.from({ length: n }, () => item(score, extra));
/** Seven chapters of six questions of difficulty 0, priorities as a real subject. */
const subject = (evidence: (chapter: number) => EvidenceItem[]): ChapterEvidence[] =>
  [1, 1, 2, 2, 2, 3, 3].map((priority, c) => ({ id: `h${c + 1}`, priority, examDifficulties: [0, 0, 0, 0, 0, 0], evidence: evidence(c) }));

describe('standing from graded evidence', () => {
  it('says "nog niet getoetst" (null) per chapter without a graded answer, and no passing grade', () => {
    const s = subjectStanding(subject(() => []));
    expect(s.chapters.every((c) => c.probability === null)).toBe(true);
    expect(s.probability).toBeNull();
    expect(s.gradedAnswers).toBe(0);
    expect(s.expectedGrade!.grade).toBeLessThan(PASSING_GRADE);
    expect(s.expectedGrade!.high).toBeLessThan(PASSING_GRADE);
    expect(standingReason({ number: 3, probability: null, questionCount: 6, questionsCorrect: 0 })).toBe('Hoofdstuk 3: nog niet getoetst');
  });

  it('keeps "Wist ik" on every card weak: no chapter tested, the grade below passing and hardly above none', () => {
    const none = subjectStanding(subject(() => []));
    const claims = subjectStanding(subject(() => many(12, 1, { source: 'self-report' })));
    expect(claims.chapters.every((c) => c.probability === null)).toBe(true);
    expect(claims.expectedGrade!.grade).toBeLessThan(PASSING_GRADE);
    expect(claims.expectedGrade!.grade - none.expectedGrade!.grade).toBeLessThanOrEqual(1);
  });

  it('lets a self-report decay in days, a graded answer in months', () => {
    expect(evidenceWeight('self-report', 14)).toBeLessThan(evidenceWeight('self-report', 0) / 3);
    expect(evidenceWeight('practice', 14)).toBeGreaterThan(0.8);
    const fresh = subjectStanding(subject((c) => (c === 0 ? [item(1), ...many(12, 1, { source: 'self-report' })] : [])));
    const old = subjectStanding(subject((c) => (c === 0 ? [item(1), ...many(12, 1, { source: 'self-report', ageDays: 30 })] : [])));
    expect(old.chapters[0]!.probability!).toBeLessThan(fresh.chapters[0]!.probability!);
  });

  it('ranks all right above random above nothing answered right, and moves the grade with the evidence', () => {
    const allRight = subjectStanding(subject(() => many(6, 1)));
    const random = subjectStanding(subject(() => [...many(2, 1), ...many(4, 0)]));
    const allWrong = subjectStanding(subject(() => many(6, 0)));
    expect(allRight.probability!).toBeGreaterThan(0.8);
    expect(allRight.expectedGrade!.grade).toBeGreaterThanOrEqual(8);
    expect(random.expectedGrade!.grade).toBeLessThan(4.5);
    expect(allWrong.expectedGrade!.grade).toBeLessThan(random.expectedGrade!.grade);
    expect(readinessPercent(allRight.chapters[0]!.probability)).toBeGreaterThan(80);
  });

  it('counts a mock exam answer more than a practice answer, and a recent answer more than an old one', () => {
    const practice = subjectStanding(subject((c) => (c === 0 ? many(4, 1) : [])));
    const mock = subjectStanding(subject((c) => (c === 0 ? many(4, 1, { source: 'mock-exam' }) : [])));
    expect(mock.chapters[0]!.probability!).toBeGreaterThan(practice.chapters[0]!.probability!);
    const recentRight = subjectStanding(subject((c) => (c === 0 ? [...many(4, 0, { ageDays: 90 }), ...many(4, 1)] : [])));
    const recentWrong = subjectStanding(subject((c) => (c === 0 ? [...many(4, 1, { ageDays: 90 }), ...many(4, 0)] : [])));
    expect(recentRight.chapters[0]!.probability!).toBeGreaterThan(recentWrong.chapters[0]!.probability!);
  });

  it("estimates an untested chapter from her other chapters but leaves it \"nog niet getoetst\"", () => {
    const strong = subjectStanding(subject((c) => (c === 6 ? [] : many(6, 1))));
    const weak = subjectStanding(subject((c) => (c === 6 ? [] : many(6, 0))));
    expect(strong.chapters[6]!.probability).toBeNull();
    expect(strong.chapters[6]!.estimate).toBeGreaterThan(weak.chapters[6]!.estimate);
    expect(chapterAbility(subject((c) => (c === 6 ? [] : many(6, 1))), 'h7').mean).toBeGreaterThan(0);
  });

  it('gives no passing grade for one chapter right while most of the exam is untested, with a wide range (decision 046)', () => {
    // issue 39's free student: 6 right, all in chapter 1 (before decision 046: 7,6 (6,0-9,2))
    const one = subjectStanding(subject((c) => (c === 0 ? many(6, 1) : [])));
    expect(one.chapters[0]!.probability!).toBeGreaterThan(0.75);
    expect(one.chapters.slice(1).every((c) => c.probability === null)).toBe(true);
    expect(one.expectedGrade!.grade).toBeLessThan(PASSING_GRADE);
    expect(one.expectedGrade!.high).toBeGreaterThanOrEqual(PASSING_GRADE);
    // even all twelve of a high-priority chapter right, with easy questions, does not pass
    const easy = subjectStanding(subject((c) => (c === 0 ? many(12, 1, { difficulty: -1 }) : [])));
    expect(easy.expectedGrade!.grade).toBeLessThan(PASSING_GRADE);
    // the same answers spread over the exam do pass, with a narrower range
    const spread = subjectStanding(subject(() => many(6, 1)));
    expect(spread.expectedGrade!.grade).toBeGreaterThanOrEqual(PASSING_GRADE);
    expect(spread.expectedGrade!.high - spread.expectedGrade!.low).toBeLessThan(one.expectedGrade!.high - one.expectedGrade!.low);
    // and a student who showed most of the exam is estimated from it in the chapters she did not
    const most = subjectStanding(subject((c) => (c < 5 ? many(6, 1) : [])));
    expect(most.expectedGrade!.grade).toBeGreaterThanOrEqual(7);
    expect(most.chapters[6]!.estimate).toBeGreaterThan(one.chapters[6]!.estimate);
  });

  it('narrows the range as evidence grows', () => {
    const width = (n: number) => {
      const g = subjectStanding(subject(() => [...many(n, 1), ...many(n, 0)])).expectedGrade!;
      expect(g.low).toBeLessThanOrEqual(g.grade);
      expect(g.high).toBeGreaterThanOrEqual(g.grade);
      return g.high - g.low;
    };
    expect(width(2)).toBeGreaterThan(width(6));
    expect(width(6)).toBeGreaterThan(width(20));
  });

  it('has no expected grade for a subject without exam questions', () => {
    const s = subjectStanding([{ id: 'h1', priority: 1, examDifficulties: [], evidence: [item(1)] }]);
    expect(s.expectedGrade).toBeNull();
    expect(s.chapters[0]!.probability).not.toBeNull();
  });

  it('says why in Dutch', () => {
    expect(standingReason({ number: 2, probability: 0.684, questionCount: 6, questionsCorrect: 4 })).toBe('Hoofdstuk 2: 4 van de 6 vragen goed, 68 % kans op een goed antwoord');
    expect(standingReason({ number: 2, probability: 0.9, questionCount: 6, questionsCorrect: 6 })).toBe('Hoofdstuk 2: alle 6 vragen goed, 90 % kans op een goed antwoord');
  });
});
