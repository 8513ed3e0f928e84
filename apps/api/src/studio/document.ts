import { parse, stringify } from 'yaml';
import type { StudioDocument, StudioFlashcardSet, StudioProblem, StudioQuestion } from '@blok/contract';
import { ContentError, loadSubject, objectSource, type ContentProblem, type LoadedSubject, type SubjectSource } from '@blok/content/load';
import { contentPaths } from '../content/exporter.ts';
import type { ForeignId, IdKind } from '../content/importer.ts';

/*
 * The studio's document of a subject and the importer's folder format are one thing in two shapes:
 * a draft becomes the folder's content as objects in memory and goes through the importer's own
 * loader and checks (decision 026), so a draft that passes here is what the command-line import
 * would accept; the `LoadedSubject` they make is what a publish writes (decision 041).
 */

function questionToManifest(q: StudioQuestion): Record<string, unknown> {
  const common = { id: q.id, text: q.text, ...(q.picture ? { picture: q.picture } : {}) };
  const tail = { feedback: q.feedback, ...(q.feedbackPicture ? { feedbackPicture: q.feedbackPicture } : {}), recommended: q.recommended };
  if (q.kind === 'open') return { ...common, type: 'OPEN', modelAnswer: q.modelAnswer, ...tail };
  if (q.kind !== 'single' && q.kind !== 'multiple') {
    // issue 40's types: their own fields as the author wrote them (YAML); the loader checks them
    let own: unknown;
    try {
      own = parse(q.key ?? '');
    } catch {
      own = undefined;
    }
    const fields = typeof own === 'object' && own !== null && !Array.isArray(own) ? (own as Record<string, unknown>) : {};
    return { ...fields, ...common, type: q.kind.toUpperCase(), ...tail };
  }
  return {
    ...common,
    type: 'SELECT',
    multiple: q.kind === 'multiple',
    answers: q.answers.map((a) => ({ id: a.id, text: a.text, correct: a.correct, pinned: a.pinned })),
    ...tail,
  };
}

/**
 * The document as the importer's content in memory (decision 041): the objects subject.yaml,
 * questions/<id>.yaml and flashcards/<id>.yaml would hold, and chapters/<id>.md's text, at the
 * paths the folder format gives them. No YAML text is written or read: the loader's checks and the
 * writers see exactly what the author typed.
 */
export function documentSource(doc: StudioDocument, images: ReadonlyMap<string, Buffer> = new Map()): SubjectSource {
  const data = new Map<string, unknown>();
  const texts = new Map<string, string>();
  const manifest = {
    id: doc.id,
    title: doc.title,
    description: doc.description,
    audiences: doc.audiences,
    summaries: doc.summaries.map((s) => ({
      id: s.id,
      title: s.title,
      source: s.source,
      description: s.description,
      chapters: s.chapters.map((c) => {
        texts.set(contentPaths.chapter(c.id), c.markdown);
        return {
          id: c.id,
          file: contentPaths.chapter(c.id),
          title: c.title,
          priority: c.priority,
          startPage: c.startPage,
          endPage: c.endPage,
          access: c.access,
          ...(c.questionList ? { questionList: c.questionList } : {}),
        };
      }),
    })),
    questionLists: doc.questionLists.map((l) => contentPaths.questionList(l.id)),
    flashcardSets: doc.flashcardSets.map((s) => contentPaths.flashcardSet(s.id)),
  };
  data.set('subject.yaml', manifest);
  for (const l of doc.questionLists) {
    data.set(contentPaths.questionList(l.id), {
      id: l.id,
      title: l.title,
      description: l.description,
      sortIndex: doc.questionLists.indexOf(l),
      answerDisplaying: l.answerDisplaying,
      recommendedQuestions: l.recommendedQuestions,
      ...(l.chapter ? { chapter: l.chapter } : {}),
      questions: l.questions.map(questionToManifest),
    });
  }
  for (const [i, set] of doc.flashcardSets.entries()) data.set(contentPaths.flashcardSet(set.id), flashcardSetToManifest(set, i));
  return objectSource(`studio:${doc.id}`, data, texts, images);
}

