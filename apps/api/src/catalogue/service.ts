import {
  ROLES,
  type AdminCatalogue,
  type Catalogue,
  type CourseInfo,
  type CourseInfoInput,
  type NewStudyBody,
  type NewUniversityBody,
  type NewYearBody,
  type RenameUniversityBody,
} from '@blok/contract';
import type { Executor } from '@blok/db';
import { AppError, notFound } from '../errors.ts';
import type { UnitOfWork } from '../write/unit-of-work.ts';
import { CatalogueRepository, type StudyRow, type UniversityRow, type YearRow } from './repository.ts';

/** Her role, asked of the account's owner (UserService, decision 020). */
export interface CatalogueAccounts {
  roleOf(executor: Executor, userId: string): Promise<{ id: string; email: string; roleId: number } | undefined>;
  /** how many accounts chose this university (and study, and year) */
  studentsIn(executor: Executor, choice: { university: string; study?: string; year?: string }): Promise<number>;
}

/** Which subjects belong to which study year: the library's audiences (decision 031). */
export interface CatalogueSubjects {
  /** every subject, by title */
  allSubjects(executor: Executor): Promise<Array<{ id: string; title: string }>>;
  /** `${study}|${year}` -> its subject ids */
  audienceMap(executor: Executor): Promise<Map<string, string[]>>;
  /** makes these the subjects of the study year; what changed, and each changed subject's audiences after */
  setStudyYearSubjects(
    tx: Executor,
    study: string,
    year: string,
    subjectIds: string[],
  ): Promise<{ added: string[]; removed: string[]; audiences: Map<string, Array<{ study: string; year: string }>> }>;
}

/** The studio's audit log and its drafts (StudioService, decision 020). */
export interface CatalogueStudio {
  audit(tx: Executor, entry: { userId: string; email: string; subjectId: string | null; action: string; detail: string }): Promise<void>;
  /** a subject's studies and years changed outside its editor: its open draft follows */
  audiencesChanged(tx: Executor, subjectId: string, audiences: Array<{ study: string; year: string }>): Promise<void>;
}

/**
 * How long a process trusts its copy before it asks the database for the catalogue's version (one
 * row). A change made by another API process shows at most this much later; one made here at once.
 */
const CHECK_AFTER_MS = 2_000;

interface Cached {
  version: number;
  catalogue: Catalogue;
  rows: { universities: UniversityRow[]; studies: StudyRow[]; years: YearRow[] };
  /** `${university}|${study}|${year}` of every year layer */
  choices: Set<string>;
  checkedAt: number;
}

const courseInfo = (y: YearRow): CourseInfo => ({ vaknaam: y.vaknaam, percentage: y.percentage, header_afbeelding: y.header_image, titeltekst: y.title, bodytekst: y.body });
const courseColumns = (c: CourseInfoInput) => ({ vaknaam: c.vaknaam, percentage: c.percentage, header_image: c.header_afbeelding, title: c.titeltekst, body: c.bodytekst });

const hidden = () => notFound('Niet gevonden');
const inUse = (what: string, n: number) =>
  new AppError('catalogue_in_use', `${what} is nog gekozen door ${n} ${n === 1 ? 'student' : 'studenten'}; verwijderen kan pas als niemand ${what === 'Deze universiteit' ? 'haar' : 'het'} meer gebruikt.`);
const exists = (what: string) => new AppError('catalogue_exists', `${what} met deze id bestaat al.`);

/**
 * The onboarding catalogue (issue 29, decision 031): universities, their studies and year layers
 * with a sample course, read on every registration, profile change and Welcome step through a
 * short-lived, versioned copy; edited by admins in the studio. Which subjects belong to a study year
 * are the library's audiences, the same rows the library reads to fill a student's library.
 */
export class CatalogueService {
  private cached: Cached | null = null;

  constructor(
    private readonly uow: UnitOfWork,
    private readonly accounts: CatalogueAccounts,
    private readonly subjects: CatalogueSubjects,
    private readonly studio: CatalogueStudio,
  ) {}

  private repo(executor: Executor = this.uow.executor): CatalogueRepository {
    return new CatalogueRepository(executor);
  }

