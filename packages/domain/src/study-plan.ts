// Today's study plan for one subject (issue 27, decision 021). Pure and deterministic: the caller
// passes her local date (from a clock and her time zone) and where she stands; tests pin both.

/** Reading speed used to turn a chapter's words into minutes. */
export const WORDS_PER_MINUTE = 200;
/** Minutes one practice question takes, answering and reading its feedback. */
export const MINUTES_PER_QUESTION = 1.5;
/** Minutes one flashcard takes. */
export const MINUTES_PER_CARD = 0.25;
/** Minutes per day when she did not say. */
export const DEFAULT_MINUTES_PER_DAY = 30;
/** Study days when she did not say: every day (ISO weekdays, 1 Monday … 7 Sunday). */
export const ALL_DAYS = [1, 2, 3, 4, 5, 6, 7] as const;
/** A practice task asks at least this many questions (or all that are left). */
export const MIN_PRACTICE_QUESTIONS = 5;

/** Minutes to read a chapter of `wordCount` words (at least 1). */
export const readingMinutes = (wordCount: number) => Math.max(1, Math.ceil(wordCount / WORDS_PER_MINUTE));

/** ISO weekday (1 Monday … 7 Sunday) of a YYYY-MM-DD date. */
export function isoWeekday(date: string): number {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return ((new Date(Date.UTC(y, m - 1, d)).getUTCDay() + 6) % 7) + 1;
}

/** The YYYY-MM-DD date `days` after `date`. */
export function addDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  const ms = (s: string) => {
    const [y, m, d] = s.split('-').map(Number) as [number, number, number];
    return Date.UTC(y, m - 1, d);
  };
  return Math.round((ms(to) - ms(from)) / 86_400_000);
}

/** Her study days from `from` (inclusive) up to `until` (exclusive). */
export function studyDaysBetween(from: string, until: string, studyDays: readonly number[]): number {
  const total = daysBetween(from, until);
  if (total <= 0 || studyDays.length === 0) return 0;
  let count = 0;
  const first = isoWeekday(from);
  for (let i = 0; i < total; i++) if (studyDays.includes(((first - 1 + i) % 7) + 1)) count++;
  return count;
}

/** The last study days before the exam are kept for mixed review. */
export const REVIEW_DAYS = 2;

/** One chapter as the planner sees it. */
export interface PlanChapter {
  id: string;
  /** 1-based position in the subject */
  number: number;
  priority: number;
  wordCount: number;
  read: boolean;
  /** false: a Premium chapter she cannot open; it gets no task (no paywall behind a task) */
  readable?: boolean;
  questionCount: number;
  questionsCorrect: number;
  /** question list of the chapter, if any */
  questionListId: string | null;
  /** 0..100 */
  readiness: number;
  cardCount: number;
  cardsKnown: number;
}

export interface PlanInput {
  /** her local date, YYYY-MM-DD */
  today: string;
  /** YYYY-MM-DD or null: no deadline */
  examDate: string | null;
  minutesPerDay: number;
  studyDays: readonly number[];
  chapters: readonly PlanChapter[];
  /** cards due for review today (spaced repetition on), else null */
  cardsDue: number | null;
  /**
   * Her own flashcard sets in the subject, in her order, each with the cards to go through today:
   * with spaced repetition her cards due today, without it the cards she does not know yet
   * (decision 021). Sets with none are left out or count as nothing.
   */
  ownSets?: ReadonlyArray<{ setId: string; title: string; cards: number }>;
}

export type PlanTask =
  | { kind: 'read'; chapterId: string; chapterNumber: number; minutes: number }
  | { kind: 'practice'; chapterId: string; chapterNumber: number; questionListId: string; questions: number; minutes: number }
  | { kind: 'cards'; chapterId: string; chapterNumber: number; cards: number; minutes: number }
  | { kind: 'review'; cards: number; minutes: number }
  /** her own set: `spaced` reviews the cards due, otherwise learns the ones she does not know yet */
  | { kind: 'own-cards'; setId: string; setTitle: string; cards: number; spaced: boolean; minutes: number };

export type PlanPhase = 'no-exam' | 'learn' | 'review' | 'exam-day' | 'after-exam' | 'rest-day';

export interface DayPlan {
  phase: PlanPhase;
  tasks: PlanTask[];
  /** minutes of today's tasks */
  minutes: number;
  /** minutes of all work left (read, practise, learn the cards) */
  minutesLeft: number;
  /** study days from today up to the exam (null without a date) */
  studyDaysLeft: number | null;
  /** calendar days until the exam (null without a date) */
  daysUntilExam: number | null;
  /** the work left does not fit her minutes on the study days before the exam */
  tooShort: boolean;
}

interface Work {
  chapter: PlanChapter;
  read: number;
  practiceQuestions: number;
  cards: number;
}

