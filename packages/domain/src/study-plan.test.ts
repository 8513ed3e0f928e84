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

  it('plans her own sets after the due cards, each within the minutes left', () => {
    const ownSets = [
      { setId: 's1', title: 'Mijn begrippen', cards: 12 },
      { setId: 's2', title: 'Leeg vandaag', cards: 0 },
      { setId: 's3', title: 'Groot', cards: 400 },
    ];
    const plan = planDay(input({ cardsDue: 8, ownSets }));
    expect(plan.tasks.slice(0, 3)).toEqual([
      { kind: 'review', cards: 8, minutes: 2 },
      { kind: 'own-cards', setId: 's1', setTitle: 'Mijn begrippen', cards: 12, spaced: true, minutes: 3 },
      // 30 minutes less 2 and 3: 25 minutes is 100 cards
      { kind: 'own-cards', setId: 's3', setTitle: 'Groot', cards: 100, spaced: true, minutes: 25 },
    ]);
    expect(plan.minutes).toBe(30);
    expect(taskTitle(plan.tasks[1]!)).toBe('Herhaal 12 kaarten van je set ‘Mijn begrippen’');
    // without spaced repetition she learns the cards she does not know yet
    const learn = planDay(input({ ownSets: [{ setId: 's1', title: 'Mijn begrippen', cards: 1 }] }));
    expect(learn.tasks[0]).toEqual({ kind: 'own-cards', setId: 's1', setTitle: 'Mijn begrippen', cards: 1, spaced: false, minutes: 1 });
    expect(taskTitle(learn.tasks[0]!)).toBe('Leer 1 kaart van je set ‘Mijn begrippen’');
    // not on a rest day, nor after the exam
    expect(planDay(input({ studyDays: [1], ownSets })).tasks).toEqual([]);
    expect(planDay(input({ today: '2026-12-18', ownSets })).tasks).toEqual([]);
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

describe('study plan of a free student (Premium chapters locked)', () => {
  // The demo's shape: the first chapter of the summary is free, the others are Premium.
  const free = [chapter(1, { wordCount: 1000 }), chapter(2, { readable: false }), chapter(3, { readable: false }), chapter(4, { readable: false })];
  const chapterOfTask = (t: { kind: string }) => ('chapterNumber' in t ? t.chapterNumber : null);

  it('fills her minutes with the free chapter: read it, then practise its questions and learn its cards', () => {
    const plan = planDay(input({ examDate: null, chapters: free }));
    expect(plan.tasks.map((t) => [t.kind, chapterOfTask(t)])).toEqual([
      ['read', 1],
      ['practice', 1],
      ['cards', 1],
    ]);
    expect(plan.tasks[1]).toMatchObject({ questions: 10, minutes: 15 });
    // All the work she can do (5 + 15 + 5 minutes) fits her 30: none is left out.
    expect(plan.minutes).toBe(25);
  });

  it('never plans a task of a chapter she cannot open, nor counts its work', () => {
    for (const today of ['2026-11-26', '2026-12-12', '2026-12-15', '2026-12-16']) {
      const plan = planDay(input({ today, chapters: free, cardsDue: null }));
      expect(plan.tasks.every((t) => t.kind === 'review' || chapterOfTask(t) === 1), today).toBe(true);
    }
    const withPremium = planDay(input({ examDate: null, chapters: free.map((c) => ({ ...c, readable: true })) }));
    // Only chapter 1's work: 5 minutes reading, 10 questions and 20 cards.
    expect(planDay(input({ chapters: free })).minutesLeft).toBe(5 + 15 + 5);
    expect(withPremium.minutesLeft).toBeGreaterThan(5 + 15 + 5);
    expect(planDay(input({ today: '2026-12-14', chapters: free })).tooShort).toBe(false);
  });

  it('does not call the time too short when her work fits the days left, the exam tomorrow', () => {
    // 25 minutes of work, 30 a day, the exam tomorrow: one study day left (today), none for learning.
    const tomorrow = planDay(input({ today: '2026-12-16', chapters: free }));
    expect(tomorrow).toMatchObject({ phase: 'review', studyDaysLeft: 1, minutesLeft: 25, tooShort: false });
    // With the Premium chapters as her work it would not fit.
    expect(planDay(input({ today: '2026-12-16', chapters: free.map((c) => ({ ...c, readable: true })) })).tooShort).toBe(true);
    // 10 minutes a day: 25 minutes is more than today holds.
    expect(planDay(input({ today: '2026-12-16', chapters: free, minutesPerDay: 10 })).tooShort).toBe(true);
  });

  it('fills with the free chapter once she read it, and with its new cards under spaced repetition', () => {
    const read = free.map((c, i) => (i === 0 ? { ...c, read: true, questionsCorrect: 4, readiness: 30 } : c));
    const plan = planDay(input({ examDate: null, chapters: read, cardsDue: 0 }));
    // Spaced repetition on (cardsDue not null): no cards of read chapters among the drills, but the
    // day is still hers to use, so she practises the six questions left.
    expect(plan.tasks).toEqual([{ kind: 'practice', chapterId: 'c1', chapterNumber: 1, questionListId: 'l1', questions: 6, minutes: 9 }]);
    const unreadSr = planDay(input({ examDate: null, chapters: free, cardsDue: 0 }));
    expect(unreadSr.tasks.map((t) => t.kind)).toEqual(['read', 'practice', 'cards']);
  });

  it('does not spread her free work thin over the weeks to the exam: she uses her minutes today', () => {
    // Three weeks to the exam: 25 minutes of work over 19 learning days would be 2 minutes a day,
    // one reading task. She can do it all today; what she gets wrong comes back tomorrow.
    const a = planDay(input({ today: '2026-11-26', chapters: free }));
    expect(planDay(input({ today: '2026-11-26', chapters: free }))).toEqual(a);
    expect(a.tasks.map((t) => [t.kind, chapterOfTask(t)])).toEqual([
      ['read', 1],
      ['practice', 1],
      ['cards', 1],
    ]);
    expect(a.minutes).toBe(25);
    // The next day, chapter 1 read and 6 of its 10 questions right: the 4 left, and its cards.
    const next = planDay(input({ today: '2026-11-27', chapters: free.map((c, i) => (i === 0 ? { ...c, read: true, questionsCorrect: 6, readiness: 40 } : c)) }));
    expect(next.tasks.map((t) => [t.kind, chapterOfTask(t)])).toEqual([
      ['practice', 1],
      ['cards', 1],
    ]);
    expect(next.tasks[0]).toMatchObject({ questions: 4 });
    // A subscriber with the same work left still spreads it (the share of the work left).
    const spread = planDay(input({ today: '2026-11-26', chapters: [chapter(1, { wordCount: 1000 })] }));
    expect(spread.minutes).toBeLessThan(a.minutes);
  });
});
