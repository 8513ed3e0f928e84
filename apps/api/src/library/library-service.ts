import type { Library, LibrarySubject, LibrarySuggestion, LibrarySuggestions, SubjectDetail, SubjectSearchResult } from '@blok/contract';
import { earlierYears, relatedStudies } from '@blok/content/related';
import { gradeFromScore } from '@blok/domain/grade';
import { plainText } from '@blok/domain/markup';
import { AppError } from '../errors.ts';
import type { Executor, UnitOfWork } from '../write/unit-of-work.ts';
import { groupBy, isValidChapter, type Reader } from './chapters.ts';
import { LibraryRepository } from './repository.ts';
import { SubjectDirectory } from './subject-directory.ts';

/** What the library shows of the student's practice (the questions feature provides it). */
export interface PracticeSource {
  /** per question list: progress 0..100, score 0..100 (percentage of points) or null, latest open session */
  listProgress(userId: string, listIds: string[]): Promise<Map<string, { progress: number; score: number | null; sessionId: string | null }>>;
  /** per subject: how many question lists it has (the questions feature's catalogue, decision 020) */
  listCounts(subjectIds: string[]): Promise<Map<string, number>>;
  /** a subject's question lists in their order, each with its number of questions */
  listsOfSubject(subjectId: string): Promise<Array<{ id: string; title: string; description: string; sort_index: number; chapter_id: string | null; total_questions: number }>>;
}


/** A chapter as other features see it (chaptersOfSubject). */
export interface SubjectChapter {
  id: string;
  summaryId: string;
  /** the title without markup */
  title: string;
  /** 1 high, 2 medium, 3 low */
  priority: number;
  questionListId: string | null;
}

const subjectNotFound = () => new AppError('not_found', 'Dit vak bestaat niet.');

/** Percentage read; 100 only when every chapter is read. */
function percentage(read: number, total: number): number {
  if (total === 0) return 0;
  const p = Math.round((read / total) * 100);
  return read < total ? Math.min(p, 99) : 100;
}

const byTitle = (a: { title: string }, b: { title: string }) => a.title.localeCompare(b.title, 'nl');

/**
 * Her library: which subjects are hers, suggestions, search, adding and removing, a subject's page
 * (summaries and practice lists); and subject titles for the features that show them.
 */