/**
 * The work left she can do: a Premium chapter she cannot open (`readable: false`) is no work at
 * all, not its reading, its questions or its cards, so it neither gets a task nor inflates the share.
 */
function workOf(chapters: readonly PlanChapter[]): Work[] {
  return chapters.filter((c) => c.readable !== false).map((c) => ({
    chapter: c,
    read: c.read ? 0 : readingMinutes(c.wordCount),
    practiceQuestions: c.questionListId ? Math.max(0, c.questionCount - c.questionsCorrect) : 0,
    cards: Math.max(0, c.cardCount - c.cardsKnown),
  }));
}

const totalMinutes = (work: readonly Work[]) =>
  work.reduce((sum, w) => sum + w.read + w.practiceQuestions * MINUTES_PER_QUESTION + w.cards * MINUTES_PER_CARD, 0);

/** Weakest first: lowest readiness, then higher priority, then chapter order. */
const weakestFirst = (a: Work, b: Work) =>
  a.chapter.readiness - b.chapter.readiness || a.chapter.priority - b.chapter.priority || a.chapter.number - b.chapter.number;

/**
 * Today's plan. Due cards first; then, in learning days, the next unread chapter (in order) and
 * practice of the weakest chapter she read, alternating until today's share of the work is used:
 * the work left divided over the study days left before the review days, never more than her
 * minutes (a skipped day spreads over the days left, it does not pile onto tomorrow). The last study
 * days before the exam are mixed review: due cards and practice of the weakest chapters. Without an
 * exam date her minutes are today's share, and so they are for a free student with Premium chapters
 * she cannot open (her work is too small a part of the subject to spread). When reading and drills
 * run out before the share does (a free student: one free chapter per summary), the day is filled
 * with practice and cards of the chapters she reads today, so a chapter read is practised the same
 * day. `tooShort` says the work left exceeds her minutes on the days left.
 */