  private async current(): Promise<Cached> {
    const now = Date.now();
    const cached = this.cached;
    if (cached && now - cached.checkedAt < CHECK_AFTER_MS) return cached;
    const repo = this.repo();
    const version = await repo.version();
    if (cached && cached.version === version) {
      cached.checkedAt = now;
      return cached;
    }
    const [universities, studies, years] = await Promise.all([repo.universities(), repo.studies(), repo.years()]);
    const fresh: Cached = { version, rows: { universities, studies, years }, catalogue: build(universities, studies, years), choices: new Set(years.map((y) => `${y.university_id}|${y.study_id}|${y.id}`)), checkedAt: now };
    // a slower load of an older version never replaces a newer one
    if (!this.cached || this.cached.version <= version) this.cached = fresh;
    return fresh;
  }

  /** The catalogue as the Welcome step shows it (before the library says which years have subjects). */
  async catalogue(): Promise<Catalogue> {
    return (await this.current()).catalogue;
  }

  /** Whether the university, study and year exist together: registration and the profile ask. */
  async isValidChoice(university: string, study: string, year: string): Promise<boolean> {
    return (await this.current()).choices.has(`${university}|${study}|${year}`);
  }

  // ------------------------------------------------------------ the studio (admins)

  private async admin(executor: Executor, userId: string): Promise<{ id: string; email: string }> {
    const account = await this.accounts.roleOf(executor, userId);
    if (!account || account.roleId < ROLES.admin) throw hidden();
    return account;
  }

  /** The whole catalogue with each year's subjects, and every subject to choose from. */
  async adminView(userId: string): Promise<AdminCatalogue> {
    const executor = this.uow.executor;
    await this.admin(executor, userId);
    return this.adminViewOn(executor);
  }

  private async adminViewOn(executor: Executor): Promise<AdminCatalogue> {
    const repo = this.repo(executor);
    const [universities, studies, years, audiences, subjects] = await Promise.all([
      repo.universities(),
      repo.studies(),
      repo.years(),
      this.subjects.audienceMap(executor),
      this.subjects.allSubjects(executor),
    ]);
    const base = build(universities, studies, years);
    return {
      universities: base.universities.map((u) => ({
        ...u,
        studies: u.studies.map((s) => ({ ...s, years: s.years.map((y) => ({ ...y, subjectIds: audiences.get(`${s.id}|${y.id}`) ?? [] })) })),
      })),
      subjects,
    };
  }

  /** One admin change: her role checked, the change, an audit entry and the version bumped, in one transaction. */
  private change(userId: string, action: string, detail: string, fn: (repo: CatalogueRepository, tx: Executor) => Promise<void>): Promise<AdminCatalogue> {
    return this.uow
      .run(async (tx) => {
        const actor = await this.admin(tx, userId);
        const repo = this.repo(tx);
        await fn(repo, tx);
        await repo.bumpVersion();
        await this.studio.audit(tx, { userId: actor.id, email: actor.email, subjectId: null, action, detail });
        return this.adminViewOn(tx);
      })
      .finally(() => {
        // this process reads its own change at once; the others within CHECK_AFTER_MS
        this.cached = null;
      });
  }

  private async university(repo: CatalogueRepository, id: string): Promise<UniversityRow> {
    const row = await repo.university(id);
    if (!row) throw notFound('Deze universiteit bestaat niet.');
    return row;
  }

  private async study(repo: CatalogueRepository, universityId: string, id: string): Promise<StudyRow> {
    const row = await repo.study(universityId, id);
    if (!row) throw notFound('Deze studie bestaat niet.');
    return row;
  }

  private async year(repo: CatalogueRepository, universityId: string, studyId: string, id: string): Promise<YearRow> {
    const row = await repo.year(universityId, studyId, id);
    if (!row) throw notFound('Dit studiejaar bestaat niet.');
    return row;
  }

  addUniversity(userId: string, body: NewUniversityBody): Promise<AdminCatalogue> {
    return this.change(userId, 'catalogue.university.add', `${body.id}: ${body.name}`, async (repo) => {
      if (await repo.university(body.id)) throw exists('Een universiteit');
      await repo.insertUniversity({ id: body.id, name: body.name, short_name: body.shortName, position: await repo.nextUniversityPosition() });
    });
  }