/** A set as the importer's flashcards/<id>.yaml: its place in the document is its sortIndex. */
function flashcardSetToManifest(set: StudioFlashcardSet, sortIndex: number): Record<string, unknown> {
  return {
    id: set.id,
    title: set.title,
    description: set.description,
    sortIndex,
    ...(set.chapter ? { chapter: set.chapter } : {}),
    cards: set.cards.map((c) => ({
      id: c.id,
      front: c.front,
      back: c.back,
      ...(c.frontPicture ? { frontPicture: c.frontPicture } : {}),
      ...(c.backPicture ? { backPicture: c.backPicture } : {}),
    })),
  };
}

/** The fields of a question of issue 40's types beyond those every question has, as YAML (the studio's `key`). */
const yaml = (value: unknown) => stringify(value, { lineWidth: 0 });

function keyFields(q: Record<string, unknown>): string {
  const { id: _id, type: _type, text: _text, picture: _picture, feedback: _feedback, feedbackPicture: _fp, recommended: _recommended, ...own } = q;
  return yaml(own);
}

/** A loaded (valid) subject as the studio's document. */
export function loadedToDocument(s: LoadedSubject): StudioDocument {
  return {
    id: s.manifest.id,
    title: s.manifest.title,
    description: s.manifest.description,
    audiences: s.manifest.audiences,
    summaries: s.summaries.map((x) => ({
      id: x.id,
      title: x.title,
      source: x.source,
      description: x.description,
      chapters: x.chapters.map((c) => ({
        id: c.id,
        title: c.title,
        priority: c.priority,
        startPage: c.startPage,
        endPage: c.endPage,
        access: c.access,
        ...(c.questionList ? { questionList: c.questionList } : {}),
        markdown: c.markdown,
      })),
    })),
    questionLists: s.questionLists.map((l) => ({
      id: l.id,
      title: l.title,
      description: l.description,
      answerDisplaying: l.answerDisplaying,
      recommendedQuestions: l.recommendedQuestions,
      ...(l.chapter ? { chapter: l.chapter } : {}),
      questions: l.questions.map(
        (q): StudioQuestion => ({
          id: q.id,
          kind: q.type === 'SELECT' ? (q.multiple ? 'multiple' : 'single') : (q.type.toLowerCase() as StudioQuestion['kind']),
          text: q.text,
          answers: q.type === 'SELECT' ? q.answers.map((a, i) => ({ id: a.id ?? `a${i + 1}`, text: a.text, correct: a.correct, pinned: a.pinned })) : [],
          modelAnswer: q.type === 'OPEN' ? q.modelAnswer : '',
          ...(q.type !== 'SELECT' && q.type !== 'OPEN' ? { key: keyFields(q) } : {}),
          feedback: q.feedback,
          recommended: q.recommended,
          ...(q.picture ? { picture: q.picture } : {}),
          ...(q.feedbackPicture ? { feedbackPicture: q.feedbackPicture } : {}),
        }),
      ),
    })),
    // in written order of sortIndex, as students see them (the document's order is the sort order)
    flashcardSets: [...s.flashcardSets]
      .sort((a, b) => a.sortIndex - b.sortIndex)
      .map((x) => ({
        id: x.id,
        title: x.title,
        description: x.description,
        ...(x.chapter ? { chapter: x.chapter } : {}),
        cards: x.cards.map((c) => ({
          id: c.id,
          front: c.front,
          back: c.back,
          ...(c.frontPicture ? { frontPicture: c.frontPicture } : {}),
          ...(c.backPicture ? { backPicture: c.backPicture } : {}),
        })),
      })),
  };
}