export function planDay(input: PlanInput): DayPlan {
  const minutesPerDay = Math.max(5, input.minutesPerDay);
  const work = workOf(input.chapters);
  const minutesLeft = Math.ceil(totalMinutes(work));
  const daysUntilExam = input.examDate ? daysBetween(input.today, input.examDate) : null;
  const base = { minutesLeft, daysUntilExam };
  if (daysUntilExam !== null && daysUntilExam < 0) return { ...base, phase: 'after-exam', tasks: [], minutes: 0, studyDaysLeft: 0, tooShort: false };
  if (daysUntilExam === 0) return { ...base, phase: 'exam-day', tasks: [], minutes: 0, studyDaysLeft: 0, tooShort: false };
  const studyDaysLeft = input.examDate ? studyDaysBetween(input.today, input.examDate, input.studyDays) : null;
  const isStudyDay = input.studyDays.includes(isoWeekday(input.today));
  const learningDays = studyDaysLeft === null ? null : studyDaysLeft - REVIEW_DAYS;
  // Too short: the work left does not fit her minutes on the learning days; in the last days (the
  // review phase, the exam tomorrow) on the study days left, today included: work that fits today
  // is not too much for the time left (a free student's one chapter, issue 39).
  const daysForWork = learningDays === null ? null : learningDays > 0 ? learningDays : (studyDaysLeft ?? 0);
  const tooShort = daysForWork !== null && minutesLeft > daysForWork * minutesPerDay;
  if (!isStudyDay) return { ...base, phase: 'rest-day', tasks: [], minutes: 0, studyDaysLeft, tooShort };

  const tasks: PlanTask[] = [];
  let budget = minutesPerDay;
  if (input.cardsDue && input.cardsDue > 0) {
    const cards = Math.min(input.cardsDue, Math.max(1, Math.floor(budget / MINUTES_PER_CARD)));
    const minutes = Math.ceil(cards * MINUTES_PER_CARD);
    tasks.push({ kind: 'review', cards, minutes });
    budget -= minutes;
  }
  // Her own sets after the due cards, as they are (decision 021): what is due or unknown in them is
  // hers to size, so it is not spread over the days; a set gets what fits of today's minutes.
  for (const set of input.ownSets ?? []) {
    if (set.cards <= 0 || budget <= 0) continue;
    const cards = Math.min(set.cards, Math.max(1, Math.floor(budget / MINUTES_PER_CARD)));
    const minutes = Math.ceil(cards * MINUTES_PER_CARD);
    tasks.push({ kind: 'own-cards', setId: set.setId, setTitle: set.title, cards, spaced: input.cardsDue !== null, minutes });
    budget -= minutes;
  }

  const reviewPhase = learningDays !== null && learningDays <= 0;
  // Chapters she cannot open (no Premium): what she can do is a small part of the subject, so it is
  // not spread thin over the weeks to the exam (one 5-minute task a day): her minutes are today's
  // share, and what she gets wrong or does not know yet comes back on the days after.
  const hasLocked = input.chapters.some((c) => c.readable === false);
  if (!reviewPhase && !hasLocked) {
    // Today's share of the work: spread over the learning days, never more than her minutes.
    const share = learningDays === null ? minutesPerDay : Math.min(minutesPerDay, Math.ceil(minutesLeft / learningDays));
    budget = Math.min(budget, share - (minutesPerDay - budget));
  }

  const practice = (w: Work, room: number): PlanTask | null => {
    if (w.practiceQuestions === 0 || !w.chapter.questionListId) return null;
    const fits = Math.floor(room / MINUTES_PER_QUESTION);
    const questions = Math.min(w.practiceQuestions, Math.max(fits, MIN_PRACTICE_QUESTIONS));
    return { kind: 'practice', chapterId: w.chapter.id, chapterNumber: w.chapter.number, questionListId: w.chapter.questionListId, questions, minutes: Math.ceil(questions * MINUTES_PER_QUESTION) };
  };
  const cardsTask = (w: Work, room: number): PlanTask | null => {
    if (w.cards === 0) return null;
    const cards = Math.min(w.cards, Math.max(Math.floor(room / MINUTES_PER_CARD), 10));
    return { kind: 'cards', chapterId: w.chapter.id, chapterNumber: w.chapter.number, cards, minutes: Math.ceil(cards * MINUTES_PER_CARD) };
  };

  const unread = work.filter((w) => w.read > 0).sort((a, b) => a.chapter.number - b.chapter.number);
  // Practice (and, without spaced repetition, cards) of chapters she read, weakest first; in the
  // review phase of every chapter.
  const drills: Array<(room: number) => PlanTask | null> = work
    .filter((w) => reviewPhase || w.chapter.read)
    .sort(weakestFirst)
    .flatMap((w) => [(room: number) => practice(w, room), ...(input.cardsDue === null ? [(room: number) => cardsTask(w, room)] : [])]);
  // Chapters whose reading is among today's tasks: once nothing else is left to read or drill, the
  // day is filled with their practice and cards (cards too with spaced repetition on: a card she
  // never learnt is not due yet, so the review of due cards would not bring it).
  const readToday: Work[] = [];
  let filled = false;
  let r = 0;
  let d = 0;
  let learning = 0;
  while (budget > 0) {
    if (r >= unread.length && d >= drills.length) {
      if (filled || reviewPhase) break;
      filled = true;
      drills.push(...readToday.flatMap((w) => [(room: number) => practice(w, room), (room: number) => cardsTask(w, room)]));
      continue;
    }
    // Alternate: read the next chapter, then practise the weakest one (review days: practice first).
    const readTurn = r < unread.length && ((!reviewPhase && learning % 2 === 0) || d >= drills.length);
    let task: PlanTask | null;
    if (readTurn) {
      const w = unread[r++]!;
      task = { kind: 'read', chapterId: w.chapter.id, chapterNumber: w.chapter.number, minutes: w.read };
    } else {
      task = drills[d++]!(budget);
    }
    // A task is done whole: it goes in when it fits, or as the day's first learning task.
    if (!task || (task.minutes > budget && learning > 0)) {
      // Chapters are read in order: one that does not fit today waits for the next day.
      if (readTurn) r = unread.length;
      continue;
    }
    tasks.push(task);
    if (task.kind === 'read') readToday.push(unread[r - 1]!);
    learning++;
    budget -= task.minutes;
  }
  const minutes = tasks.reduce((sum, t) => sum + t.minutes, 0);
  return { ...base, phase: input.examDate ? (reviewPhase ? 'review' : 'learn') : 'no-exam', tasks, minutes, studyDaysLeft, tooShort };
}

/** The Dutch title of a task, as Home and the reminder say it. */
export function taskTitle(task: PlanTask): string {
  switch (task.kind) {
    case 'read':
      return `Lees hoofdstuk ${task.chapterNumber}`;
    case 'practice':
      return `Oefen ${task.questions} ${task.questions === 1 ? 'vraag' : 'vragen'} van hoofdstuk ${task.chapterNumber}`;
    case 'cards':
      return `Leer ${task.cards} ${task.cards === 1 ? 'kaart' : 'kaarten'} van hoofdstuk ${task.chapterNumber}`;
    case 'review':
      return `Herhaal ${task.cards} ${task.cards === 1 ? 'kaart' : 'kaarten'}`;
    case 'own-cards':
      return `${task.spaced ? 'Herhaal' : 'Leer'} ${task.cards} ${task.cards === 1 ? 'kaart' : 'kaarten'} van je set ‘${task.setTitle}’`;
  }
}
