import { describe, expect, it } from 'vitest';
import { ALL_DAYS, planDay, studyDaysBetween, taskTitle, type PlanChapter, type PlanInput } from './study-plan.ts';

const chapter = (n: number, over: Partial<PlanChapter> = {}): PlanChapter => ({
  id: `c${n}`,
  number: n,
  priority: 2,
  wordCount: 2000, // 10 minutes
  read: false,
  questionCount: 10,
  questionsCorrect: 0,
  questionListId: `l${n}`,
  readiness: 0,
  cardCount: 20,
  cardsKnown: 0,
  ...over,
});

const input = (over: Partial<PlanInput> = {}): PlanInput => ({
  today: '2026-11-26', // a Thursday
  examDate: '2026-12-17',
  minutesPerDay: 30,
  studyDays: ALL_DAYS,
  chapters: [chapter(1), chapter(2), chapter(3), chapter(4)],
  cardsDue: null,
  ...over,
});

describe('study plan', () => {
  it('counts study days', () => {
    expect(studyDaysBetween('2026-11-26', '2026-12-03', ALL_DAYS)).toBe(7);
    expect(studyDaysBetween('2026-11-26', '2026-12-03', [1, 2, 3, 4, 5])).toBe(5);
  });

  it('fits her minutes and starts with the first chapter', () => {
    const plan = planDay(input());
    expect(plan.phase).toBe('learn');
    expect(plan.tasks[0]).toMatchObject({ kind: 'read', chapterNumber: 1 });
    expect(plan.minutes).toBeLessThanOrEqual(30);
    expect(plan.tooShort).toBe(false);
  });

  it('alternates reading with practising the weakest read chapter', () => {
    const plan = planDay(input({ today: '2026-12-12', chapters: [chapter(1, { read: true, readiness: 60 }), chapter(2, { read: true, readiness: 20 }), chapter(3)] }));
    expect(plan.tasks.map((t) => [t.kind, 'chapterNumber' in t ? t.chapterNumber : null])).toEqual([
      ['read', 3],
      ['practice', 2],
    ]);
    expect(taskTitle(plan.tasks[1]!)).toMatch(/^Oefen \d+ vragen van hoofdstuk 2$/);
  });

  it('does not pile a skipped day onto the next one', () => {
    const monday = planDay(input({ today: '2026-12-07' }));
    const tuesdayAfterSkip = planDay(input({ today: '2026-12-08' }));
    expect(tuesdayAfterSkip.minutes).toBeLessThanOrEqual(30);
    expect(tuesdayAfterSkip.studyDaysLeft).toBe(monday.studyDaysLeft! - 1);
  });

  it('says plainly when the time is too short', () => {
    expect(planDay(input({ today: '2026-12-14' })).tooShort).toBe(true);
  });

  it('keeps the last days for mixed review', () => {
    const plan = planDay(input({ today: '2026-12-15', cardsDue: 8 }));
    expect(plan.phase).toBe('review');
    expect(plan.tasks[0]).toEqual({ kind: 'review', cards: 8, minutes: 2 });
    expect(plan.tasks.some((t) => t.kind === 'read')).toBe(false);
  });

  it('rests on a day she does not study and stops at the exam', () => {
    expect(planDay(input({ studyDays: [1, 2, 3] })).phase).toBe('rest-day');
    expect(planDay(input({ today: '2026-12-17' })).phase).toBe('exam-day');
    expect(planDay(input({ today: '2026-12-18' })).phase).toBe('after-exam');
  });

  it('works without an exam date', () => {
    const plan = planDay(input({ examDate: null }));
    expect(plan.phase).toBe('no-exam');
    expect(plan.minutes).toBeGreaterThan(0);
    expect(plan.minutes).toBeLessThanOrEqual(30);
    expect(plan.daysUntilExam).toBeNull();
  });
});

describe('study plan spreading', () => {
  it("gives today its share of the work left, not all of her minutes", () => {
    const far = planDay(input({ examDate: '2027-03-01', chapters: [chapter(1, { read: true, questionsCorrect: 8, cardsKnown: 20 })] }));
    expect(far.tasks).toHaveLength(1);
    expect(far.minutes).toBeLessThan(30);
  });
});