/** Where in the document a problem of the importer is: its chapter, list and question. */
function placeOf(doc: StudioDocument, p: ContentProblem): StudioProblem {
  const place: StudioProblem = { file: p.file, field: p.field, message: p.message };
  const chapterFile = /^chapters\/(.+)\.md$/.exec(p.file);
  if (chapterFile) place.chapter = chapterFile[1];
  const listFile = /^questions\/(.+)\.ya?ml$/.exec(p.file);
  if (listFile) {
    place.list = listFile[1];
    const list = doc.questionLists.find((l) => l.id === listFile[1]);
    const index = /^questions\.(\d+)/.exec(p.field);
    const question = p.question ?? (index && list ? list.questions[Number(index[1])]?.id : undefined);
    if (question) place.question = question;
  }
  const setFile = /^flashcards\/(.+)\.ya?ml$/.exec(p.file);
  if (setFile) {
    place.set = setFile[1];
    const set = doc.flashcardSets.find((x) => x.id === setFile[1]);
    const index = /^cards\.(\d+)/.exec(p.field);
    const card = index && set ? set.cards[Number(index[1])]?.id : undefined;
    if (card) place.card = card;
  }
  const inManifest = p.file === 'subject.yaml' ? /^summaries\.(\d+)\.chapters\.(\d+)/.exec(p.field) : null;
  if (inManifest) {
    const chapter = doc.summaries[Number(inManifest[1])]?.chapters[Number(inManifest[2])];
    if (chapter) place.chapter = chapter.id;
  }
  return place;
}

/** Every id the document claims, by kind, but the subject's own: what may not belong to another subject. */
export function documentIds(doc: StudioDocument): Array<[IdKind, string]> {
  return [
    ...doc.summaries.map((x): [IdKind, string] => ['samenvatting', x.id]),
    ...doc.summaries.flatMap((x) => x.chapters.map((c): [IdKind, string] => ['hoofdstuk', c.id])),
    ...doc.questionLists.map((l): [IdKind, string] => ['vragenlijst', l.id]),
    ...doc.questionLists.flatMap((l) => l.questions.map((q): [IdKind, string] => ['vraag', q.id])),
    ...doc.flashcardSets.map((x): [IdKind, string] => ['flashcardset', x.id]),
    ...doc.flashcardSets.flatMap((x) => x.cards.map((c): [IdKind, string] => ['flashcard', c.id])),
  ];
}

/** An id of another subject, at each place the document uses it (issue 38), in Dutch. */
function foreignIdProblems(doc: StudioDocument, foreign: readonly ForeignId[]): StudioProblem[] {
  const problems: StudioProblem[] = [];
  const message = (f: ForeignId) => `id ${f.id} hoort al bij vak ${f.subjectId}; kies een andere id`;
  for (const f of foreign) {
    const at = (place: Omit<StudioProblem, 'message'>) => problems.push({ ...place, message: message(f) });
    if (f.kind === 'samenvatting' || f.kind === 'hoofdstuk') {
      for (const [si, x] of doc.summaries.entries()) {
        if (f.kind === 'samenvatting' && x.id === f.id) at({ file: 'subject.yaml', field: `summaries.${si}.id` });
        for (const [ci, c] of x.chapters.entries()) if (f.kind === 'hoofdstuk' && c.id === f.id) at({ file: 'subject.yaml', field: `summaries.${si}.chapters.${ci}.id`, chapter: c.id });
      }
    }
    for (const l of doc.questionLists) {
      if (f.kind === 'vragenlijst' && l.id === f.id) at({ file: contentPaths.questionList(l.id), field: 'id', list: l.id });
      for (const [qi, q] of l.questions.entries()) if (f.kind === 'vraag' && q.id === f.id) at({ file: contentPaths.questionList(l.id), field: `questions.${qi}.id`, list: l.id, question: q.id });
    }
    for (const x of doc.flashcardSets) {
      if (f.kind === 'flashcardset' && x.id === f.id) at({ file: contentPaths.flashcardSet(x.id), field: 'id', set: x.id });
      for (const [ci, c] of x.cards.entries()) if (f.kind === 'flashcard' && c.id === f.id) at({ file: contentPaths.flashcardSet(x.id), field: `cards.${ci}.id`, set: x.id, card: c.id });
    }
  }
  return problems;
}

/** The problems of an importer's ContentError, each at its place in the document. */
export function problemsOf(doc: StudioDocument, err: ContentError): StudioProblem[] {
  return err.problems.map((p) => placeOf(doc, p));
}

export interface CheckedDocument {
  /** the subject as the importer loads it; undefined when it has problems */
  loaded?: LoadedSubject;
  problems: StudioProblem[];
  warnings: StudioProblem[];
}

