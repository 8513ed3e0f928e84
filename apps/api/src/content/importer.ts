import { createHash } from 'node:crypto';
import { basename } from 'node:path';
import { ContentError, listSubjectFolders, loadSubjectFolder, type ContentProblem, type LoadedSubject } from '@blok/content/load';
import { sql, type DB, type Executor } from '@blok/db';
import { flashcardsContentWriter } from '../flashcards/content-writer.ts';
import { libraryContentWriter } from '../library/content-writer.ts';
import { questionsContentWriter } from '../questions/content-writer.ts';
import type { ContentWriters, ForeignId, IdKind } from './writers.ts';

export type { ContentWriters, ForeignId, IdKind } from './writers.ts';

/**
 * Each owner's writer of the catalogue's tables (decision 041): what the composition root gives the
 * studio, and what the command-line import and the seed use.
 */
export const contentWriters = (): ContentWriters => ({ library: libraryContentWriter, questions: questionsContentWriter, flashcards: flashcardsContentWriter });

export interface ImportReport {
  subjects: Array<{
    id: string;
    status: 'imported' | 'unchanged';
    chapters: number;
    questionLists: number;
    questions: number;
    flashcardSets: number;
    flashcards: number;
  }>;
  /** what an author should look at (file names prefixed with the subject folder); the import went ahead */
  warnings: ContentProblem[];
}

function hashSubject(s: LoadedSubject, images: Map<string, Buffer>): string {
  const h = createHash('sha256');
  h.update(JSON.stringify(s.manifest));
  for (const summary of s.summaries) for (const c of summary.chapters) h.update(c.markdown);
  h.update(JSON.stringify(s.questionLists));
  h.update(JSON.stringify(s.flashcardSets));
  for (const [name, data] of [...images].sort(([a], [b]) => a.localeCompare(b))) h.update(name).update(data);
  return h.digest('hex');
}

/** The warnings of loaded subjects, each file named with its subject folder as the problems are. */
export const contentWarnings = (subjects: readonly LoadedSubject[]): ContentProblem[] =>
  subjects.flatMap((s) => s.warnings.map((w) => ({ ...w, file: `${basename(s.dir)}/${w.file}` })));

/** Reads and validates every subject folder under `root` (or `root` itself); throws ContentError listing all problems. */
export function loadContent(root: string): LoadedSubject[] {
  const folders = listSubjectFolders(root);
  if (folders.length === 0) throw new ContentError([{ file: root, field: '(map)', message: 'geen subject.yaml gevonden' }]);
  const loaded: LoadedSubject[] = [];
  const problems: ContentError['problems'] = [];
  for (const dir of folders) {
    try {
      loaded.push(loadSubjectFolder(dir));
    } catch (err) {
      if (!(err instanceof ContentError)) throw err;
      problems.push(...err.problems.map((p) => ({ ...p, file: `${basename(dir)}/${p.file}` })));
    }
  }
  problems.push(...crossSubjectDuplicates(loaded));
  if (problems.length) throw new ContentError(problems);
  return loaded;
}

/** Every id a subject folder claims, by kind (ids are global keys in the database). */
function claimedIds(s: LoadedSubject): Array<[IdKind, string]> {
  return [
    ['subject', s.manifest.id],
    ...s.summaries.map((x): [IdKind, string] => ['samenvatting', x.id]),
    ...s.summaries.flatMap((x) => x.chapters.map((c): [IdKind, string] => ['hoofdstuk', c.id])),
    ...s.questionLists.map((l): [IdKind, string] => ['vragenlijst', l.id]),
    ...s.questionLists.flatMap((l) => l.questions.map((q): [IdKind, string] => ['vraag', q.id])),
    ...s.flashcardSets.map((x): [IdKind, string] => ['flashcardset', x.id]),
    ...s.flashcardSets.flatMap((x) => x.cards.map((c): [IdKind, string] => ['flashcard', c.id])),
  ];
}

function crossSubjectDuplicates(subjects: LoadedSubject[]): ContentError['problems'] {
  const owner = new Map<string, string>();
  const problems: ContentError['problems'] = [];
  for (const s of subjects) {
    for (const [kind, id] of claimedIds(s)) {
      const key = `${kind}:${id}`;
      const other = owner.get(key);
      if (other && other !== s.manifest.id) {
        problems.push({ file: `${s.manifest.id}/subject.yaml`, field: kind, message: `id ${id} wordt ook gebruikt door ${other}` });
      } else owner.set(key, s.manifest.id);
    }
  }
  return problems;
}

/**
 * The ids of `claims` that already belong to a subject other than `subjectId` in the database:
 * writing them would move another subject's items (and its students' progress), so the import and
 * the studio refuse them (issue 38: the studio's checks name them before a publish). Each owner
 * looks in its own tables.
 */
export async function idsOfOtherSubjects(
  db: Executor,
  subjectId: string,
  claims: ReadonlyArray<readonly [IdKind, string]>,
  writers: ContentWriters = contentWriters(),
): Promise<ForeignId[]> {
  const found: ForeignId[] = [];
  for (const owner of [writers.library, writers.questions, writers.flashcards]) found.push(...(await owner.idsOfOtherSubjects(db, subjectId, claims)));
  return found;
}

