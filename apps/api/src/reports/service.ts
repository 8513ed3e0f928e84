import { REPORTS_PER_DAY, type MyReport, type MyReportList, type NewReportBody, type StudioReport, type StudioReportList } from '@blok/contract';
import type { Executor } from '@blok/db';
import { AppError, notFound } from '../errors.ts';
import type { UnitOfWork } from '../write/unit-of-work.ts';
import { ReportsRepository, type ReportRow } from './repository.ts';

/** What a report of a mistake refers to, asked of the owners of questions, chapters and cards (decision 020). */
export interface ReportTargets {
  question(id: string): Promise<{ id: string; subjectId: string; text: string } | undefined>;
  chapter(id: string): Promise<{ id: string; subjectId: string; title: string } | undefined>;
  flashcard(id: string): Promise<{ id: string; subjectId: string; front: string; setTitle: string } | undefined>;
}

/** Who may read a subject's inbox, and the audit log a handled report goes into: the studio's. */
export interface ReportsStudio {
  /** the member who may see the subject (an author assigned to it, an editor, an admin); 404 otherwise */
  subjectMember(executor: Executor, userId: string, subjectId: string): Promise<{ id: string; email: string }>;
  audit(tx: Executor, entry: { userId: string; email: string; subjectId: string | null; action: string; detail: string }): Promise<void>;
}

const REPORT_LIST_LIMIT = 200;
const NOT_FOUND: Record<NewReportBody['kind'], string> = {
  question: 'Deze vraag bestaat niet.',
  chapter: 'Dit hoofdstuk bestaat niet.',
  flashcard: 'Deze kaart bestaat niet.',
};
const DAY_MS = 24 * 60 * 60 * 1000;
/** A question's text as context in the inbox: long enough to recognise it. */
const CONTEXT_LENGTH = 300;

const myReport = (r: ReportRow): MyReport => ({
  id: r.id,
  kind: r.kind === 'chapter' || r.kind === 'flashcard' ? r.kind : 'question',
  itemId: r.item_id,
  subjectId: r.subject_id,
  itemTitle: r.item_title,
  message: r.message,
  status: r.status === 'handled' ? 'handled' : 'open',
  createdAt: r.created_at,
  handledAt: r.handled_at,
});
const studioReport = (r: ReportRow): StudioReport => ({ ...myReport(r), handledBy: r.handled_by });

/** A title or question text as plain text: the inbox shows it as text. */
const plainTitle = (text: string) => text.replace(/<[^>]*>/g, '').replace(/\s+/g, ' ').trim();

/**
 * "Meld een fout" (decision 029): a student reports a mistake in a question, a chapter or a
 * flashcard and sees her own reports; the authors of the subject (and editors and admins) read the
 * subject's inbox in the studio and mark a report handled.
 */
export class ReportsService {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly targets: ReportTargets,
    private readonly studio: ReportsStudio,
  ) {}

  private repo(executor: Executor = this.uow.executor): ReportsRepository {
    return new ReportsRepository(executor);
  }

  /**
   * A student reports a mistake. Anyone signed in may; the report keeps the item's text or title (a
   * card's front side) as context. At most REPORTS_PER_DAY a day per student.
   */
  async report(userId: string, body: NewReportBody): Promise<MyReport> {
    return this.uow.run(async (tx) => {
      const target = await this.reportTarget(body.kind, body.itemId);
      if (!target) throw notFound(NOT_FOUND[body.kind]);
      const repo = this.repo(tx);
      const now = new Date();
      if ((await repo.reportsSince(userId, new Date(now.getTime() - DAY_MS).toISOString())) >= REPORTS_PER_DAY) {
        throw new AppError('limit_reached', `Je hebt vandaag al ${REPORTS_PER_DAY} fouten gemeld. Morgen kun je weer melden.`);
      }
      const row = await repo.addReport({
        user_id: userId,
        subject_id: target.subjectId,
        kind: body.kind,
        item_id: target.id,
        item_title: target.title,
        message: body.message,
        status: 'open',
        handled_by: null,
        handled_at: null,
        created_at: now.toISOString(),
      });
      return myReport(row);
    });
  }

  private async reportTarget(kind: NewReportBody['kind'], id: string): Promise<{ id: string; subjectId: string; title: string } | undefined> {
    if (kind === 'chapter') {
      const chapter = await this.targets.chapter(id);
      return chapter && { id: chapter.id, subjectId: chapter.subjectId, title: plainTitle(chapter.title) };
    }
    if (kind === 'flashcard') {
      const card = await this.targets.flashcard(id);
      // a card whose front is only a picture is known by its set
      return card && { id: card.id, subjectId: card.subjectId, title: (plainTitle(card.front) || plainTitle(card.setTitle)).slice(0, CONTEXT_LENGTH) };
    }
    const question = await this.targets.question(id);
    return question && { id: question.id, subjectId: question.subjectId, title: plainTitle(question.text).slice(0, CONTEXT_LENGTH) };
  }

  /** Her own reports, newest first, with whether they were handled. */
  async myReports(userId: string): Promise<MyReportList> {
    return { reports: (await this.repo().reportsOf(userId, REPORT_LIST_LIMIT)).map(myReport) };
  }

  /** The inbox of a subject: its reports for the authors of that subject (and editors and admins). */
  async inbox(userId: string, subjectId: string): Promise<StudioReportList> {
    const executor = this.uow.executor;
    await this.studio.subjectMember(executor, userId, subjectId);
    return { reports: (await this.repo(executor).reportsOfSubject(subjectId, REPORT_LIST_LIMIT)).map(studioReport) };
  }

  /** Marks a report handled (once; again is a no-op). 404 for a report outside her subjects. */
  async handle(userId: string, reportId: string): Promise<StudioReport> {
    return this.uow.run(async (tx) => {
      const repo = this.repo(tx);
      const found = await repo.report(reportId);
      if (!found) throw notFound('Niet gevonden');
      const member = await this.studio.subjectMember(tx, userId, found.subject_id);
      if (found.status !== 'handled') {
        await repo.handleReport(found.id, member.email, new Date().toISOString());
        await this.studio.audit(tx, { userId: member.id, email: member.email, subjectId: found.subject_id, action: 'report.handle', detail: `${found.kind} ${found.item_id}` });
      }
      return studioReport((await repo.report(found.id))!);
    });
  }
}