/**
 * The importer's checks on a document: the schema, ids, images (those of `imageNames` exist), the
 * questions' answers and the lopsided-position warning, each problem with its place; and `foreign`,
 * the document's ids that belong to another subject in the database (`idsOfOtherSubjects` of
 * `documentIds`), which publishing would take from it.
 */
export function checkDocument(doc: StudioDocument, images: ReadonlyMap<string, Buffer>, foreign: readonly ForeignId[] = []): CheckedDocument {
  const problems: StudioProblem[] = foreignIdProblems(doc, foreign);
  for (const [i, a] of doc.audiences.entries()) {
    if (doc.audiences.findIndex((b) => b.study === a.study && b.year === a.year) !== i) {
      problems.push({ file: 'subject.yaml', field: `audiences.${i}`, message: `${a.study} ${a.year} staat er twee keer` });
    }
  }
  try {
    const loaded = loadSubject(documentSource(doc, images));
    return { loaded: problems.length ? undefined : loaded, problems, warnings: loaded.warnings.map((w) => placeOf(doc, w)) };
  } catch (err) {
    if (!(err instanceof ContentError)) throw err;
    return { problems: [...problems, ...err.problems.map((p) => placeOf(doc, p))], warnings: [] };
  }
}


const correctKeys = (q: StudioQuestion) =>
  q.answers
    .filter((a) => a.correct)
    .map((a) => a.id)
    .sort()
    .join(',');

/** Questions whose correct answer changed between two documents (same id, other correct answers). */
export function questionsWithChangedKey(before: StudioDocument, after: StudioDocument): string[] {
  const old = new Map(before.questionLists.flatMap((l) => l.questions).map((q) => [q.id, q]));
  return after.questionLists
    .flatMap((l) => l.questions)
    .filter((q) => {
      const was = old.get(q.id);
      return was !== undefined && q.kind !== 'open' && (was.kind !== q.kind || correctKeys(was) !== correctKeys(q));
    })
    .map((q) => q.id);
}

const plain = (title: string) => title.replace(/<[^>]*>/g, '');

/** What changed from one document to the next, one Dutch line each: the change list of a release. */
export function changeList(before: StudioDocument | null, after: StudioDocument): string[] {
  if (!before) return ['Eerste release in de studio'];
  const lines: string[] = [];
  if (before.title !== after.title) lines.push(`Titel gewijzigd: ${after.title}`);
  if (before.description !== after.description) lines.push('Beschrijving gewijzigd');
  if (JSON.stringify(before.audiences) !== JSON.stringify(after.audiences)) lines.push('Studies en jaren gewijzigd');
  const chapters = (d: StudioDocument) => new Map(d.summaries.flatMap((s) => s.chapters).map((c) => [c.id, c]));
  const [oldChapters, newChapters] = [chapters(before), chapters(after)];
  for (const [id, c] of newChapters) {
    const was = oldChapters.get(id);
    if (!was) lines.push(`Hoofdstuk toegevoegd: ${plain(c.title)}`);
    else if (JSON.stringify(was) !== JSON.stringify(c)) lines.push(`Hoofdstuk gewijzigd: ${plain(c.title)}`);
  }
  for (const [id, c] of oldChapters) if (!newChapters.has(id)) lines.push(`Hoofdstuk verwijderd: ${plain(c.title)}`);
  const lists = (d: StudioDocument) => new Map(d.questionLists.map((l) => [l.id, l]));
  const [oldLists, newLists] = [lists(before), lists(after)];
  for (const [id, l] of newLists) if (!oldLists.has(id)) lines.push(`Vragenlijst toegevoegd: ${l.title}`);
  for (const [id, l] of oldLists) if (!newLists.has(id)) lines.push(`Vragenlijst verwijderd: ${l.title}`);
  const questions = (d: StudioDocument) => new Map(d.questionLists.flatMap((l) => l.questions).map((q) => [q.id, q]));
  const [oldQuestions, newQuestions] = [questions(before), questions(after)];
  const rekeyed = new Set(questionsWithChangedKey(before, after));
  let added = 0;
  let changed = 0;
  for (const [id, q] of newQuestions) {
    const was = oldQuestions.get(id);
    if (!was) added++;
    else if (rekeyed.has(id)) lines.push(`Juiste antwoord gewijzigd: vraag ${id}`);
    else if (JSON.stringify(was) !== JSON.stringify(q)) changed++;
  }
  const removed = [...oldQuestions.keys()].filter((id) => !newQuestions.has(id)).length;
  if (added) lines.push(`${added} ${added === 1 ? 'vraag' : 'vragen'} toegevoegd`);
  if (changed) lines.push(`${changed} ${changed === 1 ? 'vraag' : 'vragen'} verbeterd`);
  if (removed) lines.push(`${removed} ${removed === 1 ? 'vraag' : 'vragen'} verwijderd`);
  lines.push(...flashcardChanges(before, after));
  return lines.length ? lines : ['Geen inhoudelijke wijzigingen'];
}

