import { createHash } from 'node:crypto';
import { CHAPTER_READ_THRESHOLD, type ChapterContent, type ChapterPriority, type SavedReadingProgress, type SummaryChapter, type SummaryDetail } from '@blok/contract';
import { plainText, readerText } from '@blok/domain/markup';
import { AppError } from '../errors.ts';
import type { Executor, UnitOfWork } from '../write/unit-of-work.ts';
import { isValidChapter, type Reader } from './chapters.ts';
import { LibraryRepository, type ChapterRow } from './repository.ts';


/** What the reader tells the plan (issue 27): chapters marked read, inside the unit of work that marks them. */
export interface ReadRecorder {
  recordRead(tx: Executor, e: { userId: string; subjectId: string; chapterIds: string[] }): Promise<void>;
}

/** Words per minute of attentive study reading, for the reading-time estimate. */
const WORDS_PER_MINUTE = 200;

const IMAGE_NAME = /^[a-z0-9-]+\.(svg|png|jpe?g|webp)$/;

const summaryNotFound = () => new AppError('not_found', 'Deze samenvatting bestaat niet.');
const chapterNotFound = () => new AppError('not_found', 'Dit hoofdstuk bestaat niet in deze samenvatting.');
const premiumRequired = () =>
  new AppError('premium_required', 'Dit hoofdstuk hoort bij Premium. Met Premium lees je alle hoofdstukken van elke samenvatting.');

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

/** A chapter as the annotations feature sees it (ReaderService.readerTexts). */
export interface ReaderChapterText {
  chapterId: string;
  number: number;
  titleText: string;
  /** Premium chapter without a subscription */
  locked: boolean;
  /** the reader's text of the chapter, when asked for and not locked */
  text: string | null;
}

/** A premium chapter is locked for a student without a subscription. */
function isLocked(chapter: { access: 'free' | 'premium' }, reader: Reader): boolean {
  return chapter.access === 'premium' && !reader.hasSubscription;
}

/** The reader: a summary's chapters (premium access), a chapter's text, her place in it, content images. */
export class ReaderService {
  constructor(
    private readonly uow: UnitOfWork,
    /** the plan's aggregates, kept current in the reading-progress transaction (issue 27) */
    private readonly reads?: ReadRecorder,
  ) {}

  /** The repository on the current unit of work's transaction, or on the database for reads. */
  private get repo(): LibraryRepository {
    return new LibraryRepository(this.uow.executor);
  }

  /**
   * The chapters of a summary as the reader shows them, for the annotations feature (decision
   * 025): number, title and, for the chapters asked for that she may read, the reader's text
   * (`readerText` of the HTML the reader gets); null for a locked chapter. 404 for an unknown summary.
   */
  async readerTexts(reader: Reader, summaryId: string, chapterIds: readonly string[]): Promise<ReaderChapterText[]> {
    const { chapters } = await this.summaryWithChapters(summaryId);
    const wanted = new Set(chapterIds);
    return Promise.all(
      chapters.map(async (c, index) => {
        const locked = isLocked(c, reader);
        const html = wanted.has(c.id) && !locked ? await this.repo.chapterHtml(c.id) : undefined;
        return {
          chapterId: c.id,
          number: index + 1,
          titleText: plainText(c.title),
          locked,
          text: html === undefined ? null : readerText(withoutRepeatedTitle(html, plainText(c.title))),
        };
      }),
    );
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
    await this.reads?.recordRead(this.uow.executor, { userId: reader.id, subjectId: chapters[index]!.subject_id, chapterIds: markRead });
    const reads = await this.repo.readChapterIds(reader.id, [input.chapterId]);
    return { summaryId, chapterId: input.chapterId, position: input.position, updatedAt, isRead: reads.has(input.chapterId) };
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
