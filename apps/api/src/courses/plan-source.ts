import type { PlanTask, SubjectDayPlan } from '@blok/contract';
import { courseTaskTitle, courseTime, fileTitle, isSlides, minutesPerPage, pagesIn, planCourses, type CourseDay, type CourseFileInput } from '@blok/domain/course-plan';
import type { UnitOfWork } from '../write/unit-of-work.ts';
import type { CourseDayTime, PlanCoursesSource, PlanDayStore } from '../plan/service.ts';
import { CoursesRepository, type CourseFileRow, type CourseRow } from './repository.ts';
import { daysOfText } from './service.ts';

/** Where she stands in a course of hers (the standing's CourseStandingService): Vandaag shows it beside the course as beside a Blok subject. */
export interface CourseReadinessSource {
  standingOf(userId: string, courseId: string): Promise<{ readiness: number | null; expectedGrade: { grade: number; low: number; high: number } | null } | null>;
}

/** What the plan of her courses needs of her own cards (the own-cards service; absent with flashcards off). */
export interface CourseCardsSource {
  /** her sets in a course, in her order, each with its cards due by `dueUntil` (spaced repetition) or, with null, not known yet */
  courseSetsToStudy(userId: string, courseId: string, dueUntil: Date | null): Promise<Array<{ id: string; title: string; cards: number }>>;
  /** per set of hers: the different cards she answered in it since an instant */
  answeredSince(userId: string, setIds: string[], since: Date): Promise<Map<string, number>>;
}

/** What the plan of her courses needs of her own questions (the course-questions feature's `courseQuestionsPlan`). */
export interface CourseQuestionsSource {
  /** per course among `courseIds` with questions of hers: how many, and how many to practise (not answered yet, or wrong or partly right last time) */
  questionsOf(userId: string, courseIds: string[]): Promise<Map<string, { questions: number; toPractise: number }>>;
  /** per course among `courseIds`: her questions whose latest answer is at or after `since` */
  answeredSince(userId: string, courseIds: string[], since: Date): Promise<Map<string, number>>;
}

/** A course's day as kept in the plan's day store: the plan, what it was made from, and how each file's pages are called. */
interface StoredCourseDay {
  /** the exam date, files, sets and number of her questions it was planned with: another one (a new PDF, a new date, a question added) plans the day again */
  made: string;
  day: CourseDay;
  /** per file: slides ("dia") or pages */
  slides: Record<string, boolean>;
}

/** Files in reading order: by name as a person sorts them ("Hoorcollege 2" before "Hoorcollege 10"), then as uploaded. */
const readingOrder = (a: CourseFileRow, b: CourseFileRow) => a.name.localeCompare(b.name, 'nl', { numeric: true, sensitivity: 'base' }) || a.created_at.localeCompare(b.created_at) || a.id.localeCompare(b.id);

const none = { chapterId: null, chapterNumber: null, summaryId: null, questionListId: null, flashcardSetId: null, ownSetId: null };

/**
 * Her own courses in today's plan (issue 41, decision 039's addendum): the courses feature gathers
 * what a course's day is made of (its exam date, her PDFs with the pages she read and the minutes a
 * page takes, her cards due in its sets, her own questions to practise) and @blok/domain/course-plan plans it. The plan service asks
 * through PlanCoursesSource and keeps each course's day in its day store, so the tasks tick off
 * through the day instead of moving on; a day is planned again when its course changed (exam date,
 * files, sets, questions). Only her courses, read by her id.
 */