export class LibraryService {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly practice?: PracticeSource,
    /** feature flags from the environment (FLASHCARDS_ENABLED) */
    private readonly features: { flashcardsEnabled: boolean } = { flashcardsEnabled: false },
  ) {}

  /** The repository on the current unit of work's transaction, or on the database for reads. */
  /** The summaries as search indexes them (issue 41): a fingerprint that changes with the content, and every chapter. */
  chaptersFingerprint(): Promise<string> {
    return this.repo.chaptersFingerprint();
  }

  async chaptersForSearch(): Promise<Array<{ id: string; summaryId: string; summaryTitle: string; title: string; markdown: string; premium: boolean }>> {
    const rows = await this.repo.chaptersForSearch();
    return rows.map((r) => ({ id: r.id, summaryId: r.summary_id, summaryTitle: r.summary_title, title: r.title, markdown: r.markdown, premium: r.access === 'premium' }));
  }

  private get repo(): LibraryRepository {
    return new LibraryRepository(this.uow.executor);
  }

  /** Per subject: how many question lists it has (asked of the questions feature). */
  private listCounts(subjectIds: string[]): Promise<Map<string, number>> {
    return this.practice?.listCounts(subjectIds) ?? Promise.resolve(new Map());
  }

  /** Per subject: how many summaries and question lists it has, as every list of subjects shows them. */
  private async sizes(subjectIds: string[]): Promise<(id: string) => { summaryCount: number; questionListCount: number }> {
    const [summaryCounts, listCounts] = await Promise.all([this.repo.summaryCounts(subjectIds), this.listCounts(subjectIds)]);
    return (id) => ({ summaryCount: summaryCounts.get(id) ?? 0, questionListCount: listCounts.get(id) ?? 0 });
  }

  /** A subject's id and title, for the features that show it (flashcards, questions; decision 020). */
  subjectTitle(id: string): Promise<{ id: string; title: string } | undefined> {
    return new SubjectDirectory(this.uow).subjectTitle(id);
  }

  /** Where a chapter is (its summary and subject) and its title; own flashcards link cards to chapters (issue 28). */
  async chapterPlace(chapterId: string): Promise<{ id: string; summaryId: string; subjectId: string; title: string } | undefined> {
    const row = await this.repo.findChapterPlace(chapterId);
    return row && { id: row.id, summaryId: row.summary_id, subjectId: row.subject_id, title: row.title };
  }

  /**
   * A subject's chapters in reading order (summaries by their order, then the chapter's), with
   * their plain titles and priorities, for the features that work per chapter (mock exams,
   * progress; decision 020). `readIds`: the ones she has read, when a user is given.
   */
  async chaptersOfSubject(subjectId: string, userId?: string): Promise<{ chapters: SubjectChapter[]; readIds: Set<string> }> {
    const [summaries, rows] = await Promise.all([this.repo.summariesOfSubject(subjectId), this.repo.chaptersOfSubjects([subjectId])]);
    const summaryOrder = new Map(summaries.map((s, i) => [s.id, i]));
    const chapters = rows
      .filter(isValidChapter)
      .sort((a, b) => (summaryOrder.get(a.summary_id) ?? 0) - (summaryOrder.get(b.summary_id) ?? 0) || a.sort_index - b.sort_index)
      .map((c) => ({ id: c.id, summaryId: c.summary_id, title: plainText(c.title), priority: c.priority, questionListId: c.question_list_id }));
    const readIds = userId ? await this.repo.readChapterIds(userId, chapters.map((c) => c.id)) : new Set<string>();
    return { chapters, readIds };
  }

  /** Subjects' titles by id (Home's continue cards of practice sessions). */
  subjectTitles(ids: string[]): Promise<Map<string, string>> {
    return new SubjectDirectory(this.uow).subjectTitles(ids);
  }

  /** Her subjects: those of her study and year, plus the ones she added, minus the ones she removed. */
  /** Which subjects are hers and why (also Home's, for its banner). */
  async libraryMembership(reader: Reader): Promise<Map<string, 'study' | 'added'>> {
    const [studyIds, entries] = await Promise.all([this.repo.studySubjectIds(reader.study, reader.year), this.repo.entries(reader.id)]);
    const membership = new Map<string, 'study' | 'added'>();
    for (const id of studyIds) membership.set(id, 'study');
    for (const e of entries) {
      if (e.status === 'hidden') membership.delete(e.subject_id);
      else if (!membership.has(e.subject_id)) membership.set(e.subject_id, 'added');
    }
    return membership;
  }

  /** Whether a subject is in her library now: her own flashcards go only into one of hers (issue 38). */
  async inLibrary(reader: Reader, subjectId: string): Promise<boolean> {
    return (await this.libraryMembership(reader)).has(subjectId);
  }

  async library(reader: Reader): Promise<Library> {
    const membership = await this.libraryMembership(reader);
    const ids = [...membership.keys()];
    const [subjects, sizeOf, chapterRows, progress] = await Promise.all([
      this.repo.subjectsByIds(ids),
      this.sizes(ids),
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
        ...sizeOf(s.id),
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
    const [subjects, sizeOf] = await Promise.all([this.repo.subjectsByIds(ids), this.sizes(ids)]);
    const order: Record<LibrarySuggestion['reason'], number> = { earlier_year: 0, related: 1 };
    return {
      subjects: subjects
        .map((s) => ({
          id: s.id,
          title: s.title,
          description: s.description,
          ...sizeOf(s.id),
          reason: reasons.get(s.id)!,
        }))
        .sort((a, b) => order[a.reason] - order[b.reason] || byTitle(a, b)),
    };
  }

  /** Every study year (`${study}|${year}`) with at least one subject: the Welcome step tells the others the truth. */
  layersWithContent(): Promise<Set<string>> {
    return this.repo.layersWithContent();
  }

  /** Every subject, by title: what the catalogue's study years can hold (decision 031). */
  allSubjects(executor: Executor): Promise<Array<{ id: string; title: string }>> {
    return new LibraryRepository(executor).allSubjects();
  }

  /** `${study}|${year}` -> the ids of its subjects: the rows the library fills a student's library from. */
  async audienceMap(executor: Executor): Promise<Map<string, string[]>> {
    const map = new Map<string, string[]>();
    for (const a of await new LibraryRepository(executor).audiences()) {
      const key = `${a.study}|${a.year}`;
      const list = map.get(key);
      if (list) list.push(a.subject_id);
      else map.set(key, [a.subject_id]);
    }
    return map;
  }

  /**
   * Makes `subjectIds` the subjects of the study year (the catalogue's admins, decision 031), in the
   * caller's transaction. Returns what changed and each changed subject's studies and years after.
   */
  async setStudyYearSubjects(
    tx: Executor,
    study: string,
    year: string,
    subjectIds: string[],
  ): Promise<{ added: string[]; removed: string[]; audiences: Map<string, Array<{ study: string; year: string }>> }> {
    const repo = new LibraryRepository(tx);
    const before = new Set(await repo.studySubjectIds(study, year));
    const wanted = new Set(subjectIds);
    const added = [...wanted].filter((id) => !before.has(id));
    const removed = [...before].filter((id) => !wanted.has(id));
    for (const id of added) await repo.addAudience(id, study, year);
    for (const id of removed) await repo.removeAudience(id, study, year);
    const audiences = new Map<string, Array<{ study: string; year: string }>>([...added, ...removed].map((id) => [id, []]));
    for (const a of await repo.audiencesOf([...added, ...removed])) audiences.get(a.subject_id)!.push({ study: a.study, year: a.year });
    return { added, removed, audiences };
  }

  async search(reader: Reader, query: string, limit: number): Promise<SubjectSearchResult> {
    const [{ rows, total }, membership] = await Promise.all([this.repo.searchSubjects(query, limit), this.libraryMembership(reader)]);
    const ids = rows.map((r) => r.id);
    const sizeOf = await this.sizes(ids);
    return {
      total,
      subjects: rows.map((r) => ({
        id: r.id,
        title: r.title,
        description: r.description,
        ...sizeOf(r.id),
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
}