/** Ids that already belong to ANOTHER subject in the database: importing would move them. */
async function databaseConflicts(db: Executor, s: LoadedSubject, writers: ContentWriters): Promise<ContentError['problems']> {
  const id = s.manifest.id;
  const foreign = await idsOfOtherSubjects(db, id, claimedIds(s), writers);
  return foreign.map((f) => ({ file: `${id}/subject.yaml`, field: f.kind, message: `id ${f.id} hoort al bij vak ${f.subjectId}` }));
}

/** How the hash of a subject the studio published starts (issue 29): the seed does not overwrite it. */
export const STUDIO_HASH_PREFIX = 'studio:';

export interface WriteOptions {
  /** write even when the content hash is unchanged */
  force?: boolean;
  /** who wrote it: a folder (the command line, the seed) or the studio's publish */
  origin?: 'folder' | 'studio';
  /** the seed: a subject last written by the studio stays as it is */
  keepStudioReleases?: boolean;
  /** who writes each owner's tables; by default `contentWriters()` */
  writers?: ContentWriters;
}

type SubjectReport = ImportReport['subjects'][number];

/**
 * What writeSubject did, with the questions whose earlier answers no longer count (decision 029):
 * those whose correct answer changed (their answer_version grew) and those removed. Whoever keeps
 * aggregates of answers (the plan's readiness) recomputes them for these.
 */
export type WrittenSubject = SubjectReport & { outdatedQuestions: string[] };

/**
 * Writes one validated subject into the catalogue tables on `trx` (a transaction of the caller):
 * upserted by stable ids, and what vanished from it deleted. The one writer of the catalogue, for
 * the command-line import, the seed and the studio's publish alike (decision 026); each owner writes
 * its own tables (decision 041), in this order: the library (the subject first), questions,
 * flashcards; what vanished goes in the order flashcards, library, questions.
 */
export async function writeSubject(trx: Executor, s: LoadedSubject, options: WriteOptions = {}): Promise<WrittenSubject> {
  const writers = options.writers ?? contentWriters();
  const conflicts = await databaseConflicts(trx, s, writers);
  if (conflicts.length) throw new ContentError(conflicts);
  const id = s.manifest.id;
  // Each image is read once: for the hash and, when the subject changed, for the insert.
  const images = new Map([...s.images.keys()].map((path) => [path, s.readImage(path)] as const));
  const hash = `${options.origin === 'studio' ? STUDIO_HASH_PREFIX : ''}${hashSubject(s, images)}`;
  const counts = {
    chapters: s.summaries.reduce((n, x) => n + x.chapters.length, 0),
    questionLists: s.questionLists.length,
    questions: s.questionLists.reduce((n, l) => n + l.questions.length, 0),
    flashcardSets: s.flashcardSets.length,
    flashcards: s.flashcardSets.reduce((n, x) => n + x.cards.length, 0),
  };
  const existing = await writers.library.storedHash(trx, id);
  if (existing === hash && !options.force) return { id, status: 'unchanged', ...counts, outdatedQuestions: [] };
  // The seed leaves a subject the studio published alone: the studio's release is what students see.
  if (options.keepStudioReleases && existing?.startsWith(STUDIO_HASH_PREFIX)) return { id, status: 'unchanged', ...counts, outdatedQuestions: [] };

  await writers.library.write(trx, s, { hash, images });
  const { outdatedQuestions } = await writers.questions.write(trx, s);
  await writers.flashcards.write(trx, s);

  // Remove what vanished from the subject.
  await writers.flashcards.removeStale(trx, s);
  await writers.library.removeStale(trx, s);
  await writers.questions.removeStale(trx, s);
  return { id, status: 'imported', ...counts, outdatedQuestions };
}

/**
 * Validates all folders first, then writes everything in ONE transaction: a broken folder leaves
 * the database untouched. Rows are upserted by their stable ids (user progress and answers keep
 * pointing at them); rows of a subject that vanished from its folder are deleted. Unchanged
 * subjects (same content hash) are skipped, so the seed on every start is cheap and idempotent.
 */
export async function importContent(
  db: DB,
  root: string,
  options: {
    force?: boolean;
    dialect?: 'sqlite' | 'postgres';
    keepStudioReleases?: boolean;
    /** who writes each owner's tables; by default `contentWriters()` */
    writers?: ContentWriters;
    /** told, in the import's transaction, which questions' earlier answers no longer count (decision 029) */
    onOutdated?: (trx: Executor, subjectId: string, questionIds: string[]) => Promise<void>;
  } = {},
): Promise<ImportReport> {
  const subjects = loadContent(root);
  const writers = options.writers ?? contentWriters();
  const conflicts = (await Promise.all(subjects.map((x) => databaseConflicts(db, x, writers)))).flat();
  if (conflicts.length) throw new ContentError(conflicts);
  const report: ImportReport = { subjects: [], warnings: contentWarnings(subjects) };
  await db.transaction().execute(async (trx) => {
    // Several API processes may start at once: one imports, the others wait and then find it unchanged.
    if (options.dialect === 'postgres') await sql`select pg_advisory_xact_lock(727274)`.execute(trx);
    for (const s of subjects) {
      const { outdatedQuestions, ...written } = await writeSubject(trx, s, { force: options.force, keepStudioReleases: options.keepStudioReleases, writers });
      if (outdatedQuestions.length) await options.onOutdated?.(trx, written.id, outdatedQuestions);
      report.subjects.push(written);
    }
  });
  return report;
}