/** What changed in the flashcards: sets added, renamed or removed, and cards added, changed, removed. */
function flashcardChanges(before: StudioDocument, after: StudioDocument): string[] {
  const lines: string[] = [];
  const oldSets = new Map(before.flashcardSets.map((x) => [x.id, x]));
  const newSets = new Map(after.flashcardSets.map((x) => [x.id, x]));
  for (const [id, x] of newSets) {
    const was = oldSets.get(id);
    if (!was) lines.push(`Flashcardset toegevoegd: ${x.title}`);
    else if (was.title !== x.title) lines.push(`Flashcardset hernoemd: ${x.title}`);
  }
  for (const [id, x] of oldSets) if (!newSets.has(id)) lines.push(`Flashcardset verwijderd: ${x.title}`);
  const cards = (d: StudioDocument) => new Map(d.flashcardSets.flatMap((x) => x.cards).map((c) => [c.id, c]));
  const [oldCards, newCards] = [cards(before), cards(after)];
  let added = 0;
  let changed = 0;
  for (const [id, c] of newCards) {
    const was = oldCards.get(id);
    if (!was) added++;
    else if (JSON.stringify(was) !== JSON.stringify(c)) changed++;
  }
  const removed = [...oldCards.keys()].filter((id) => !newCards.has(id)).length;
  if (added) lines.push(`${added} ${added === 1 ? 'flashcard' : 'flashcards'} toegevoegd`);
  if (changed) lines.push(`${changed} ${changed === 1 ? 'flashcard' : 'flashcards'} verbeterd`);
  if (removed) lines.push(`${removed} ${removed === 1 ? 'flashcard' : 'flashcards'} verwijderd`);
  return lines;
}

/** A set as drafts and releases stored it before the studio edited cards: the importer's YAML text. */
type StoredSet = StudioFlashcardSet | { id: string; source: string };

/** A stored set of that older shape in today's: its YAML read into title, description and cards. */
function upgradeSet(set: StoredSet): StudioFlashcardSet {
  if (!('source' in set)) return set;
  let raw: Record<string, unknown> = {};
  try {
    const parsed: unknown = parse(set.source);
    if (typeof parsed === 'object' && parsed !== null) raw = parsed as Record<string, unknown>;
  } catch {
    // unreadable YAML: an empty set, which the checks then name
  }
  const text = (v: unknown) => (typeof v === 'string' ? v : '');
  const cards = Array.isArray(raw.cards) ? (raw.cards as Array<Record<string, unknown>>) : [];
  return {
    id: set.id,
    title: text(raw.title),
    description: text(raw.description),
    ...(typeof raw.chapter === 'string' ? { chapter: raw.chapter } : {}),
    cards: cards.map((c) => ({
      id: text(c.id),
      front: text(c.front),
      back: text(c.back),
      ...(typeof c.frontPicture === 'string' ? { frontPicture: c.frontPicture } : {}),
      ...(typeof c.backPicture === 'string' ? { backPicture: c.backPicture } : {}),
    })),
  };
}

/** Parses a stored document (the studio wrote it; drafts of before the card editor are upgraded). */
export function parseDocument(json: string): StudioDocument {
  const doc = JSON.parse(json) as Omit<StudioDocument, 'flashcardSets'> & { flashcardSets?: StoredSet[] };
  return { ...doc, flashcardSets: (doc.flashcardSets ?? []).map(upgradeSet) };
}
