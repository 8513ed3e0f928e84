import { describe, expect, it } from 'vitest';
import { COURSE_QUESTIONS_PER_DAY, courseTaskTitle, courseTime, dayTime, fileTitle, isSlides, minutesPerPage, pageRanges, pagesIn, planCourseDay, planCourses, type CourseDayInput } from './course-plan.ts';

// Thursday 26 November 2026.
const TODAY = '2026-11-26';
const slides = (id: string, pages: number, read: number[] = []) => ({ id, pages, read, minutesPerPage: 0.5 });
const input = (over: Partial<CourseDayInput> = {}): CourseDayInput => ({
  today: TODAY,
  examDate: '2026-12-17',
  minutesPerDay: 30,
  studyDays: [1, 2, 3, 4, 5, 6, 7],
  minutesFree: 30,
  files: [slides('hc1', 40)],
  sets: [],
  spaced: true,
  ...over,
});

describe('pages and minutes', () => {
  it('reads slides at two a minute and dense pages at 200 words a minute', () => {
    // 40 slides of 30 words
    expect(minutesPerPage(40 * 30 * 6, 40)).toBe(0.5);
    expect(isSlides(40 * 30 * 6, 40)).toBe(true);
    // a reader page of 450 words: 2.25 minutes
    expect(minutesPerPage(450 * 6, 1)).toBeCloseTo(2.25);
    expect(isSlides(450 * 6, 1)).toBe(false);
    expect(minutesPerPage(0, 0)).toBe(0.5);
  });

  it('turns pages into ranges and back', () => {
    expect(pageRanges([7, 1, 2, 3, 3, 9, 8])).toEqual([
      [1, 3],
      [7, 9],
    ]);
    expect(pagesIn([[1, 3], [7, 7]])).toEqual([1, 2, 3, 7]);
    expect(pageRanges([])).toEqual([]);
  });

  it('takes her time from the Blok plan with the most minutes, else 30 minutes every day', () => {
    expect(dayTime([])).toEqual({ minutesPerDay: 30, studyDays: [1, 2, 3, 4, 5, 6, 7] });
    expect(
      dayTime([
        { minutesPerDay: 20, studyDays: [1, 2], updatedAt: '2026-11-02' },
        { minutesPerDay: 45, studyDays: [1, 3, 5], updatedAt: '2026-11-01' },
        { minutesPerDay: null, studyDays: [6], updatedAt: '2026-11-03' },
      ]),
    ).toEqual({ minutesPerDay: 45, studyDays: [1, 3, 5] });
    // a tie: the plan saved last
    expect(dayTime([{ minutesPerDay: null, studyDays: [2], updatedAt: '2026-11-01' }, { minutesPerDay: 30, studyDays: [4], updatedAt: '2026-11-05' }]).studyDays).toEqual([4]);
  });
});

