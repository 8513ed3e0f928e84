import {
  ROLES,
  roleName,
  type AuditList,
  type Catalogue,
  type DraftStatus,
  type RoleName,
  type StudioCalibration,
  type StudioCheck,
  type StudioDocument,
  type StudentPreview,
  type StudioDraft,
  type StudioImage,
  type StudioItemAnalysis,
  type StudioMe,
  type StudioMemberList,
  type StudioProblem,
  type StudioRelease,
  type StudioSubjectList,
} from '@blok/contract';
import { ContentError, loadSubject, memorySource } from '@blok/content/load';
import type { Executor } from '@blok/db';
import { AppError, notFound } from '../errors.ts';
import type { UnitOfWork } from '../write/unit-of-work.ts';
import { catalogueSubjects, exportSubjectFiles, subjectAudiences, subjectExists, subjectImages } from '../content/exporter.ts';
import { idsOfOtherSubjects, writeSubject, type ContentWriters } from '../content/importer.ts';
import { contentImageUrl, renderCardHtml, renderChapterHtml, sanitizeInline } from '../content/render.ts';
import { processContentImage } from './image.ts';
import { changeList, checkDocument, documentIds, loadedToDocument, parseDocument, problemsOf, type CheckedDocument } from './document.ts';
import { StudioRepository } from './repository.ts';

/** The account owner's answers the studio needs (UserService, decision 020). */
export interface StudioAccounts {
  roleOf(executor: Executor, userId: string): Promise<{ id: string; email: string; roleId: number } | undefined>;
  accountByEmail(executor: Executor, email: string): Promise<{ id: string; email: string; roleId: number } | undefined>;
  accountsWithRole(executor: Executor, minRoleId: number): Promise<Array<{ id: string; email: string; roleId: number }>>;
  setRole(tx: Executor, userId: string, roleId: number): Promise<void>;
  /** the ids of the accounts with the admin role, locked until the transaction ends */
  lockAdmins(tx: Executor, adminRoleId: number): Promise<string[]>;
}

/** Who keeps aggregates of answers and must recompute them after a release (decision 029). */
export interface OutdatedAnswers {
  questionsOutdated(tx: Executor, subjectId: string, questionIds: readonly string[]): Promise<void>;
}

interface Member {
  id: string;
  email: string;
  roleId: number;
}

/** The same answer for "no such subject" and "not yours": a student learns nothing from it. */
const hidden = () => notFound('Niet gevonden');
const AUDIT_LIMIT = 200;

const invalid = (problems: StudioProblem[]) => {
  const err = new AppError('content_invalid', `De inhoud heeft ${problems.length} ${problems.length === 1 ? 'probleem' : 'problemen'}; los ${problems.length === 1 ? 'het' : 'ze'} eerst op.`);
  return err.withFields(problems.map((p) => ({ field: [p.file, p.question ? `vraag ${p.question}` : '', p.field].filter(Boolean).join(': '), message: p.message })));
};

/**
 * The author studio (issue 29, decision 026). Every method first finds her role on the server:
 * a student, or an author asking for a subject she is not assigned to, gets 404. Authors write
 * drafts of their subjects; editors (and admins) send them back or publish them, and roll back;
 * admins give roles and subjects and read the audit log. A publish writes the document's checked
 * objects (no YAML in between, decision 041) through the content importer's own `writeSubject`,
 * the one writer of the catalogue, each owner's tables by the owner's writer in `content`.
 */
