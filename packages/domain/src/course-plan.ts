// Today's plan for her own courses (issue 41, decision 039's addendum): pages of her PDFs to read, her
// cards due in the course's sets and her own questions to practise, beside Blok's subjects and within
// her minutes per day. Pure and
// deterministic, like study-plan.ts: the caller passes her local date, her time and what she read.

import { ALL_DAYS, DEFAULT_MINUTES_PER_DAY, MINUTES_PER_CARD, MINUTES_PER_QUESTION, REVIEW_DAYS, WORDS_PER_MINUTE, daysBetween, isoWeekday, studyDaysBetween, type PlanPhase } from './study-plan.ts';

/** A page counts as read once it was in view this long, drawn on her screen, while the tab was visible. */
export const PAGE_READ_SECONDS = 4;
/** Share of the page (or of the view, for a page taller than the view) that must be visible for it to be "in view". */
export const PAGE_IN_VIEW_SHARE = 0.5;
/** Studying a page takes at least this long, however few its words (a slide: half a minute, 2 pages a minute). */
export const MIN_MINUTES_PER_PAGE = 0.5;
/** Characters per word of Dutch text, its space included: words from a page's text length. */
export const CHARS_PER_WORD = 6;
/** A file whose pages hold fewer words than this on average is slides ("dia"), else pages ("pagina"). */
export const SLIDE_WORDS = 120;
/** A reading task asks at least this many minutes (or the pages that are left). */
export const MIN_READING_MINUTES = 5;
/** Her own questions a course's day asks at most: 15 minutes at Blok's 1,5 a question, so the reading keeps room. */
export const COURSE_QUESTIONS_PER_DAY = 10;

/**
 * Minutes to study one page of a file, from its text: its words at the reading speed of Blok's
 * chapters (200 a minute), at least half a minute (slides with a few words, a picture).
 */
export function minutesPerPage(textChars: number, pages: number): number {
  if (pages <= 0) return MIN_MINUTES_PER_PAGE;
  return Math.max(MIN_MINUTES_PER_PAGE, textChars / CHARS_PER_WORD / pages / WORDS_PER_MINUTE);
}

/** Whether a file's pages read as slides ("dia") rather than pages of text. */
export const isSlides = (textChars: number, pages: number) => pages > 0 && textChars / CHARS_PER_WORD / pages < SLIDE_WORDS;

/** Sorted pages as ranges of consecutive pages: [1, 2, 3, 7] → [[1, 3], [7, 7]]. */
export function pageRanges(pages: readonly number[]): Array<[number, number]> {
  const sorted = [...new Set(pages)].sort((a, b) => a - b);
  const out: Array<[number, number]> = [];
  for (const p of sorted) {
    const last = out[out.length - 1];
    if (last && p === last[1] + 1) last[1] = p;
    else out.push([p, p]);
  }
  return out;
}

/** Pages within ranges. */
export const pagesIn = (ranges: ReadonlyArray<readonly [number, number]>) => ranges.flatMap(([a, b]) => Array.from({ length: b - a + 1 }, (_, i) => a + i));

/** Her time for her own courses: the minutes and study days she gave a Blok exam plan (the one with the most minutes), else 30 minutes every day. */
export interface DayTime {
  minutesPerDay: number;
  studyDays: number[];
}

/**
 * Her minutes per day and study days for the day as a whole: of her Blok exam plans the one with
 * the most minutes (a plan without minutes counts as the default 30; a tie: the one saved last).
 * Without a plan: 30 minutes, every day. A course without time of its own shares it (courseTime).
 */
export function dayTime(plans: ReadonlyArray<{ minutesPerDay: number | null; studyDays: readonly number[]; updatedAt: string }>): DayTime {
  const best = [...plans].sort((a, b) => (b.minutesPerDay ?? DEFAULT_MINUTES_PER_DAY) - (a.minutesPerDay ?? DEFAULT_MINUTES_PER_DAY) || b.updatedAt.localeCompare(a.updatedAt))[0];
  if (!best) return { minutesPerDay: DEFAULT_MINUTES_PER_DAY, studyDays: [...ALL_DAYS] };
  return { minutesPerDay: best.minutesPerDay ?? DEFAULT_MINUTES_PER_DAY, studyDays: best.studyDays.length > 0 ? [...best.studyDays] : [...ALL_DAYS] };
}

/** A course's own time on its exam plan (issue 41): minutes per day and study days, each null when she gave none. */
export interface CourseOwnTime {
  minutesPerDay: number | null;
  studyDays: readonly number[] | null;
}

/**
 * The time a course is planned in. With minutes of its own (set on the course's exam plan) it is
 * planned within them, as a Blok subject within its plan's minutes (`own`); its study days are its
 * own, else her day's. Without: her day's minutes and study days, shared with her other courses
 * (what Blok's subjects leave), on its own study days if she chose some.
 */