describe('a course day', () => {
  it('spreads the pages left over the learning days and reads them in order', () => {
    // 21 days, 21 study days, 19 learning days; 40 + 60 slides = 50 minutes: 3 a day, at least 5
    const day = planCourseDay(input({ files: [slides('hc1', 40), slides('hc2', 60)] }));
    expect(day.phase).toBe('learn');
    expect(day.tasks).toEqual([{ kind: 'read-pages', fileId: 'hc1', ranges: [[1, 10]], pages: 10, minutes: 5 }]);
    expect(day.minutes).toBe(5);
    expect(day.minutesLeft).toBe(50);
    expect(day.tooShort).toBe(false);
  });

  it('skips pages she read, as ranges, and goes on into the next file', () => {
    const day = planCourseDay(input({ examDate: '2026-11-30', files: [slides('hc1', 12, [1, 2, 5, 6]), slides('hc2', 30)] }));
    // Monday: 4 study days, 2 learning days; (8 + 30 slides) / 2 = 10 minutes today, 20 slides
    expect(day.tasks).toEqual([
      { kind: 'read-pages', fileId: 'hc1', ranges: [[3, 4], [7, 12]], pages: 8, minutes: 4 },
      { kind: 'read-pages', fileId: 'hc2', ranges: [[1, 12]], pages: 12, minutes: 6 },
    ]);
    expect(day.minutes).toBe(10);
  });

  it('never plans more than the minutes free today, nor more than her minutes', () => {
    // Saturday: 2 study days, no learning day left; 50 minutes of slides against 2 × 20
    const tight = planCourseDay(input({ examDate: '2026-11-28', minutesPerDay: 20, minutesFree: 7, files: [slides('hc1', 100)] }));
    expect(tight.phase).toBe('review');
    expect(tight.tasks).toEqual([{ kind: 'read-pages', fileId: 'hc1', ranges: [[1, 14]], pages: 14, minutes: 7 }]);
    expect(tight.tooShort).toBe(true);
    const none = planCourseDay(input({ minutesFree: 0 }));
    expect(none.tasks).toEqual([]);
    const more = planCourseDay(input({ examDate: '2026-11-28', minutesPerDay: 20, minutesFree: 90, files: [slides('hc1', 100)] }));
    expect(more.minutes).toBe(20);
  });

  it('plans her cards due first, then reading in what is left', () => {
    const day = planCourseDay(input({ examDate: '2026-11-28', minutesFree: 10, sets: [{ setId: 's1', title: 'Begrippen', cards: 12 }, { setId: 's2', title: 'Leeg', cards: 0 }] }));
    expect(day.tasks[0]).toEqual({ kind: 'own-cards', setId: 's1', setTitle: 'Begrippen', cards: 12, spaced: true, minutes: 3 });
    expect(day.tasks[1]).toMatchObject({ kind: 'read-pages', pages: 14, minutes: 7 });
    expect(day.minutes).toBe(10);
  });

  it('plans her questions to practise after the cards and before the reading, at most 10 a day', () => {
    // 12 cards (3 minutes), 4 questions at 1.5 minutes (6), then the reading's 5 minutes
    const day = planCourseDay(input({ sets: [{ setId: 's1', title: 'Begrippen', cards: 12 }], questions: 4 }));
    expect(day.tasks.map((t) => t.kind)).toEqual(['own-cards', 'own-questions', 'read-pages']);
    expect(day.tasks[1]).toEqual({ kind: 'own-questions', questions: 4, minutes: 6 });
    expect(day.tasks[2]).toMatchObject({ pages: 10, minutes: 5 });
    // all her questions count in the work left: 40 slides (20) + 12 cards (3) + 4 questions (6)
    expect(day.minutesLeft).toBe(29);

    // 25 questions to practise: 10 today, 15 minutes
    const many = planCourseDay(input({ files: [], questions: 25 }));
    expect(many.tasks).toEqual([{ kind: 'own-questions', questions: COURSE_QUESTIONS_PER_DAY, minutes: 15 }]);
    expect(many.minutesLeft).toBe(38);
    // what fits of the minutes free: 7 minutes hold 4 questions, the reading gets the last minute
    const tight = planCourseDay(input({ minutesFree: 7, questions: 25 }));
    expect(tight.tasks).toEqual([
      { kind: 'own-questions', questions: 4, minutes: 6 },
      { kind: 'read-pages', fileId: 'hc1', ranges: [[1, 2]], pages: 2, minutes: 1 },
    ]);
    // none to practise (all right last time), or no minutes: no task
    expect(planCourseDay(input({ questions: 0 })).tasks.map((t) => t.kind)).toEqual(['read-pages']);
    expect(planCourseDay(input({ minutesFree: 1, files: [], questions: 5 })).tasks).toEqual([]);
    // not on a rest day
    expect(planCourseDay(input({ studyDays: [1], questions: 5 })).tasks).toEqual([]);
  });

  it('a dense page takes longer: fewer pages in the same minutes', () => {
    const day = planCourseDay(input({ examDate: '2026-11-28', files: [{ id: 'reader', pages: 200, read: [], minutesPerPage: 2.25 }] }));
    expect(day.tasks).toEqual([{ kind: 'read-pages', fileId: 'reader', ranges: [[1, 13]], pages: 13, minutes: 30 }]);
  });

  it('gives no tasks on a rest day, the exam day or after it; nothing left, nothing planned', () => {
    // Thursday is not a study day
    expect(planCourseDay(input({ studyDays: [1, 2] }))).toMatchObject({ phase: 'rest-day', tasks: [] });
    expect(planCourseDay(input({ examDate: TODAY }))).toMatchObject({ phase: 'exam-day', tasks: [] });
    expect(planCourseDay(input({ examDate: '2026-11-20' }))).toMatchObject({ phase: 'after-exam', tasks: [] });
    const read = planCourseDay(input({ files: [slides('hc1', 3, [1, 2, 3])] }));
    expect(read).toMatchObject({ phase: 'learn', tasks: [], minutesLeft: 0 });
  });
});

