import { createHash } from 'node:crypto';
import { basename } from 'node:path';
import { answerKey, questionSpec } from '@blok/content/checks';
import { ContentError, listSubjectFolders, loadSubjectFolder, type ContentProblem, type LoadedSubject } from '@blok/content/load';
import { sql, type DB, type Executor } from '@blok/db';
import { plainText } from '@blok/domain/markup';
import { clozeBlanks, parseSpec, specKey } from '@blok/domain/question-types';
import { subjectSearchText } from '@blok/domain/search';
import { renderCardHtml, renderChapterHtml, sanitizeInline } from './render.ts';

const MIME: Record<string, string> = { svg: 'image/svg+xml', png: 'image/png', jpg: 'image/jpeg', jpeg: 'image/jpeg', webp: 'image/webp' };

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

/** The kinds of id a subject's content has; each is a global key of its table. */
export type IdKind = 'subject' | 'samenvatting' | 'hoofdstuk' | 'vragenlijst' | 'vraag' | 'flashcardset' | 'flashcard';

/** An id a subject claims that already belongs to another subject in the database. */
export interface ForeignId {
  kind: IdKind;
  id: string;
  /** the subject it belongs to */
  subjectId: string;
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

/** Where each kind of id lives: one query per table, each naming its table, so the owners' lint sees them (decision 020). */
const ELSEWHERE: Record<Exclude<IdKind, 'subject'>, (db: Executor, ids: string[], subjectId: string) => Promise<Array<{ id: string; subject_id: string }>>> = {
  samenvatting: (db, ids, subjectId) => db.selectFrom('summaries').select(['id', 'subject_id']).where('id', 'in', ids).where('subject_id', '!=', subjectId).execute(),
  hoofdstuk: (db, ids, subjectId) => db.selectFrom('chapters').select(['id', 'subject_id']).where('id', 'in', ids).where('subject_id', '!=', subjectId).execute(),
  vragenlijst: (db, ids, subjectId) => db.selectFrom('question_lists').select(['id', 'subject_id']).where('id', 'in', ids).where('subject_id', '!=', subjectId).execute(),
  vraag: (db, ids, subjectId) => db.selectFrom('questions').select(['id', 'subject_id']).where('id', 'in', ids).where('subject_id', '!=', subjectId).execute(),
  flashcardset: (db, ids, subjectId) => db.selectFrom('flashcard_sets').select(['id', 'subject_id']).where('id', 'in', ids).where('subject_id', '!=', subjectId).execute(),
  flashcard: (db, ids, subjectId) => db.selectFrom('flashcards').select(['id', 'subject_id']).where('id', 'in', ids).where('subject_id', '!=', subjectId).execute(),
};

/**
 * The ids of `claims` that already belong to a subject other than `subjectId` in the database:
 * writing them would move another subject's items (and its students' progress), so the import and
 * the studio refuse them (issue 38: the studio's checks name them before a publish).
 */
export async function idsOfOtherSubjects(db: Executor, subjectId: string, claims: ReadonlyArray<readonly [IdKind, string]>): Promise<ForeignId[]> {
  const found: ForeignId[] = [];
  for (const [kind, elsewhere] of Object.entries(ELSEWHERE) as Array<[Exclude<IdKind, 'subject'>, (typeof ELSEWHERE)[keyof typeof ELSEWHERE]]>) {
    const ids = [...new Set(claims.filter(([k]) => k === kind).map(([, id]) => id))];
    if (ids.length === 0) continue;
    for (const r of await elsewhere(db, ids, subjectId)) found.push({ kind, id: r.id, subjectId: r.subject_id });
  }
  return found;
}

/** Ids that already belong to ANOTHER subject in the database: importing would move them. */
async function databaseConflicts(db: Executor, s: LoadedSubject): Promise<ContentError['problems']> {
  const id = s.manifest.id;
  const foreign = await idsOfOtherSubjects(db, id, claimedIds(s));
  return foreign.map((f) => ({ file: `${id}/subject.yaml`, field: f.kind, message: `id ${f.id} hoort al bij vak ${f.subjectId}` }));
}

/**
 * What makes an answer right: the kind and the set of correct answer ids (an open question: its kind
 * only); for the types of issue 40 their spec's key (@blok/domain/question-types specKey).
 */
const correctKey = (type: string, correctIds: string[], spec: string | null = null): string => {
  const parsed = parseSpec(spec);
  return parsed ? specKey(parsed) : `${type}:${[...correctIds].sort().join(',')}`;
};

/** The subject's questions as stored: their answer version and what made an answer right. */
async function answerVersions(trx: Executor, subjectId: string): Promise<Map<string, { version: number; key: string }>> {
  const questions = await trx.selectFrom('questions').select(['id', 'type', 'answer_version', 'spec']).where('subject_id', '=', subjectId).execute();
  const correct = await trx
    .selectFrom('answers')
    .innerJoin('questions', 'questions.id', 'answers.question_id')
    .select(['answers.question_id', 'answers.id'])
    .where('questions.subject_id', '=', subjectId)
    .where('answers.is_correct', '=', 1)
    .execute();
  const correctOf = new Map<string, string[]>();
  for (const a of correct) correctOf.set(a.question_id, [...(correctOf.get(a.question_id) ?? []), a.id]);
  return new Map(questions.map((q) => [q.id, { version: q.answer_version, key: correctKey(q.type, correctOf.get(q.id) ?? [], q.spec) }]));
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
}

type SubjectReport = ImportReport['subjects'][number];

/**
 * What writeSubject did, with the questions whose earlier answers no longer count (decision 029):
 * those whose correct answer changed (their answer_version grew) and those removed. Whoever keeps
 * aggregates of answers (the plan's readiness) recomputes them for these.
 */
export type WrittenSubject = SubjectReport & { outdatedQuestions: string[] };

/**
 * Stores one image of a subject beside its imported ones (content_images), where the reader serves
 * it and every later release of the subject carries it (the studio's uploads, decision 030). The
 * same name again is a no-op: names are made from the bytes.
 */
export async function addContentImage(trx: Executor, subjectId: string, name: string, mime: string, data: Buffer): Promise<void> {
  await trx
    .insertInto('content_images')
    .values({ subject_id: subjectId, name, mime, data_base64: data.toString('base64') })
    .onConflict((oc) => oc.columns(['subject_id', 'name']).doNothing())
    .execute();
}

/**
 * Writes one validated subject into the catalogue tables on `trx` (a transaction of the caller):
 * upserted by stable ids, and what vanished from it deleted. The one writer of the catalogue, for
 * the command-line import, the seed and the studio's publish alike (decision 026).
 */
export async function writeSubject(trx: Executor, s: LoadedSubject, options: WriteOptions = {}): Promise<WrittenSubject> {
  const conflicts = await databaseConflicts(trx, s);
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
  const existing = await trx.selectFrom('subjects').select('content_hash').where('id', '=', id).executeTakeFirst();
  if (existing?.content_hash === hash && !options.force) return { id, status: 'unchanged', ...counts, outdatedQuestions: [] };
  // The seed leaves a subject the studio published alone: the studio's release is what students see.
  if (options.keepStudioReleases && existing?.content_hash.startsWith(STUDIO_HASH_PREFIX)) return { id, status: 'unchanged', ...counts, outdatedQuestions: [] };
  const ts = new Date().toISOString();
  await trx
    .insertInto('subjects')
    .values({ id, title: s.manifest.title, description: s.manifest.description, search_text: subjectSearchText(s.manifest), content_hash: hash, created_at: ts, updated_at: ts })
    .onConflict((oc) =>
      oc.column('id').doUpdateSet({ title: s.manifest.title, description: s.manifest.description, search_text: subjectSearchText(s.manifest), content_hash: hash, updated_at: ts }),
    )
    .execute();

  await trx.deleteFrom('subject_audiences').where('subject_id', '=', id).execute();
  for (const a of s.manifest.audiences) {
    await trx.insertInto('subject_audiences').values({ subject_id: id, study: a.study, year: a.year }).onConflict((oc) => oc.doNothing()).execute();
  }

  await trx.deleteFrom('content_images').where('subject_id', '=', id).execute();
  for (const [path, data] of images) {
    const name = path.replace(/^images\//, '');
    const ext = name.split('.').pop()!.toLowerCase();
    await trx
      .insertInto('content_images')
      .values({ subject_id: id, name, mime: MIME[ext] ?? 'application/octet-stream', data_base64: data.toString('base64') })
      .execute();
  }

  // Question lists before chapters (chapters point at them), questions, answers.
  const listIds = s.questionLists.map((l) => l.id);
  const questionIds: string[] = [];
  const versions = await answerVersions(trx, id);
  const outdatedQuestions: string[] = [];
  for (const list of s.questionLists) {
    const row = {
      subject_id: id,
      title: list.title,
      description: list.description,
      sort_index: list.sortIndex,
      answer_displaying: list.answerDisplaying,
      recommended_questions: list.recommendedQuestions,
      chapter_id: list.chapter ?? null,
    };
    await trx.insertInto('question_lists').values({ id: list.id, ...row }).onConflict((oc) => oc.column('id').doUpdateSet(row)).execute();
    for (const [qi, q] of list.questions.entries()) {
      questionIds.push(q.id);
      const answers = q.type === 'SELECT' ? q.answers : [];
      // An answer's row id is its question's id plus its key (a1 by default): moving an answer
      // in the file while keeping its id keeps the students' picked answers on the same text.
      const answerIds = answers.map((a, ai) => `${q.id}-${answerKey(a, ai)}`);
      const spec = questionSpec(q);
      const specJson = spec ? JSON.stringify(spec) : null;
      const key = correctKey(q.type, answerIds.filter((_, ai) => answers[ai]!.correct), specJson);
      const was = versions.get(q.id);
      if (was && was.key !== key) outdatedQuestions.push(q.id);
      const qrow = {
        // a changed correct answer makes earlier answers ones to an earlier version (decision 029)
        answer_version: was ? (was.key === key ? was.version : was.version + 1) : 1,
        question_list_id: list.id,
        subject_id: id,
        sort_index: qi,
        type: q.type,
        // a cloze's text holds its key: stored with numbered blanks, the gaps only in its spec
        question_text: q.type === 'CLOZE' ? `${q.instruction ?? 'Vul de open plekken in.'}\n\n${clozeBlanks(q.text)}` : q.text,
        spec: specJson,
        picture: q.picture ?? null,
        feedback_text: q.feedback,
        feedback_picture: q.feedbackPicture ?? null,
        model_answer: q.type === 'OPEN' ? q.modelAnswer : null,
        recommended: q.recommended ? 1 : 0,
      };
      await trx.insertInto('questions').values({ id: q.id, ...qrow }).onConflict((oc) => oc.column('id').doUpdateSet(qrow)).execute();
      for (const [ai, a] of answers.entries()) {
        const arow = { question_id: q.id, sort_index: ai, answer_text: a.text, is_correct: a.correct ? 1 : 0, pinned: a.pinned ? 1 : 0 };
        await trx.insertInto('answers').values({ id: answerIds[ai]!, ...arow }).onConflict((oc) => oc.column('id').doUpdateSet(arow)).execute();
      }
      let stale = trx.deleteFrom('answers').where('question_id', '=', q.id);
      if (answerIds.length) stale = stale.where('id', 'not in', answerIds);
      await stale.execute();
    }
  }

  const summaryIds: string[] = [];
  const chapterIds: string[] = [];
  for (const [si, summary] of s.summaries.entries()) {
    summaryIds.push(summary.id);
    const srow = { subject_id: id, title: summary.title, source: summary.source, description: summary.description, sort_index: si };
    await trx.insertInto('summaries').values({ id: summary.id, ...srow }).onConflict((oc) => oc.column('id').doUpdateSet(srow)).execute();
    let offset = 0;
    for (const [ci, c] of summary.chapters.entries()) {
      chapterIds.push(c.id);
      const crow = {
        summary_id: summary.id,
        subject_id: id,
        title: sanitizeInline(c.title),
        priority: c.priority,
        sort_index: ci,
        start_index: offset,
        end_index: offset + c.wordCount,
        start_page: c.startPage,
        end_page: c.endPage,
        access: c.access,
        question_list_id: c.questionList ?? null,
        markdown: c.markdown,
        html: renderChapterHtml(c.markdown, id),
        word_count: c.wordCount,
      };
      offset += c.wordCount;
      if (plainText(crow.title) === '') continue; // never stored, never shown (validation already refuses it)
      await trx.insertInto('chapters').values({ id: c.id, ...crow }).onConflict((oc) => oc.column('id').doUpdateSet(crow)).execute();
    }
  }

  // Flashcard sets and cards, upserted by id: favorites, sessions and schedules keep pointing at them.
  const setIds: string[] = [];
  const cardIds: string[] = [];
  for (const set of s.flashcardSets) {
    setIds.push(set.id);
    const setRow = { subject_id: id, title: set.title, description: set.description, sort_index: set.sortIndex, chapter_id: set.chapter ?? null };
    await trx.insertInto('flashcard_sets').values({ id: set.id, ...setRow }).onConflict((oc) => oc.column('id').doUpdateSet(setRow)).execute();
    for (const [ci, card] of set.cards.entries()) {
      cardIds.push(card.id);
      const cardRow = {
        flashcard_set_id: set.id,
        subject_id: id,
        sort_index: ci,
        front_markdown: card.front,
        back_markdown: card.back,
        front_html: renderCardHtml(card.front, id),
        back_html: renderCardHtml(card.back, id),
        front_picture: card.frontPicture ?? null,
        back_picture: card.backPicture ?? null,
      };
      await trx.insertInto('flashcards').values({ id: card.id, ...cardRow }).onConflict((oc) => oc.column('id').doUpdateSet(cardRow)).execute();
    }
  }

  // Remove what vanished from the folder.
  let staleCards = trx.deleteFrom('flashcards').where('subject_id', '=', id);
  if (cardIds.length) staleCards = staleCards.where('id', 'not in', cardIds);
  await staleCards.execute();
  let staleSets = trx.deleteFrom('flashcard_sets').where('subject_id', '=', id);
  if (setIds.length) staleSets = staleSets.where('id', 'not in', setIds);
  await staleSets.execute();
  await trx.deleteFrom('chapters').where('subject_id', '=', id).where('id', 'not in', chapterIds).execute();
  await trx.deleteFrom('summaries').where('subject_id', '=', id).where('id', 'not in', summaryIds).execute();
  let staleQuestions = trx.deleteFrom('questions').where('subject_id', '=', id);
  if (questionIds.length) staleQuestions = staleQuestions.where('id', 'not in', questionIds);
  await staleQuestions.execute();
  let staleLists = trx.deleteFrom('question_lists').where('subject_id', '=', id);
  if (listIds.length) staleLists = staleLists.where('id', 'not in', listIds);
  await staleLists.execute();

  const kept = new Set(questionIds);
  for (const old of versions.keys()) if (!kept.has(old)) outdatedQuestions.push(old);
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
    /** told, in the import's transaction, which questions' earlier answers no longer count (decision 029) */
    onOutdated?: (trx: Executor, subjectId: string, questionIds: string[]) => Promise<void>;
  } = {},
): Promise<ImportReport> {
  const subjects = loadContent(root);
  const conflicts = (await Promise.all(subjects.map((x) => databaseConflicts(db, x)))).flat();
  if (conflicts.length) throw new ContentError(conflicts);
  const report: ImportReport = { subjects: [], warnings: contentWarnings(subjects) };
  await db.transaction().execute(async (trx) => {
    // Several API processes may start at once: one imports, the others wait and then find it unchanged.
    if (options.dialect === 'postgres') await sql`select pg_advisory_xact_lock(727274)`.execute(trx);
    for (const s of subjects) {
      const { outdatedQuestions, ...written } = await writeSubject(trx, s, { force: options.force, keepStudioReleases: options.keepStudioReleases });
      if (outdatedQuestions.length) await options.onOutdated?.(trx, written.id, outdatedQuestions);
      report.subjects.push(written);
    }
  });
  return report;
}
