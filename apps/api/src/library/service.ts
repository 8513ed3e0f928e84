import { createHash } from 'node:crypto';
import {
  CHAPTER_READ_THRESHOLD,
  type ChapterContent,
  type ChapterPriority,
  type HomeBanner,
  type HomeContinue,
  type Library,
  type LibrarySubject,
  type LibrarySuggestion,
  type LibrarySuggestions,
  type SavedReadingProgress,
  type SubjectDetail,
  type SubjectSearchResult,
  type SummaryChapter,
  type SummaryDetail,
} from '@blok/contract';
import { earlierYears, relatedStudies } from '@blok/content/related';
import { AppError } from '../errors.ts';
import { SUBSCRIPTION_URL } from '../user/service.ts';
import { plainText } from '@blok/domain/markup';
import { LibraryRepository, type ChapterRow } from './repository.ts';
import type { UnitOfWork } from '../write/unit-of-work.ts';
import { gradeFromScore } from '@blok/domain/grade';

/** What the library shows of the student's practice (the questions feature provides it). */
export interface PracticeSource {
  /** per question list: progress 0..100, score 0..100 (percentage of points) or null, latest open session */
  listProgress(userId: string, listIds: string[]): Promise<Map<string, { progress: number; score: number | null; sessionId: string | null }>>;
  openSessions(
    userId: string,
    limit: number,
  ): Promise<Array<{ sessionId: string; subjectId: string; subjectTitle: string; questionListId: string | null; title: string; progress: number; currentIndex: number; questionsCount: number; updatedAt: string }>>;
  /** per subject: how many question lists it has (the questions feature's catalogue, decision 020) */
  listCounts(subjectIds: string[]): Promise<Map<string, number>>;
  /** a subject's question lists in their order, each with its number of questions */
  listsOfSubject(subjectId: string): Promise<Array<{ id: string; title: string; description: string; sort_index: number; chapter_id: string | null; total_questions: number }>>;
}


/** The signed-in student, as far as the library needs her. */
export interface Reader {
  id: string;
  study: string;
  year: string;
  hasSubscription: boolean;
  firstName: string;
}


/** Words per minute of attentive study reading, for the reading-time estimate. */
const WORDS_PER_MINUTE = 200;

const IMAGE_NAME = /^[a-z0-9-]+\.(svg|png|jpe?g|webp)$/;

const subjectNotFound = () => new AppError('not_found', 'Dit vak bestaat niet.');
const summaryNotFound = () => new AppError('not_found', 'Deze samenvatting bestaat niet.');
const chapterNotFound = () => new AppError('not_found', 'Dit hoofdstuk bestaat niet in deze samenvatting.');
const premiumRequired = () =>
  new AppError('premium_required', 'Dit hoofdstuk hoort bij Premium. Met Premium lees je alle hoofdstukken van elke samenvatting.');

/** A chapter is valid only if its title is non-empty without markup (spec section 3). */
export const isValidChapter = (c: { title: string }) => plainText(c.title) !== '';

/**
 * Chapter files often open with a heading that repeats the chapter's title; the reader shows the
 * title itself, so that first heading is dropped (only removes markup, the HTML stays sanitized).
 */
export function withoutRepeatedTitle(html: string, titleText: string): string {
  const match = /^\s*<h2>([\s\S]*?)<\/h2>\s*/.exec(html);
  if (!match || plainText(match[1]!).toLowerCase() !== titleText.toLowerCase()) return html;
  return promoteHeadings(html.slice(match[0].length));
}

/**
 * The reader's h1 is the chapter title; with the repeated h2 gone, a body whose sections start at
 * h3 would skip a level (screen readers navigate by heading level; axe `heading-order`). Headings
 * move up one level when the body has no h2 left.
 */
function promoteHeadings(html: string): string {
  if (/<h2[\s>]/i.test(html) || !/<h3[\s>]/i.test(html)) return html;
  return html.replace(/<(\/?)h([3-6])(?=[\s>])/gi, (_, slash: string, level: string) => `<${slash}h${Number(level) - 1}`);
}

const readingMinutes = (words: number) => (words === 0 ? 0 : Math.max(1, Math.round(words / WORDS_PER_MINUTE)));

/** Percentage read; 100 only when every chapter is read. */
function percentage(read: number, total: number): number {
  if (total === 0) return 0;
  const p = Math.round((read / total) * 100);
  return read < total ? Math.min(p, 99) : 100;
}