  renameUniversity(userId: string, universityId: string, body: RenameUniversityBody): Promise<AdminCatalogue> {
    return this.change(userId, 'catalogue.university.rename', `${universityId}: ${body.name} (${body.shortName})`, async (repo) => {
      await this.university(repo, universityId);
      await repo.renameUniversity(universityId, body.name, body.shortName);
    });
  }

  removeUniversity(userId: string, universityId: string): Promise<AdminCatalogue> {
    return this.change(userId, 'catalogue.university.remove', universityId, async (repo, tx) => {
      await this.university(repo, universityId);
      const n = await this.accounts.studentsIn(tx, { university: universityId });
      if (n > 0) throw inUse('Deze universiteit', n);
      await repo.deleteUniversity(universityId);
    });
  }

  addStudy(userId: string, universityId: string, body: NewStudyBody): Promise<AdminCatalogue> {
    return this.change(userId, 'catalogue.study.add', `${universityId}/${body.id}: ${body.name}`, async (repo) => {
      await this.university(repo, universityId);
      if (await repo.study(universityId, body.id)) throw exists('Een studie aan deze universiteit');
      await repo.insertStudy({ university_id: universityId, id: body.id, name: body.name, position: await repo.nextStudyPosition(universityId) });
    });
  }

  renameStudy(userId: string, universityId: string, studyId: string, name: string): Promise<AdminCatalogue> {
    return this.change(userId, 'catalogue.study.rename', `${universityId}/${studyId}: ${name}`, async (repo) => {
      await this.study(repo, universityId, studyId);
      await repo.renameStudy(universityId, studyId, name);
    });
  }

  removeStudy(userId: string, universityId: string, studyId: string): Promise<AdminCatalogue> {
    return this.change(userId, 'catalogue.study.remove', `${universityId}/${studyId}`, async (repo, tx) => {
      await this.study(repo, universityId, studyId);
      const n = await this.accounts.studentsIn(tx, { university: universityId, study: studyId });
      if (n > 0) throw inUse('Deze studie', n);
      await repo.deleteStudy(universityId, studyId);
    });
  }

  addYear(userId: string, universityId: string, studyId: string, body: NewYearBody): Promise<AdminCatalogue> {
    return this.change(userId, 'catalogue.year.add', `${universityId}/${studyId}/${body.id}: ${body.name}`, async (repo) => {
      await this.study(repo, universityId, studyId);
      if (await repo.year(universityId, studyId, body.id)) throw exists('Een studiejaar van deze studie');
      await repo.insertYear({
        university_id: universityId,
        study_id: studyId,
        id: body.id,
        name: body.name,
        position: await repo.nextYearPosition(universityId, studyId),
        ...courseColumns(body.courseInfo),
      });
    });
  }

  renameYear(userId: string, universityId: string, studyId: string, yearId: string, name: string): Promise<AdminCatalogue> {
    return this.change(userId, 'catalogue.year.rename', `${universityId}/${studyId}/${yearId}: ${name}`, async (repo) => {
      await this.year(repo, universityId, studyId, yearId);
      await repo.renameYear(universityId, studyId, yearId, name);
    });
  }

  setCourse(userId: string, universityId: string, studyId: string, yearId: string, course: CourseInfoInput): Promise<AdminCatalogue> {
    return this.change(userId, 'catalogue.year.course', `${universityId}/${studyId}/${yearId}: ${course.vaknaam}`, async (repo) => {
      await this.year(repo, universityId, studyId, yearId);
      await repo.setCourse(universityId, studyId, yearId, courseColumns(course));
    });
  }

  removeYear(userId: string, universityId: string, studyId: string, yearId: string): Promise<AdminCatalogue> {
    return this.change(userId, 'catalogue.year.remove', `${universityId}/${studyId}/${yearId}`, async (repo, tx) => {
      await this.year(repo, universityId, studyId, yearId);
      const n = await this.accounts.studentsIn(tx, { university: universityId, study: studyId, year: yearId });
      if (n > 0) throw inUse('Dit studiejaar', n);
      await repo.deleteYear(universityId, studyId, yearId);
    });
  }