export class CoursesPlanSource implements PlanCoursesSource {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly cards: CourseCardsSource | null,
    private readonly questions: CourseQuestionsSource | null,
    private readonly standing: CourseReadinessSource | null = null,
  ) {}

  async days(userId: string, time: CourseDayTime, store: PlanDayStore): Promise<SubjectDayPlan[]> {
    const repo = new CoursesRepository(this.uow.executor);
    const courses = await repo.coursesWithExam(userId, time.date);
    if (courses.length === 0) return [];
    const allFiles = await repo.filesOfCourses(courses.map((c) => c.id));
    const filesOf = new Map<string, CourseFileRow[]>();
    for (const f of [...allFiles].sort(readingOrder)) filesOf.set(f.course_id, [...(filesOf.get(f.course_id) ?? []), f]);
    const [read, sets, questions] = await Promise.all([
      repo.pagesReadOf(allFiles.map((f) => f.id)),
      Promise.all(courses.map((c) => (this.cards ? this.cards.courseSetsToStudy(userId, c.id, time.spacedRepetition ? time.dayEnd : null) : Promise.resolve([])))),
      this.questions ? this.questions.questionsOf(userId, courses.map((c) => c.id)) : Promise.resolve(new Map<string, { questions: number; toPractise: number }>()),
    ]);
    const setsOf = new Map(courses.map((c, i) => [c.id, sets[i]!]));
    // a course's own minutes and study days on its exam plan, else her day's (shared)
    const timeOf = new Map(courses.map((c) => [c.id, courseTime({ minutesPerDay: c.minutes_per_day, studyDays: daysOfText(c.study_days) }, time)]));
    // a course without material (a PDF, a card set, a question of hers) has nothing to plan
    const planned = courses.filter((c) => (filesOf.get(c.id)?.length ?? 0) > 0 || (setsOf.get(c.id)?.length ?? 0) > 0 || (questions.get(c.id)?.questions ?? 0) > 0);
    // answering a question leaves the day as it is; adding or deleting one plans it again
    const madeOf = (c: CourseRow) =>
      JSON.stringify({
        exam: c.exam_date,
        files: (filesOf.get(c.id) ?? []).map((f) => f.id),
        sets: (setsOf.get(c.id) ?? []).map((s) => s.id),
        questions: questions.get(c.id)?.questions ?? 0,
        time: [time.minutesPerDay, time.studyDays, c.minutes_per_day, c.study_days],
      });

    // Days planned earlier today stand; the others share what they leave of her minutes.
    const days = new Map<string, StoredCourseDay>();
    for (const c of planned) {
      const stored = await store.find(c.id);
      const parsed = stored ? (JSON.parse(stored) as StoredCourseDay) : null;
      if (parsed && parsed.made === madeOf(c)) days.set(c.id, parsed);
    }
    const fresh = planned.filter((c) => !days.has(c.id));
    if (fresh.length > 0) {
      const lengths = await repo.textLengths(fresh.flatMap((c) => (filesOf.get(c.id) ?? []).map((f) => f.id)));
      const free = time.minutesFree - [...days.values()].reduce((n, d) => n + d.day.minutes, 0);
      const inputs = fresh.map((c) => ({
        id: c.id,
        today: time.date,
        examDate: c.exam_date!,
        minutesPerDay: timeOf.get(c.id)!.minutesPerDay,
        studyDays: timeOf.get(c.id)!.studyDays,
        ownTime: timeOf.get(c.id)!.own,
        files: (filesOf.get(c.id) ?? []).map((f): CourseFileInput => ({ id: f.id, pages: f.pages, read: read.get(f.id) ?? [], minutesPerPage: minutesPerPage(lengths.get(f.id) ?? 0, f.pages) })),
        sets: (setsOf.get(c.id) ?? []).map((s) => ({ setId: s.id, title: s.title, cards: s.cards })),
        spaced: time.spacedRepetition,
        questions: questions.get(c.id)?.toPractise ?? 0,
      }));
      const made = planCourses(inputs, free);
      for (const [i, c] of fresh.entries()) {
        const slides = Object.fromEntries((filesOf.get(c.id) ?? []).map((f) => [f.id, isSlides(lengths.get(f.id) ?? 0, f.pages)]));
        const entry: StoredCourseDay = { made: madeOf(c), day: made[i]!, slides };
        await store.save(c.id, JSON.stringify(entry));
        days.set(c.id, entry);
      }
    }

    // Ticked off by what she did: the pages read, the cards answered in her set today, her questions answered today.
    const ownSetIds = [...days.values()].flatMap((d) => d.day.tasks.flatMap((t) => (t.kind === 'own-cards' ? [t.setId] : [])));
    const answered = this.cards && ownSetIds.length > 0 ? await this.cards.answeredSince(userId, ownSetIds, time.dayStart) : new Map<string, number>();
    const practising = planned.filter((c) => days.get(c.id)!.day.tasks.some((t) => t.kind === 'own-questions')).map((c) => c.id);
    const answeredQuestions = this.questions && practising.length > 0 ? await this.questions.answeredSince(userId, practising, time.dayStart) : new Map<string, number>();
    // where she stands in each, as Vandaag shows it for Blok's subjects (decision 049)
    const standings = new Map(await Promise.all(planned.map(async (c) => [c.id, this.standing ? await this.standing.standingOf(userId, c.id) : null] as const)));
    return planned.map((c) => {
      const { day, slides } = days.get(c.id)!;
      const files = new Map((filesOf.get(c.id) ?? []).map((f) => [f.id, f]));
      const left = new Map((setsOf.get(c.id) ?? []).map((s) => [s.id, s.cards]));
      const severalSets = day.tasks.filter((t) => t.kind === 'own-cards').length > 1;
      const tasks = day.tasks.flatMap((t): PlanTask[] => {
        const title = courseTaskTitle(t, { course: c.name, file: t.kind === 'read-pages' ? fileTitle(files.get(t.fileId)?.name ?? '') : undefined, slides: t.kind === 'read-pages' ? slides[t.fileId] : undefined, severalSets });
        if (t.kind === 'read-pages') {
          // a file she deleted since is no task
          if (!files.has(t.fileId)) return [];
          const done = new Set(read.get(t.fileId) ?? []);
          const pages = pagesIn(t.ranges);
          const progress = Math.min(t.pages, pages.filter((p) => done.has(p)).length);
          const page = pages.find((p) => !done.has(p)) ?? pages[0] ?? 1;
          return [{ ...none, id: `read-pages:${t.fileId}`, kind: 'read-pages', title, minutes: t.minutes, courseId: c.id, fileId: t.fileId, page, progress, target: t.pages, done: progress >= t.pages }];
        }
        if (t.kind === 'own-questions') {
          // her questions, in the course's practice; deleted since: no task
          const hers = questions.get(c.id);
          if (!hers) return [];
          // nothing left to practise (she deleted the ones not right) is done too
          const progress = hers.toPractise === 0 ? t.questions : Math.min(t.questions, answeredQuestions.get(c.id) ?? 0);
          return [{ ...none, id: `own-questions:${c.id}`, kind: 'own-questions', title, minutes: t.minutes, courseId: c.id, progress, target: t.questions, done: progress >= t.questions }];
        }
        if (!left.has(t.setId)) return [];
        // nothing left due (or unknown) in her set is done too
        const progress = (left.get(t.setId) ?? 0) === 0 ? t.cards : Math.min(t.cards, answered.get(t.setId) ?? 0);
        return [{ ...none, id: `own-cards:${t.setId}`, kind: 'own-cards', title, minutes: t.minutes, ownSetId: t.setId, courseId: c.id, progress, target: t.cards, done: progress >= t.cards }];
      });
      return {
        subjectId: c.id,
        courseId: c.id,
        subjectTitle: c.name,
        examDate: c.exam_date,
        daysUntilExam: day.daysUntilExam,
        studyDaysLeft: day.studyDaysLeft,
        phase: day.phase,
        minutesPerDay: timeOf.get(c.id)!.minutesPerDay,
        minutes: day.minutes,
        minutesLeft: day.minutesLeft,
        tooShort: day.tooShort,
        readiness: standings.get(c.id)?.readiness ?? null,
        expectedGrade: standings.get(c.id)?.expectedGrade ?? null,
        tasks,
        done: tasks.every((t) => t.done),
      };
    });
  }
}