export class StudioService {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly accounts: StudioAccounts,
    /** each owner's writer of the catalogue's tables (the composition root's `contentWriters`) */
    private readonly content: ContentWriters,
    /** the registration's catalogue of universities, studies and years (decision 031): the preview as a student picks from it */
    private readonly catalogue?: () => Promise<Catalogue>,
    /** told in the release's transaction which questions' earlier answers no longer count (the plan) */
    private readonly outdated?: OutdatedAnswers,
    /** the standing's calibration of a subject's expected grade against real mock exams (issue 39) */
    private readonly calibrationOf?: (subjectId: string) => Promise<Omit<StudioCalibration, 'subjectId'>>,
    /** the item analysis of a subject's questions, asked of the questions feature, which owns the answers (issue 40) */
    private readonly items?: (subjectId: string) => Promise<StudioItemAnalysis['items']>,
  ) {}

  /** Item analysis of a subject she may write: per question from students' answers (issue 40). */
  async itemAnalysis(userId: string, subjectId: string): Promise<StudioItemAnalysis> {
    await this.subjectMember(this.uow.executor, userId, subjectId);
    return { subjectId, items: this.items ? await this.items(subjectId) : [] };
  }

  private repo(executor: Executor = this.uow.executor): StudioRepository {
    return new StudioRepository(executor);
  }

  /**
   * The importer's checks on a subject's document, with its stored images, and the ids in it that
   * belong to another subject (issue 38): the same answer in the editor, on submit and on publish.
   */
  private async checked(executor: Executor, subjectId: string, document: StudioDocument): Promise<CheckedDocument> {
    const images = await subjectImages(executor, subjectId);
    const foreign = await idsOfOtherSubjects(executor, subjectId, documentIds(document), this.content);
    return checkDocument(document, images, foreign);
  }

  /** Her account when she has a studio role of at least `min`; 404 otherwise. */
  private async member(executor: Executor, userId: string, min: number = ROLES.author): Promise<Member> {
    const account = await this.accounts.roleOf(executor, userId);
    if (!account || account.roleId < min) throw hidden();
    return account;
  }

  /** She may see the subject: an editor or admin any subject, an author those assigned to her; else 404. */
  async subjectMember(executor: Executor, userId: string, subjectId: string, min: number = ROLES.author): Promise<Member> {
    const member = await this.member(executor, userId, min);
    if (member.roleId === ROLES.author && !(await this.repo(executor).isAssigned(member.id, subjectId))) throw hidden();
    return member;
  }

  /** Editors and admins: how honest the expected grade was on the subject's mock exams; 404 for anyone else. */
  async calibration(userId: string, subjectId: string): Promise<StudioCalibration> {
    await this.subjectMember(this.uow.executor, userId, subjectId, ROLES.editor);
    if (!(await subjectExists(this.uow.executor, subjectId))) throw hidden();
    const figures = this.calibrationOf ? await this.calibrationOf(subjectId) : { exams: 0, students: 0, meanAbsoluteError: null, bias: null, withinRange: null, questions: 0, brier: null, bins: [] };
    return { subjectId, ...figures };
  }

  async me(userId: string): Promise<StudioMe> {
    const member = await this.member(this.uow.executor, userId);
    return { role: roleName(member.roleId), canPublish: member.roleId >= ROLES.editor, canAdminister: member.roleId >= ROLES.admin };
  }

  async subjects(userId: string): Promise<StudioSubjectList> {
    const executor = this.uow.executor;
    const member = await this.member(executor, userId);
    const all = await catalogueSubjects(executor);
    const repo = this.repo(executor);
    const visible = member.roleId === ROLES.author ? new Set(await repo.assignedSubjects(member.id)) : null;
    const subjects = visible ? all.filter((s) => visible.has(s.id)) : all;
    const ids = subjects.map((s) => s.id);
    const [drafts, numbers] = await Promise.all([repo.drafts(ids), repo.latestNumbers(ids)]);
    const draftOf = new Map(drafts.map((d) => [d.subject_id, d]));
    return {
      subjects: subjects.map((s) => ({
        id: s.id,
        title: s.title,
        status: (draftOf.get(s.id)?.status as DraftStatus | undefined) ?? 'published',
        release: numbers.get(s.id) ?? null,
        updatedAt: draftOf.get(s.id)?.updated_at ?? null,
      })),
    };
  }

  /**
   * What students see now: the latest release, or (before the studio's first) the imported catalogue.
   * Its studies and years are those of now: the catalogue's admins may have changed them since the
   * release (decision 031), and a next publish must not undo that.
   */
  private async publishedDocument(executor: Executor, subjectId: string): Promise<StudioDocument | null> {
    const release = await this.repo(executor).latestRelease(subjectId);
    if (release) {
      const audiences = await subjectAudiences(executor, subjectId);
      const document = parseDocument(release.document);
      const key = (list: Array<{ study: string; year: string }>) => list.map((a) => `${a.study}|${a.year}`).sort().join(',');
      return audiences.length && key(audiences) !== key(document.audiences) ? { ...document, audiences } : document;
    }
    const exported = await exportSubjectFiles(executor, subjectId);
    if (!exported) return null;
    return loadedToDocument(loadSubject(memorySource(`catalogue:${subjectId}`, exported.files, exported.images)));
  }

  async draft(userId: string, subjectId: string): Promise<StudioDraft> {
    const executor = this.uow.executor;
    const member = await this.subjectMember(executor, userId, subjectId);
    return this.draftView(executor, member, subjectId);
  }

  private async draftView(executor: Executor, member: Member, subjectId: string): Promise<StudioDraft> {
    const repo = this.repo(executor);
    const [row, latest] = await Promise.all([repo.draft(subjectId), repo.latestRelease(subjectId)]);
    const document = row ? parseDocument(row.document) : await this.publishedDocument(executor, subjectId);
    if (!document) throw hidden();
    const checked = await this.checked(executor, subjectId, document);
    return {
      subjectId,
      status: (row?.status as DraftStatus | undefined) ?? 'published',
      comment: row?.comment ?? '',
      document,
      problems: checked.problems,
      warnings: checked.warnings,
      release: latest?.number ?? null,
      updatedAt: row?.updated_at ?? null,
      updatedBy: row?.updated_by ?? null,
      canPublish: member.roleId >= ROLES.editor,
    };
  }

  /** The importer's checks on a document as she types; writes nothing. */
  async check(userId: string, subjectId: string, document: StudioDocument): Promise<StudioCheck> {
    const executor = this.uow.executor;
    await this.subjectMember(executor, userId, subjectId);
    const { problems, warnings } = await this.checked(executor, subjectId, document);
    return { problems, warnings };
  }

  /** A chapter's Markdown as the reader will show it: the import's own renderer. */
  async preview(userId: string, subjectId: string, markdown: string): Promise<{ html: string }> {
    await this.subjectMember(this.uow.executor, userId, subjectId);
    return { html: renderChapterHtml(markdown, subjectId) };
  }

  /**
   * Stores a picture an author uploads for a subject as one of its content images (decision 030):
   * checked and re-encoded first (only for a member of the subject: nobody else's bytes are
   * decoded), then stored in one unit of work with its audit entry. The reader serves it at once,
   * so her preview shows it; every release of the subject carries it.
   */
  async uploadImage(userId: string, subjectId: string, file: { data: Buffer; type: string }): Promise<StudioImage> {
    await this.subjectMember(this.uow.executor, userId, subjectId);
    if (!(await subjectExists(this.uow.executor, subjectId))) throw hidden();
    const image = await processContentImage(file);
    return this.uow.run(async (tx) => {
      const member = await this.subjectMember(tx, userId, subjectId);
      await this.content.library.addImage(tx, subjectId, image.name, image.mime, image.data);
      await this.repo(tx).audit({
        user_id: member.id,
        user_email: member.email,
        subject_id: subjectId,
        action: 'image.upload',
        detail: `images/${image.name} (${image.width} x ${image.height}, ${Math.round(image.data.length / 1024)} KB)`,
      });
      return { path: `images/${image.name}`, url: contentImageUrl(subjectId, image.name), width: image.width, height: image.height };
    });
  }

  /**
   * The document as a student of a university, study and year (the registration's catalogue) would
   * see it: whether the subject is one of her study year's at all, and its chapters and cards
   * rendered by the reader's renderers. Reads no student's data and writes nothing.
   */
  async studentPreview(userId: string, subjectId: string, document: StudioDocument, choice: { university: string; study: string; year: string }): Promise<StudentPreview> {
    if (document.id !== subjectId) throw new AppError('invalid_request', 'Het document hoort bij een ander vak.');
    await this.subjectMember(this.uow.executor, userId, subjectId);
    const university = (await this.catalogue?.())?.universities.find((u) => u.id === choice.university);
    const study = university?.studies.find((x) => x.id === choice.study);
    const year = study?.years.find((y) => y.id === choice.year);
    if (!university || !study || !year) {
      throw new AppError('invalid_request', 'Kies een universiteit, studie en jaar uit de lijst.').withFields([{ field: 'year', message: 'deze combinatie bestaat niet' }]);
    }
    const picture = (path: string | undefined) => (path ? contentImageUrl(subjectId, path) : null);
    return {
      audience: { university: university.name, study: study.name, year: year.name },
      visible: document.audiences.some((a) => a.study === study.id && a.year === year.id),
      title: document.title,
      description: document.description,
      summaries: document.summaries.map((s) => ({
        id: s.id,
        title: s.title,
        source: s.source,
        chapters: s.chapters.map((c) => ({
          id: c.id,
          titleHtml: sanitizeInline(c.title),
          startPage: c.startPage,
          endPage: c.endPage,
          access: c.access,
          html: renderChapterHtml(c.markdown, subjectId),
        })),
      })),
      questionLists: document.questionLists.map((l) => ({ id: l.id, title: l.title, questions: l.questions.length })),
      flashcardSets: document.flashcardSets.map((x) => ({
        id: x.id,
        title: x.title,
        description: x.description,
        cards: x.cards.map((c) => ({
          id: c.id,
          frontHtml: renderCardHtml(c.front, subjectId),
          backHtml: renderCardHtml(c.back, subjectId),
          frontPictureUrl: picture(c.frontPicture),
          backPictureUrl: picture(c.backPicture),
        })),
      })),
    };
  }

  async saveDraft(userId: string, subjectId: string, document: StudioDocument): Promise<StudioDraft> {
    if (document.id !== subjectId) throw new AppError('invalid_request', 'Het document hoort bij een ander vak.');
    return this.uow.run(async (tx) => {
      const member = await this.subjectMember(tx, userId, subjectId);
      const repo = this.repo(tx);
      const before = (await repo.draft(subjectId)) ?? null;
      const previous = before ? parseDocument(before.document) : await this.publishedDocument(tx, subjectId);
      if (!previous) throw hidden();
      await repo.saveDraft({
        subject_id: subjectId,
        document: JSON.stringify(document),
        status: 'draft',
        // the editor's comment stays in sight while she works on it
        comment: before?.comment ?? '',
        updated_by: member.email,
        updated_at: new Date().toISOString(),
      });
      await repo.audit({ user_id: member.id, user_email: member.email, subject_id: subjectId, action: 'draft.save', detail: changeList(previous, document).join('; ') });
      return this.draftView(tx, member, subjectId);
    });
  }

  async submit(userId: string, subjectId: string): Promise<StudioDraft> {
    return this.uow.run(async (tx) => {
      const member = await this.subjectMember(tx, userId, subjectId);
      const repo = this.repo(tx);
      const row = await repo.draft(subjectId);
      if (!row) throw new AppError('conflict', 'Er is geen concept om in te dienen.');
      if (row.status === 'in_review') throw new AppError('conflict', 'Dit concept wacht al op een redacteur.');
      const { problems } = await this.checked(tx, subjectId, parseDocument(row.document));
      if (problems.length) throw invalid(problems);
      await repo.setDraftStatus(subjectId, 'in_review', '', member.email);
      await repo.audit({ user_id: member.id, user_email: member.email, subject_id: subjectId, action: 'draft.submit', detail: '' });
      return this.draftView(tx, member, subjectId);
    });
  }

  async sendBack(userId: string, subjectId: string, comment: string): Promise<StudioDraft> {
    return this.uow.run(async (tx) => {
      const member = await this.subjectMember(tx, userId, subjectId, ROLES.editor);
      const repo = this.repo(tx);
      const row = await repo.draft(subjectId);
      if (row?.status !== 'in_review') throw new AppError('conflict', 'Dit vak heeft geen concept dat op een redacteur wacht.');
      await repo.setDraftStatus(subjectId, 'sent_back', comment, member.email);
      await repo.audit({ user_id: member.id, user_email: member.email, subject_id: subjectId, action: 'draft.send_back', detail: comment });
      return this.draftView(tx, member, subjectId);
    });
  }

  /** Approves the draft in review and publishes it as the subject's next release. */
  async publish(userId: string, subjectId: string): Promise<StudioDraft> {
    return this.uow.run(async (tx) => {
      const member = await this.subjectMember(tx, userId, subjectId, ROLES.editor);
      const repo = this.repo(tx);
      const row = await repo.draft(subjectId);
      if (row?.status !== 'in_review') throw new AppError('conflict', 'Dit vak heeft geen concept dat op een redacteur wacht.');
      const document = parseDocument(row.document);
      await this.release(tx, member, subjectId, document, null);
      await repo.deleteDraft(subjectId);
      return this.draftView(tx, member, subjectId);
    });
  }

  /** Publishes an earlier release again, as a new release that says where it came from. */
  async rollBack(userId: string, subjectId: string, number: number): Promise<StudioDraft> {
    return this.uow.run(async (tx) => {
      const member = await this.subjectMember(tx, userId, subjectId, ROLES.editor);
      const earlier = await this.repo(tx).release(subjectId, number);
      if (!earlier) throw notFound('Deze release bestaat niet.');
      await this.release(tx, member, subjectId, parseDocument(earlier.document), number);
      return this.draftView(tx, member, subjectId);
    });
  }

  /**
   * Writes the document into the catalogue through the importer's `writeSubject` and records the
   * release: the subject the checks made from the document's objects, never from YAML text.
   */
  private async release(tx: Executor, member: Member, subjectId: string, document: StudioDocument, restoredFrom: number | null): Promise<void> {
    const repo = this.repo(tx);
    const before = await this.publishedDocument(tx, subjectId);
    const checked = await this.checked(tx, subjectId, document);
    if (!checked.loaded) throw invalid(checked.problems);
    let written: Awaited<ReturnType<typeof writeSubject>>;
    try {
      written = await writeSubject(tx, checked.loaded, { origin: 'studio', force: true, writers: this.content });
    } catch (err) {
      // whatever the importer still refuses is the document's problem (400), never a server error
      if (err instanceof ContentError) throw invalid(problemsOf(document, err));
      throw err;
    }
    // answers to a changed or removed question leave the readiness, as they left the grade; a moved one follows its chapter
    await this.outdated?.questionsOutdated(tx, subjectId, written.outdatedQuestions);
    const number = ((await repo.latestRelease(subjectId))?.number ?? 0) + 1;
    const changes = restoredFrom ? [`Teruggezet naar release ${restoredFrom}`, ...changeList(before, document)] : changeList(before, document);
    await repo.addRelease({
      subject_id: subjectId,
      number,
      document: JSON.stringify(document),
      changes: JSON.stringify(changes),
      restored_from: restoredFrom,
      published_by: member.email,
      published_at: new Date().toISOString(),
    });
    await repo.audit({
      user_id: member.id,
      user_email: member.email,
      subject_id: subjectId,
      action: restoredFrom ? 'release.roll_back' : 'release.publish',
      detail: `release ${number}: ${changes.join('; ')}`,
    });
  }

  async releases(userId: string, subjectId: string): Promise<{ releases: StudioRelease[] }> {
    const executor = this.uow.executor;
    await this.subjectMember(executor, userId, subjectId);
    const rows = await this.repo(executor).releases(subjectId);
    return {
      releases: rows.map((r, i) => ({
        number: r.number,
        publishedAt: r.published_at,
        publishedBy: r.published_by,
        changes: JSON.parse(r.changes) as string[],
        restoredFrom: r.restored_from,
        current: i === 0,
      })),
    };
  }

  // ------------------------------------------------------------ administration (admins)

  /**
   * The catalogue's admins changed a subject's studies and years (decision 031): its open draft
   * takes them over, so that publishing it keeps the change. Its other edits stay as they are.
   */
  async audiencesChanged(tx: Executor, subjectId: string, audiences: Array<{ study: string; year: string }>): Promise<void> {
    const repo = this.repo(tx);
    const row = await repo.draft(subjectId);
    if (!row) return;
    const document = parseDocument(row.document);
    await repo.saveDraft({ ...row, document: JSON.stringify({ ...document, audiences }) });
  }

  async members(userId: string): Promise<StudioMemberList> {
    const executor = this.uow.executor;
    await this.member(executor, userId, ROLES.admin);
    const members = await this.accounts.accountsWithRole(executor, ROLES.author);
    const assignments = await this.repo(executor).assignmentsOf(members.map((m) => m.id));
    return {
      members: members.map((m) => ({
        email: m.email,
        role: roleName(m.roleId),
        subjects: assignments.filter((a) => a.user_id === m.id).map((a) => a.subject_id),
      })),
    };
  }

  /** Gives an account a role. `actorId` null: the command line (`npm run user:role`). */
  async setRole(actorId: string | null, email: string, role: RoleName): Promise<StudioMemberList['members'][number]> {
    return this.uow.run(async (tx) => {
      const actor = actorId === null ? { id: null, email: 'opdrachtregel' } : await this.member(tx, actorId, ROLES.admin);
      const account = await this.accounts.accountByEmail(tx, email);
      if (!account) throw notFound('Er is geen account met dit e-mailadres.');
      if (account.roleId === ROLES.admin && ROLES[role] !== ROLES.admin) {
        // the studio keeps an admin: nobody could give roles any more (issue 38)
        const admins = await this.accounts.lockAdmins(tx, ROLES.admin);
        if (admins.includes(account.id) && admins.length === 1) {
          throw new AppError('last_admin', 'Dit is de laatste beheerder. Maak eerst iemand anders beheerder.');
        }
      }
      await this.accounts.setRole(tx, account.id, ROLES[role]);
      await this.repo(tx).audit({ user_id: actor.id, user_email: actor.email, subject_id: null, action: 'role.set', detail: `${account.email}: ${roleName(account.roleId)} -> ${role}` });
      return { email: account.email, role, subjects: await this.repo(tx).assignedSubjects(account.id) };
    });
  }

  async assign(actorId: string, email: string, subjectId: string, assigned: boolean): Promise<StudioMemberList['members'][number]> {
    return this.uow.run(async (tx) => {
      const actor = await this.member(tx, actorId, ROLES.admin);
      const account = await this.accounts.accountByEmail(tx, email);
      if (!account) throw notFound('Er is geen account met dit e-mailadres.');
      if (account.roleId < ROLES.author) throw new AppError('conflict', 'Geef dit account eerst de rol auteur of redacteur.');
      if (!(await catalogueSubjects(tx)).some((s) => s.id === subjectId)) throw notFound('Dit vak bestaat niet.');
      const repo = this.repo(tx);
      if (assigned) await repo.assign(account.id, subjectId);
      else await repo.unassign(account.id, subjectId);
      await repo.audit({ user_id: actor.id, user_email: actor.email, subject_id: subjectId, action: assigned ? 'assignment.add' : 'assignment.remove', detail: account.email });
      return { email: account.email, role: roleName(account.roleId), subjects: await repo.assignedSubjects(account.id) };
    });
  }

  async auditLog(userId: string, subjectId: string | undefined): Promise<AuditList> {
    const executor = this.uow.executor;
    await this.member(executor, userId, ROLES.admin);
    const rows = await this.repo(executor).auditLog(subjectId, AUDIT_LIMIT);
    return { entries: rows.map((r) => ({ at: r.created_at, who: r.user_email, action: r.action, subjectId: r.subject_id, detail: r.detail })) };
  }
}