export function courseTime(course: CourseOwnTime, shared: DayTime): DayTime & { own: boolean } {
  const studyDays = course.studyDays && course.studyDays.length > 0 ? [...course.studyDays] : [...shared.studyDays];
  if (course.minutesPerDay !== null) return { minutesPerDay: course.minutesPerDay, studyDays, own: true };
  return { minutesPerDay: shared.minutesPerDay, studyDays, own: false };
}

/** One PDF of the course as the planner sees it, in reading order. */
export interface CourseFileInput {
  id: string;
  /** its pages, 1..pages */
  pages: number;
  /** the pages she read */
  read: readonly number[];
  /** minutesPerPage() of its text */
  minutesPerPage: number;
}

export interface CourseDayInput {
  /** her local date, YYYY-MM-DD */
  today: string;
  /** the course's exam date, YYYY-MM-DD */
  examDate: string;
  /** her minutes per day and study days (dayTime) */
  minutesPerDay: number;
  studyDays: readonly number[];
  /** what is left of her minutes today for this course (what Blok's subjects and her other courses did not take) */
  minutesFree: number;
  files: readonly CourseFileInput[];
  /** her card sets in the course, in her order, each with its cards due today (or, without spaced repetition, not known yet) */
  sets: ReadonlyArray<{ setId: string; title: string; cards: number }>;
  /** spaced repetition on: the sets' cards are due cards ("Herhaal"), else cards she does not know yet ("Leer") */
  spaced: boolean;
  /** her own questions in the course to practise: not answered yet, or not right at her latest answer (none: 0) */
  questions?: number;
}

export type CourseTask =
  /** pages of one file, as ranges of pages she had not read when the day was planned */
  | { kind: 'read-pages'; fileId: string; ranges: Array<[number, number]>; pages: number; minutes: number }
  | { kind: 'own-cards'; setId: string; setTitle: string; cards: number; spaced: boolean; minutes: number }
  /** her own questions of the course to practise, at most COURSE_QUESTIONS_PER_DAY */
  | { kind: 'own-questions'; questions: number; minutes: number };

export interface CourseDay {
  phase: PlanPhase;
  tasks: CourseTask[];
  /** minutes of today's tasks */
  minutes: number;
  /** minutes of the work left: pages not read, the cards of today and her questions to practise */
  minutesLeft: number;
  studyDaysLeft: number;
  daysUntilExam: number;
  /** the pages left do not fit her minutes on the study days before the exam */
  tooShort: boolean;
}

const unreadOf = (f: CourseFileInput) => {
  const read = new Set(f.read);
  const out: number[] = [];
  for (let p = 1; p <= f.pages; p++) if (!read.has(p)) out.push(p);
  return out;
};

/**
 * Today's plan for one course with an exam date. Her cards due in the course's sets first (due is
 * due); then her own questions to practise (not answered yet, or wrong or partly right last time),
 * at most 10 and what fits of the minutes free, at Blok's 1,5 minutes a question; then pages she has not read, in reading order (files in the order given, pages in
 * order), as ranges per file: today's share of the reading left spread over the learning days before
 * the last two study days (then whatever is left), at least 5 minutes, never more than the minutes
 * free today. A page's minutes come from its file's words (minutesPerPage). Before and on the exam
 * day and after it, as Blok's plan: no tasks on a rest day, the exam day or after.
 */