describe('her courses together', () => {
  it('share the minutes free, the nearest exam first', () => {
    const later = { ...input({ examDate: '2026-12-20', files: [slides('b', 100)] }), id: 'later' };
    const sooner = { ...input({ examDate: '2026-11-28', files: [slides('a', 100)] }), id: 'sooner' };
    const [a, b] = planCourses([later, sooner], 25);
    // the exam on Saturday takes what its last days ask (25 of the 25 free); the later one gets none
    expect(b!.minutes).toBe(25);
    expect(a!.tasks).toEqual([]);
    const [c, d] = planCourses([later, sooner], 40);
    expect(d!.minutes + c!.minutes).toBeLessThanOrEqual(40);
    expect(c!.minutes).toBeGreaterThan(0);
  });

  it('plans a course with minutes of its own within them, first, and the others share what is left', () => {
    const shared = { minutesPerDay: 30, studyDays: [1, 2, 3, 4, 5, 6, 7] };
    // no time of its own: her day's, as before
    expect(courseTime({ minutesPerDay: null, studyDays: null }, shared)).toEqual({ ...shared, own: false });
    // study days only: her day's minutes, shared, on its own days
    expect(courseTime({ minutesPerDay: null, studyDays: [1, 3] }, shared)).toEqual({ minutesPerDay: 30, studyDays: [1, 3], own: false });
    expect(courseTime({ minutesPerDay: 60, studyDays: [] }, shared)).toEqual({ ...shared, minutesPerDay: 60, own: true });

    // her day has 20 minutes free; the course with 45 minutes of its own (a reader of 200 pages, its exam in two weeks) takes more than the 20
    const own = { ...input({ examDate: '2026-12-10', minutesPerDay: 45, files: [{ id: 'reader', pages: 200, read: [], minutesPerPage: 2.25 }] }), id: 'own', ownTime: true };
    const other = { ...input({ examDate: '2026-11-28', files: [slides('a', 100)] }), id: 'other' };
    const [o, s] = planCourses([other, own], 20);
    expect(s!.minutes).toBeGreaterThan(20);
    expect(s!.minutes).toBeLessThanOrEqual(45);
    // what it took is not free for the other any more: 20 free, all taken
    expect(o!.tasks).toEqual([]);
    // without its own minutes the same course shares the 20 with the nearer exam, which comes first
    const [o2, s2] = planCourses([other, { ...own, minutesPerDay: 30, ownTime: false }], 20);
    expect(o2!.minutes).toBe(20);
    expect(s2!.tasks).toEqual([]);
  });
});

describe('titles', () => {
  it('says what to read, which cards and how many of her questions', () => {
    expect(courseTaskTitle({ kind: 'read-pages', fileId: 'f', ranges: [[12, 20], [22, 30]], pages: 18, minutes: 9 }, { course: 'Sociale psychologie', file: fileTitle('Hoorcollege 3.pdf'), slides: true })).toBe(
      'Lees dia 12–30 van Hoorcollege 3',
    );
    expect(courseTaskTitle({ kind: 'read-pages', fileId: 'f', ranges: [[4, 4]], pages: 1, minutes: 3 }, { course: 'X', file: 'Reader', slides: false })).toBe('Lees pagina 4 van Reader');
    expect(courseTaskTitle({ kind: 'read-pages', fileId: 'f', ranges: [[4, 9]], pages: 6, minutes: 12 }, { course: 'X', file: 'Reader' })).toBe("Lees pagina's 4–9 van Reader");
    expect(courseTaskTitle({ kind: 'own-cards', setId: 's', setTitle: 'Begrippen', cards: 12, spaced: true, minutes: 3 }, { course: 'Sociale psychologie' })).toBe('Herhaal 12 kaarten van Sociale psychologie');
    expect(courseTaskTitle({ kind: 'own-cards', setId: 's', setTitle: 'Begrippen', cards: 1, spaced: false, minutes: 1 }, { course: 'Statistiek', severalSets: true })).toBe('Leer 1 kaart van Statistiek (‘Begrippen’)');
    expect(courseTaskTitle({ kind: 'own-questions', questions: 6, minutes: 9 }, { course: 'Statistiek' })).toBe('Oefen 6 van je vragen');
  });
});