const groupBy = <T, K>(items: T[], key: (t: T) => K): Map<K, T[]> => {
  const map = new Map<K, T[]>();
  for (const item of items) {
    const list = map.get(key(item));
    if (list) list.push(item);
    else map.set(key(item), [item]);
  }
  return map;
};

const byTitle = (a: { title: string }, b: { title: string }) => a.title.localeCompare(b.title, 'nl');

/** Library, subjects, summaries, the reader's chapters and progress, and Home's data. */
export class LibraryService {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly practice?: PracticeSource,
    /** feature flags from the environment (FLASHCARDS_ENABLED) */
    private readonly features: { flashcardsEnabled: boolean } = { flashcardsEnabled: false },
  ) {}

  /** The repository on the current unit of work's transaction, or on the database for reads. */
  private get repo(): LibraryRepository {
    return new LibraryRepository(this.uow.executor);
  }

  /** Per subject: how many question lists it has (asked of the questions feature). */
  private listCounts(subjectIds: string[]): Promise<Map<string, number>> {
    return this.practice?.listCounts(subjectIds) ?? Promise.resolve(new Map());
  }

  /** A subject's id and title, for the features that show it (flashcards, questions; decision 020). */
  subjectTitle(id: string): Promise<{ id: string; title: string } | undefined> {
    return this.repo.subjectTitle(id);
  }

  /** Where a chapter is (its summary and subject) and its title; own flashcards link cards to chapters (issue 28). */
  async chapterPlace(chapterId: string): Promise<{ id: string; summaryId: string; subjectId: string; title: string } | undefined> {
    const row = await this.repo.findChapterPlace(chapterId);
    return row && { id: row.id, summaryId: row.summary_id, subjectId: row.subject_id, title: row.title };
  }

  /** Subjects' titles by id (Home's continue cards of practice sessions). */
  async subjectTitles(ids: string[]): Promise<Map<string, string>> {
    return new Map((await this.repo.subjectsByIds(ids)).map((s) => [s.id, s.title]));
  }

  /** Her subjects: those of her study and year, plus the ones she added, minus the ones she removed. */
  private async libraryMembership(reader: Reader): Promise<Map<string, 'study' | 'added'>> {
    const [studyIds, entries] = await Promise.all([this.repo.studySubjectIds(reader.study, reader.year), this.repo.entries(reader.id)]);
    const membership = new Map<string, 'study' | 'added'>();
    for (const id of studyIds) membership.set(id, 'study');
    for (const e of entries) {
      if (e.status === 'hidden') membership.delete(e.subject_id);
      else if (!membership.has(e.subject_id)) membership.set(e.subject_id, 'added');
    }
    return membership;
  }

  async library(reader: Reader): Promise<Library> {
    const membership = await this.libraryMembership(reader);
    const ids = [...membership.keys()];
    const [subjects, summaryCounts, listCounts, chapterRows, progress] = await Promise.all([
      this.repo.subjectsByIds(ids),
      this.repo.summaryCounts(ids),
      this.listCounts(ids),
      this.repo.chaptersOfSubjects(ids),
      this.repo.recentProgress(reader.id, { subjectIds: ids }),
    ]);
    const chapters = chapterRows.filter(isValidChapter);
    const reads = await this.repo.readChapterIds(
      reader.id,
      chapters.map((c) => c.id),
    );
    const chaptersBySubject = groupBy(chapters, (c) => c.subject_id);
    const chapterById = new Map(chapters.map((c) => [c.id, c]));

    const result: LibrarySubject[] = subjects.map((s) => {
      const own = chaptersBySubject.get(s.id) ?? [];
      const read = own.filter((c) => reads.has(c.id)).length;
      // progress rows are newest first: the first one of this subject whose chapter still exists
      const last = progress.find((p) => p.subject_id === s.id && chapterById.has(p.chapter_id));
      return {
        id: s.id,
        title: s.title,
        description: s.description,
        origin: membership.get(s.id)!,
        summaryCount: summaryCounts.get(s.id) ?? 0,
        questionListCount: listCounts.get(s.id) ?? 0,
        chapterCount: own.length,
        readChapterCount: read,
        progress: percentage(read, own.length),
        lastRead: last
          ? {
              summaryId: last.summary_id,
              chapterId: last.chapter_id,
              chapterTitle: plainText(chapterById.get(last.chapter_id)!.title),
              position: last.position,
              updatedAt: last.updated_at,
            }
          : null,
      };
    });
    return { subjects: result.sort(byTitle) };
  }

  /**
   * 'Populair bij jouw studie': the subjects of her study's earlier years, then those of related
   * studies up to her year, each by title; none she already has in her library.
   */
  async suggestions(reader: Reader): Promise<LibrarySuggestions> {
    const earlier = earlierYears(reader.year);
    const [membership, ofEarlierYears, ofRelated] = await Promise.all([
      this.libraryMembership(reader),
      this.repo.subjectsOfAudiences([reader.study], earlier),
      this.repo.subjectsOfAudiences(relatedStudies(reader.study), [...earlier, reader.year]),
    ]);
    const reasons = new Map<string, LibrarySuggestion['reason']>();
    for (const row of ofEarlierYears) if (!membership.has(row.subject_id)) reasons.set(row.subject_id, 'earlier_year');
    for (const row of ofRelated) if (!membership.has(row.subject_id) && !reasons.has(row.subject_id)) reasons.set(row.subject_id, 'related');
    const ids = [...reasons.keys()];
    const [subjects, summaryCounts, listCounts] = await Promise.all([this.repo.subjectsByIds(ids), this.repo.summaryCounts(ids), this.listCounts(ids)]);
    const order: Record<LibrarySuggestion['reason'], number> = { earlier_year: 0, related: 1 };
    return {
      subjects: subjects
        .map((s) => ({
          id: s.id,
          title: s.title,
          description: s.description,
          summaryCount: summaryCounts.get(s.id) ?? 0,
          questionListCount: listCounts.get(s.id) ?? 0,
          reason: reasons.get(s.id)!,
        }))
        .sort((a, b) => order[a.reason] - order[b.reason] || byTitle(a, b)),
    };
  }

  /** Every study year (`${study}|${year}`) with at least one subject: the Welcome step tells the others the truth. */
  layersWithContent(): Promise<Set<string>> {
    return this.repo.layersWithContent();
  }

  async search(reader: Reader, query: string, limit: number): Promise<SubjectSearchResult> {
    const [{ rows, total }, membership] = await Promise.all([this.repo.searchSubjects(query, limit), this.libraryMembership(reader)]);
    const ids = rows.map((r) => r.id);
    const [summaryCounts, listCounts] = await Promise.all([this.repo.summaryCounts(ids), this.listCounts(ids)]);
    return {
      total,
      subjects: rows.map((r) => ({
        id: r.id,
        title: r.title,
        description: r.description,
        summaryCount: summaryCounts.get(r.id) ?? 0,
        questionListCount: listCounts.get(r.id) ?? 0,
        inLibrary: membership.has(r.id),
      })),
    };
  }

  /** Adds a subject to her library. Idempotent. */
  add(reader: Reader, subjectId: string): Promise<null> {
    return this.uow.run(async () => {
      if (!(await this.repo.findSubject(subjectId))) throw subjectNotFound();
      if (await this.repo.isStudySubject(subjectId, reader.study, reader.year)) {
        await this.repo.deleteEntry(reader.id, subjectId); // un-hide: her study's subjects need no entry
      } else {
        await this.repo.setEntry(reader.id, subjectId, 'added');
      }
      return null;
    });
  }

  /** Removes a subject from her library: hides one of her study's, forgets one she added. Idempotent. */
  remove(reader: Reader, subjectId: string): Promise<null> {
    return this.uow.run(async () => {
      if (!(await this.repo.findSubject(subjectId))) throw subjectNotFound();
      if (await this.repo.isStudySubject(subjectId, reader.study, reader.year)) {
        await this.repo.setEntry(reader.id, subjectId, 'hidden');
      } else {
        await this.repo.deleteEntry(reader.id, subjectId);
      }
      return null;
    });
  }

  async subject(reader: Reader, subjectId: string): Promise<SubjectDetail> {
    const subject = await this.repo.findSubject(subjectId);
    if (!subject) throw subjectNotFound();
    const [summaries, lists, chapterRows, membership] = await Promise.all([
      this.repo.summariesOfSubject(subjectId),
      (this.practice?.listsOfSubject(subjectId) ?? Promise.resolve([])),
      this.repo.chaptersOfSubjects([subjectId]),
      this.libraryMembership(reader),
    ]);
    const chapters = chapterRows.filter(isValidChapter);
    const [reads, practice] = await Promise.all([
      this.repo.readChapterIds(
        reader.id,
        chapters.map((c) => c.id),
      ),
      this.practice?.listProgress(
        reader.id,
        lists.map((l) => l.id),
      ),
    ]);
    const bySummary = groupBy(chapters, (c) => c.summary_id);
    return {
      id: subject.id,
      title: subject.title,
      description: subject.description,
      inLibrary: membership.has(subject.id),
      flashcardsEnabled: this.features.flashcardsEnabled,
      summaries: summaries.map((s) => {
        const own = bySummary.get(s.id) ?? [];
        return {
          id: s.id,
          title: s.title,
          source: s.source,
          description: s.description,
          chapterCount: own.length,
          freeChapterCount: own.filter((c) => c.access === 'free').length,
          readChapterCount: own.filter((c) => reads.has(c.id)).length,
          startPage: own.length ? Math.min(...own.map((c) => c.start_page)) : 0,
          endPage: own.length ? Math.max(...own.map((c) => c.end_page)) : 0,
          pageCount: own.reduce((n, c) => n + Math.max(0, c.end_page - c.start_page + 1), 0),
        };
      }),
      // Practice progress, score and session come from the questions feature's sessions.
      questionLists: lists.map((l) => {
        const own = practice?.get(l.id);
        return {
          id: l.id,
          title: l.title,
          description: l.description,
          sortIndex: l.sort_index,
          totalQuestions: l.total_questions,
          chapterId: l.chapter_id,
          progress: own?.progress ?? 0,
          score: own?.score == null ? null : gradeFromScore(own.score),
          sessionId: own?.sessionId ?? null,
        };
      }),
    };
  }

  private async summaryWithChapters(summaryId: string) {
    const summary = await this.repo.findSummary(summaryId);
    if (!summary) throw summaryNotFound();
    const chapters = (await this.repo.chaptersOfSummaries([summaryId])).filter(isValidChapter);
    return { summary, chapters };
  }

  private toChapter(c: ChapterRow, reader: Reader, reads: Set<string>): SummaryChapter {
    return {
      chapterId: c.id,
      title: c.title,
      titleText: plainText(c.title),
      priority: c.priority as ChapterPriority,
      startIndex: c.start_index,
      endIndex: c.end_index,
      startPage: c.start_page,
      endPage: c.end_page,
      questionListId: c.question_list_id,
      access: c.access,
      locked: isLocked(c, reader),
      isRead: reads.has(c.id),
      wordCount: c.word_count,
      readingMinutes: readingMinutes(c.word_count),
    };
  }

  async summary(reader: Reader, summaryId: string): Promise<SummaryDetail> {
    const { summary, chapters } = await this.summaryWithChapters(summaryId);
    const [reads, progress] = await Promise.all([
      this.repo.readChapterIds(
        reader.id,
        chapters.map((c) => c.id),
      ),
      this.repo.readingProgress(reader.id, summaryId),
    ]);
    const place = progress && chapters.some((c) => c.id === progress.chapter_id) ? progress : undefined;
    return {
      id: summary.id,
      subjectId: summary.subject_id,
      subjectTitle: summary.subject_title,
      title: summary.title,
      source: summary.source,
      description: summary.description,
      hasSubscription: reader.hasSubscription,
      chapters: chapters.map((c) => this.toChapter(c, reader, reads)),
      progress: place ? { chapterId: place.chapter_id, position: place.position, updatedAt: place.updated_at } : null,
    };
  }

  async chapter(reader: Reader, summaryId: string, chapterId: string): Promise<ChapterContent> {
    const { summary, chapters } = await this.summaryWithChapters(summaryId);
    const index = chapters.findIndex((c) => c.id === chapterId);
    if (index < 0) throw chapterNotFound();
    const chapter = chapters[index]!;
    if (isLocked(chapter, reader)) throw premiumRequired();
    const [html, reads, progress] = await Promise.all([
      this.repo.chapterHtml(chapterId),
      this.repo.readChapterIds(reader.id, [chapterId]),
      this.repo.readingProgress(reader.id, summaryId),
    ]);
    const link = (c: ChapterRow | undefined) => (c ? { chapterId: c.id, titleText: plainText(c.title), locked: isLocked(c, reader) } : null);
    return {
      summaryId: summary.id,
      summaryTitle: summary.title,
      subjectId: summary.subject_id,
      chapterId: chapter.id,
      title: chapter.title,
      titleText: plainText(chapter.title),
      priority: chapter.priority as ChapterPriority,
      startPage: chapter.start_page,
      endPage: chapter.end_page,
      access: chapter.access,
      questionListId: chapter.question_list_id,
      html: withoutRepeatedTitle(html ?? '', plainText(chapter.title)),
      wordCount: chapter.word_count,
      readingMinutes: readingMinutes(chapter.word_count),
      number: index + 1,
      chapterCount: chapters.length,
      previous: link(chapters[index - 1]),
      next: link(chapters[index + 1]),
      position: progress?.chapter_id === chapterId ? progress.position : 0,
      isRead: reads.has(chapterId),
    };
  }

  /**
   * Saves her place. A chapter counts as read at position >= 0.9, or when she moves on from it
   * to the next chapter.
   */
  saveProgress(reader: Reader, summaryId: string, input: { chapterId: string; position: number }): Promise<SavedReadingProgress> {
    return this.uow.run(() => this.saveProgressIn(reader, summaryId, input));
  }

  private async saveProgressIn(reader: Reader, summaryId: string, input: { chapterId: string; position: number }): Promise<SavedReadingProgress> {
    const { chapters } = await this.summaryWithChapters(summaryId);
    const index = chapters.findIndex((c) => c.id === input.chapterId);
    if (index < 0) throw chapterNotFound();
    if (isLocked(chapters[index]!, reader)) throw premiumRequired();

    const markRead: string[] = [];
    if (input.position >= CHAPTER_READ_THRESHOLD) markRead.push(input.chapterId);
    const previous = await this.repo.readingProgress(reader.id, summaryId);
    if (index > 0 && previous?.chapter_id === chapters[index - 1]!.id) markRead.push(previous.chapter_id);

    const updatedAt = await this.repo.saveProgress({ userId: reader.id, summaryId, chapterId: input.chapterId, position: input.position, markRead });
    const reads = await this.repo.readChapterIds(reader.id, [input.chapterId]);
    return { summaryId, chapterId: input.chapterId, position: input.position, updatedAt, isRead: reads.has(input.chapterId) };
  }

  /**
   * Home's welcome banner: what to do next, in her situation, as a message code with its numbers
   * (the web app writes the sentences). The link defaults to her subscriptionUrl. Students without
   * a subscription get the Premium userMessage, which overrides it; subscribers get none. With an
   * empty library (issue 26: a later year without a course yet) the banner says so and sells nothing.
   */
  async homeBanner(reader: Reader): Promise<HomeBanner> {
    const [read, membership] = await Promise.all([this.repo.countReadChapters(reader.id), this.libraryMembership(reader)]);
    if (membership.size === 0) return { message: 'empty', firstName: reader.firstName.trim(), readChapterCount: read, link: SUBSCRIPTION_URL };
    const banner: HomeBanner = {
      message: read > 0 ? 'progress' : 'start',
      firstName: reader.firstName.trim(),
      readChapterCount: read,
      link: SUBSCRIPTION_URL,
    };
    if (!reader.hasSubscription) banner.userMessage = { code: 'premium', url: SUBSCRIPTION_URL };
    return banner;
  }

  /** Home's 'verder studeren' cards: the chapters she read last and her open practice sessions, newest first. */
  async continueCards(reader: Reader, limit = 3): Promise<HomeContinue> {
    const progress = await this.repo.recentProgress(reader.id, { limit });
    const chapters = (await this.repo.chaptersOfSummaries(progress.map((p) => p.summary_id))).filter(isValidChapter);
    const bySummary = groupBy(chapters, (c) => c.summary_id);
    const cards: HomeContinue['cards'] = [];
    for (const p of progress) {
      const own = bySummary.get(p.summary_id) ?? [];
      const index = own.findIndex((c) => c.id === p.chapter_id);
      if (index < 0) continue; // the chapter vanished from the content
      cards.push({
        kind: 'reading',
        subjectId: p.subject_id,
        subjectTitle: p.subject_title,
        summaryId: p.summary_id,
        summaryTitle: p.summary_title,
        chapterId: p.chapter_id,
        chapterTitle: plainText(own[index]!.title),
        chapterNumber: index + 1,
        chapterCount: own.length,
        position: p.position,
        updatedAt: p.updated_at,
      });
    }
    for (const open of (await this.practice?.openSessions(reader.id, limit)) ?? []) cards.push({ kind: 'questions', ...open });
    cards.sort((a, b) => b.updatedAt.localeCompare(a.updatedAt));
    return { cards: cards.slice(0, limit * 2) };
  }

  /** A content image, or undefined. Names are checked before they reach the database. */
  async image(subjectId: string, name: string): Promise<{ mime: string; body: Buffer; etag: string } | undefined> {
    if (!IMAGE_NAME.test(name)) return undefined;
    const row = await this.repo.findImage(subjectId, name);
    if (!row) return undefined;
    const body = Buffer.from(row.data_base64, 'base64');
    return { mime: row.mime, body, etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"` };
  }
}

function isLocked(chapter: { access: 'free' | 'premium' }, reader: Reader): boolean {
  return chapter.access === 'premium' && !reader.hasSubscription;
}
