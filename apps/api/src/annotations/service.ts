import {
  MAX_ANNOTATIONS_PER_SUMMARY,
  type Annotation,
  type AnnotationColor,
  type CreateAnnotationBody,
  type ListedAnnotation,
  type SummaryAnnotations,
  type UpdateAnnotationBody,
} from '@blok/contract';
import type { AnnotationsTable } from '@blok/db';
import { anchorResolver, describeRange, resolveAnchor, type TextAnchor } from '@blok/domain/anchoring';
import { AppError } from '../errors.ts';
import type { Reader } from '../library/chapters.ts';
import type { ReaderChapterText } from '../library/reader-service.ts';
import type { UnitOfWork } from '../write/unit-of-work.ts';
import { AnnotationsRepository } from './repository.ts';

/** What annotations needs of the reader (the library owns the chapters; decision 020). */
export interface AnnotationsLibrary {
  readerTexts(reader: Reader, summaryId: string, chapterIds: readonly string[]): Promise<ReaderChapterText[]>;
}

const notFound = () => new AppError('not_found', 'Deze markering bestaat niet.');
const chapterNotFound = () => new AppError('not_found', 'Dit hoofdstuk bestaat niet in deze samenvatting.');
const premiumRequired = () => new AppError('premium_required', 'Dit hoofdstuk is alleen voor Premium.');

const anchorOf = (row: AnnotationsTable): TextAnchor => ({
  quote: { exact: row.quote_exact, prefix: row.quote_prefix, suffix: row.quote_suffix },
  position: { start: row.position_start, end: row.position_end },
});

function toAnnotation(row: AnnotationsTable): Annotation {
  return {
    id: row.id,
    summaryId: row.summary_id,
    chapterId: row.chapter_id,
    color: row.color as AnnotationColor,
    note: row.note,
    anchor: anchorOf(row),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** An empty note is no note. */
export const noteOf = (note: string | null | undefined) => (note ? note : null);

/** What an update changes of a highlight, in a chapter or in a PDF: its colour, its note, the time. */
export function changesOf(body: UpdateAnnotationBody): { color?: UpdateAnnotationBody['color']; note?: string | null; updated_at: string } {
  return {
    ...(body.color !== undefined ? { color: body.color } : {}),
    ...(body.note !== undefined ? { note: noteOf(body.note) } : {}),
    updated_at: new Date().toISOString(),
  };
}

/**
 * Her highlights and notes in the reader (issue 28, decision 025). Hers only: another student's
 * id answers 404. Anchored in the reader's text of the chapter (the library's `readerTexts`) and
 * placed again in the chapter as it is now whenever they are listed.
 */
export class AnnotationsService {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly library: AnnotationsLibrary,
  ) {}

  private get repo(): AnnotationsRepository {
    return new AnnotationsRepository(this.uow.executor);
  }

  /** Hers in a summary, in reading order, each placed in its chapter as it is now. */
  async list(reader: Reader, summaryId: string): Promise<SummaryAnnotations> {
    const rows = await this.repo.ofSummary(reader.id, summaryId);
    const chapters = await this.library.readerTexts(reader, summaryId, [...new Set(rows.map((r) => r.chapter_id))]);
    const byId = new Map(chapters.map((c) => [c.chapterId, c]));
    // each chapter's text is indexed once for all its highlights (issue 38: 1,000 quotes not found)
    const resolvers = new Map(chapters.map((c) => [c.chapterId, c.text != null ? anchorResolver(c.text) : null]));
    const listed: ListedAnnotation[] = rows.map((row) => {
      const chapter = byId.get(row.chapter_id);
      const found = resolvers.get(row.chapter_id)?.(anchorOf(row)) ?? null;
      return { ...toAnnotation(row), chapterTitleText: chapter?.titleText ?? null, chapterNumber: chapter?.number ?? null, found };
    });
    const order = (a: ListedAnnotation) => a.chapterNumber ?? Number.MAX_SAFE_INTEGER;
    listed.sort((a, b) => order(a) - order(b) || (a.found?.start ?? a.anchor.position.start) - (b.found?.start ?? b.anchor.position.start));
    return { summaryId, annotations: listed };
  }

  /**
   * A highlight (or note) in a chapter she may read. The anchor is placed in the chapter's text as
   * the server has it and stored as found there; a quote no longer in the text (made offline
   * before a correction) is kept as sent, and listed as not found.
   */
  async create(reader: Reader, summaryId: string, body: CreateAnnotationBody): Promise<Annotation> {
    const chapters = await this.library.readerTexts(reader, summaryId, [body.chapterId]);
    const chapter = chapters.find((c) => c.chapterId === body.chapterId);
    if (!chapter) throw chapterNotFound();
    if (chapter.locked || chapter.text === null) throw premiumRequired();
    const match = resolveAnchor(chapter.text, body.anchor);
    const anchor = match ? describeRange(chapter.text, match.start, match.end) : body.anchor;
    return this.uow.run(async () => {
      const repo = this.repo;
      // a repeat carries its Idempotency-Key and never gets here; an id taken is a client's mistake
      if ((await repo.find(body.id)) || (await repo.findPdf(body.id))) throw new AppError('conflict', 'Deze markering bestaat al.');
      if ((await repo.countOfSummary(reader.id, summaryId)) >= MAX_ANNOTATIONS_PER_SUMMARY) {
        throw new AppError('conflict', `Je kunt hoogstens ${MAX_ANNOTATIONS_PER_SUMMARY} markeringen in één samenvatting bewaren.`);
      }
      const now = new Date().toISOString();
      const row: AnnotationsTable = {
        id: body.id,
        user_id: reader.id,
        summary_id: summaryId,
        chapter_id: body.chapterId,
        color: body.color,
        note: noteOf(body.note),
        quote_exact: anchor.quote.exact,
        quote_prefix: anchor.quote.prefix,
        quote_suffix: anchor.quote.suffix,
        position_start: anchor.position.start,
        position_end: anchor.position.end,
        created_at: now,
        updated_at: now,
      };
      await repo.insert(row);
      return toAnnotation(row);
    });
  }

  /** Another colour, or her note written, changed or removed. */
  async update(userId: string, id: string, body: UpdateAnnotationBody): Promise<Annotation> {
    return this.uow.run(async () => {
      const repo = this.repo;
      const row = await repo.findOwn(userId, id);
      if (!row) throw notFound();
      const changes = changesOf(body);
      await repo.update(userId, id, changes);
      return toAnnotation({ ...row, ...changes });
    });
  }

  async remove(userId: string, id: string): Promise<void> {
    await this.uow.run(async () => {
      if ((await this.repo.delete(userId, id)) === 0) throw notFound();
    });
  }
}
