import {
  MAX_ANNOTATIONS_PER_FILE,
  type AnnotationColor,
  type CourseAnnotations,
  type CreatePdfAnnotationBody,
  type ListedPdfAnnotation,
  type PdfAnnotation,
  type UpdateAnnotationBody,
} from '@blok/contract';
import type { CourseFileAnnotationsTable } from '@blok/db';
import { AppError } from '../errors.ts';
import type { UnitOfWork } from '../write/unit-of-work.ts';
import { AnnotationsRepository } from './repository.ts';
import { changesOf, noteOf } from './service.ts';

/** What her PDFs' highlights need of her courses (the courses feature owns them; decision 020). */
export interface AnnotationsCourses {
  /** the files of a course of hers, newest first; null: no course of hers */
  filesOf(userId: string, courseId: string): Promise<Array<{ id: string; name: string; pages: number }> | null>;
}

const notFound = () => new AppError('not_found', 'Deze markering bestaat niet.');
const courseNotFound = () => new AppError('not_found', 'Dit vak bestaat niet.');
const fileNotFound = () => new AppError('not_found', 'Dit bestand bestaat niet.');

function toPdfAnnotation(row: CourseFileAnnotationsTable): PdfAnnotation {
  return {
    id: row.id,
    courseId: row.course_id,
    fileId: row.file_id,
    color: row.color as AnnotationColor,
    note: row.note,
    anchor: {
      page: row.page,
      quote: { exact: row.quote_exact, prefix: row.quote_prefix, suffix: row.quote_suffix },
      position: { start: row.position_start, end: row.position_end },
    },
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/**
 * Her highlights and notes on the pages of her PDFs (issue 41; decision 039's addendum): anchored by
 * page, quote and context in the text of the page's text layer, which the viewer places again when
 * the page renders. Hers only: another student's course, file or highlight answers 404. They go with
 * the file, the course and her account (foreign keys).
 */
export class PdfAnnotationsService {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly courses: AnnotationsCourses,
  ) {}

  private get repo(): AnnotationsRepository {
    return new AnnotationsRepository(this.uow.executor);
  }

  /** 'Mijn markeringen' of a course: by file (as the course lists them), page and place. */
  async list(userId: string, courseId: string): Promise<CourseAnnotations> {
    const files = await this.courses.filesOf(userId, courseId);
    if (!files) throw courseNotFound();
    const rows = await this.repo.ofCourse(userId, courseId);
    const order = new Map(files.map((f, i) => [f.id, i]));
    const names = new Map(files.map((f) => [f.id, f.name]));
    const annotations: ListedPdfAnnotation[] = rows
      .filter((row) => names.has(row.file_id))
      .sort((a, b) => order.get(a.file_id)! - order.get(b.file_id)! || a.page - b.page || a.position_start - b.position_start || (a.id < b.id ? -1 : 1))
      .map((row) => ({ ...toPdfAnnotation(row), fileName: names.get(row.file_id)! }));
    return { courseId, annotations };
  }

  /** A highlight (or note) on a page of a file of hers; the page must be one of the file's. */
  async create(userId: string, courseId: string, fileId: string, body: CreatePdfAnnotationBody): Promise<PdfAnnotation> {
    return this.uow.run(async () => {
      const files = await this.courses.filesOf(userId, courseId);
      if (!files) throw courseNotFound();
      const file = files.find((f) => f.id === fileId);
      if (!file) throw fileNotFound();
      if (body.anchor.page > file.pages) {
        throw new AppError('validation_failed', `Dit bestand heeft ${file.pages === 1 ? 'één pagina' : `${file.pages} pagina's`}.`).withFields([
          { field: 'anchor.page', message: `Kies een pagina van 1 tot en met ${file.pages}.` },
        ]);
      }
      const repo = this.repo;
      // a repeat carries its Idempotency-Key and never gets here; an id taken is a client's mistake
      if ((await repo.find(body.id)) || (await repo.findPdf(body.id))) throw new AppError('conflict', 'Deze markering bestaat al.');
      if ((await repo.countOfFile(userId, file.id)) >= MAX_ANNOTATIONS_PER_FILE) {
        throw new AppError('conflict', `Je kunt hoogstens ${MAX_ANNOTATIONS_PER_FILE} markeringen in één pdf bewaren.`);
      }
      const now = new Date().toISOString();
      const { anchor } = body;
      const row: CourseFileAnnotationsTable = {
        id: body.id,
        user_id: userId,
        course_id: courseId,
        file_id: file.id,
        page: anchor.page,
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
      await repo.insertPdf(row);
      return toPdfAnnotation(row);
    });
  }

  /** Another colour, or her note written, changed or removed. */
  async update(userId: string, id: string, body: UpdateAnnotationBody): Promise<PdfAnnotation> {
    return this.uow.run(async () => {
      const repo = this.repo;
      const row = await repo.findOwnPdf(userId, id);
      if (!row) throw notFound();
      const changes = changesOf(body);
      await repo.updatePdf(userId, id, changes);
      return toPdfAnnotation({ ...row, ...changes });
    });
  }

  async remove(userId: string, id: string): Promise<void> {
    await this.uow.run(async () => {
      if ((await this.repo.deletePdf(userId, id)) === 0) throw notFound();
    });
  }
}