  /**
   * Makes these the subjects of the study year (at every university with this study: the library
   * matches on study and year). A subject keeps at least one year, as its content requires.
   */
  setYearSubjects(userId: string, universityId: string, studyId: string, yearId: string, subjectIds: string[]): Promise<AdminCatalogue> {
    const ids = [...new Set(subjectIds)];
    return this.change(userId, 'catalogue.year.subjects', `${studyId}/${yearId}: ${ids.join(', ') || '(geen)'}`, async (repo, tx) => {
      await this.year(repo, universityId, studyId, yearId);
      const known = new Set((await this.subjects.allSubjects(tx)).map((s) => s.id));
      const unknown = ids.filter((id) => !known.has(id));
      if (unknown.length) throw notFound(`Dit vak bestaat niet: ${unknown.join(', ')}.`);
      const { added, removed, audiences } = await this.subjects.setStudyYearSubjects(tx, studyId, yearId, ids);
      const orphan = removed.filter((id) => (audiences.get(id) ?? []).length === 0);
      if (orphan.length) {
        throw new AppError('subject_needs_a_year', `Een vak hoort bij minstens één studiejaar; geef ${orphan.join(', ')} eerst een ander studiejaar.`);
      }
      for (const id of [...added, ...removed]) await this.studio.audiencesChanged(tx, id, audiences.get(id) ?? []);
    });
  }

  // ------------------------------------------------------------ the seed

  /**
   * Puts the demo catalogue in once, on a fresh database (the API does on start-up). False when it
   * was seeded before, even if admins have since removed all of it.
   */
  seed(universities: readonly SeedUniversity[]): Promise<boolean> {
    return this.uow
      .run(async (tx) => {
        const repo = this.repo(tx);
        if (!(await repo.claimSeed())) return false;
        for (const [u, university] of universities.entries()) {
          if (await repo.university(university.id)) continue;
          await repo.insertUniversity({ id: university.id, name: university.name, short_name: university.shortName, position: u });
          for (const [s, study] of university.studies.entries()) {
            await repo.insertStudy({ university_id: university.id, id: study.id, name: study.name, position: s });
            for (const [y, year] of study.years.entries()) {
              await repo.insertYear({
                university_id: university.id,
                study_id: study.id,
                id: year.id,
                name: year.name,
                position: y,
                vaknaam: year.courseInfo.vaknaam,
                percentage: year.courseInfo.percentage,
                header_image: year.courseInfo.header_afbeelding,
                title: year.courseInfo.titeltekst,
                body: year.courseInfo.bodytekst,
              });
            }
          }
        }
        return true;
      })
      .finally(() => {
        this.cached = null;
      });
  }
}

export interface SeedUniversity {
  id: string;
  name: string;
  shortName: string;
  studies: ReadonlyArray<{ id: string; name: string; years: ReadonlyArray<{ id: string; name: string; courseInfo: Omit<CourseInfo, 'available'> }> }>;
}

/** The rows as the API's catalogue: universities, studies and years in their order. */
function build(universities: UniversityRow[], studies: StudyRow[], years: YearRow[]): Catalogue {
  const yearsOf = new Map<string, YearRow[]>();
  for (const y of years) {
    const key = `${y.university_id}|${y.study_id}`;
    const list = yearsOf.get(key);
    if (list) list.push(y);
    else yearsOf.set(key, [y]);
  }
  const studiesOf = new Map<string, StudyRow[]>();
  for (const s of studies) {
    const list = studiesOf.get(s.university_id);
    if (list) list.push(s);
    else studiesOf.set(s.university_id, [s]);
  }
  return {
    universities: universities.map((u) => ({
      id: u.id,
      name: u.name,
      shortName: u.short_name,
      studies: (studiesOf.get(u.id) ?? []).map((s) => ({
        id: s.id,
        name: s.name,
        years: (yearsOf.get(`${u.id}|${s.id}`) ?? []).map((y) => ({ id: y.id, name: y.name, courseInfo: courseInfo(y) })),
      })),
    })),
  };
}