export function planCourseDay(input: CourseDayInput): CourseDay {
  const minutesPerDay = Math.max(5, input.minutesPerDay);
  const files = input.files.map((f) => ({ file: f, unread: unreadOf(f) }));
  const readingLeft = files.reduce((sum, f) => sum + f.unread.length * f.file.minutesPerPage, 0);
  const cardsToday = input.sets.reduce((sum, s) => sum + Math.max(0, s.cards), 0);
  const questionsLeft = Math.max(0, input.questions ?? 0);
  const minutesLeft = Math.ceil(readingLeft + cardsToday * MINUTES_PER_CARD + questionsLeft * MINUTES_PER_QUESTION);
  const daysUntilExam = daysBetween(input.today, input.examDate);
  const base = { minutesLeft, daysUntilExam };
  if (daysUntilExam < 0) return { ...base, phase: 'after-exam', tasks: [], minutes: 0, studyDaysLeft: 0, tooShort: false };
  if (daysUntilExam === 0) return { ...base, phase: 'exam-day', tasks: [], minutes: 0, studyDaysLeft: 0, tooShort: false };
  const studyDaysLeft = studyDaysBetween(input.today, input.examDate, input.studyDays);
  const learningDays = studyDaysLeft - REVIEW_DAYS;
  const daysForWork = learningDays > 0 ? learningDays : studyDaysLeft;
  const tooShort = Math.ceil(readingLeft) > daysForWork * minutesPerDay;
  const phase: PlanPhase = learningDays > 0 ? 'learn' : 'review';
  if (!input.studyDays.includes(isoWeekday(input.today))) return { ...base, phase: 'rest-day', tasks: [], minutes: 0, studyDaysLeft, tooShort };

  const tasks: CourseTask[] = [];
  let budget = Math.max(0, Math.min(Math.floor(input.minutesFree), minutesPerDay));
  for (const set of input.sets) {
    if (set.cards <= 0 || budget < MINUTES_PER_CARD) continue;
    const cards = Math.min(set.cards, Math.floor(budget / MINUTES_PER_CARD));
    const minutes = Math.ceil(cards * MINUTES_PER_CARD);
    tasks.push({ kind: 'own-cards', setId: set.setId, setTitle: set.title, cards, spaced: input.spaced, minutes });
    budget -= minutes;
  }

  // Her questions after the cards and before the reading: what she got wrong comes back first.
  const questions = Math.min(questionsLeft, COURSE_QUESTIONS_PER_DAY, Math.floor(budget / MINUTES_PER_QUESTION));
  if (questions > 0) {
    const minutes = Math.ceil(questions * MINUTES_PER_QUESTION);
    tasks.push({ kind: 'own-questions', questions, minutes });
    budget -= minutes;
  }

  // Today's share of the reading: spread over the learning days, the rest in the last days.
  const share = learningDays > 0 ? Math.ceil(readingLeft / learningDays) : Math.ceil(readingLeft);
  let reading = Math.min(budget, Math.max(share, MIN_READING_MINUTES));
  for (const { file, unread } of files) {
    if (unread.length === 0) continue;
    const pages = Math.min(unread.length, Math.floor(reading / file.minutesPerPage));
    if (pages <= 0) break;
    const minutes = Math.ceil(pages * file.minutesPerPage);
    tasks.push({ kind: 'read-pages', fileId: file.id, ranges: pageRanges(unread.slice(0, pages)), pages, minutes });
    reading -= minutes;
    if (pages < unread.length) break;
  }
  const minutes = tasks.reduce((sum, t) => sum + t.minutes, 0);
  return { ...base, phase, tasks, minutes, studyDaysLeft, tooShort };
}

/**
 * Her courses in what is free of her minutes today. A course with minutes of its own (`ownTime`) is
 * planned first within them, as a Blok subject is, and what it takes is no longer free; the others
 * share what is left, the nearest exam first, each taking what its day asks, the next one what is
 * left. `courses` in any order; answered in the same order.
 */
export function planCourses<T extends Omit<CourseDayInput, 'minutesFree'> & { id: string; ownTime?: boolean }>(courses: readonly T[], minutesFree: number): CourseDay[] {
  const order = courses
    .map((c, i) => ({ c, i }))
    .sort((a, b) => Number(Boolean(b.c.ownTime)) - Number(Boolean(a.c.ownTime)) || a.c.examDate.localeCompare(b.c.examDate) || a.c.id.localeCompare(b.c.id));
  const out: CourseDay[] = new Array(courses.length);
  let free = Math.max(0, minutesFree);
  for (const { c, i } of order) {
    const day = planCourseDay({ ...c, minutesFree: c.ownTime ? c.minutesPerDay : free });
    free = Math.max(0, free - day.minutes);
    out[i] = day;
  }
  return out;
}

/** The Dutch title of a course's task: "Lees dia 12–30 van Hoorcollege 3", "Herhaal 12 kaarten van Sociale psychologie", "Oefen 6 van je vragen". */
export function courseTaskTitle(task: CourseTask, names: { course: string; file?: string; slides?: boolean; severalSets?: boolean }): string {
  switch (task.kind) {
    case 'read-pages': {
      const first = task.ranges[0]?.[0] ?? 1;
      const last = task.ranges[task.ranges.length - 1]?.[1] ?? first;
      const word = names.slides ? 'dia' : first === last ? 'pagina' : "pagina's";
      return `Lees ${word} ${first === last ? first : `${first}–${last}`} van ${names.file ?? 'je pdf'}`;
    }
    case 'own-cards': {
      const cards = `${task.cards} ${task.cards === 1 ? 'kaart' : 'kaarten'}`;
      return `${task.spaced ? 'Herhaal' : 'Leer'} ${cards} van ${names.course}${names.severalSets ? ` (‘${task.setTitle}’)` : ''}`;
    }
    case 'own-questions':
      return `Oefen ${task.questions} van je vragen`;
  }
}

/** Display name of a file: without its `.pdf`. */
export const fileTitle = (name: string) => name.replace(/\.pdf$/i, '');
