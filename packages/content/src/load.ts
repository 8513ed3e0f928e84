import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { parse as parseYaml } from 'yaml';
import type { z } from 'zod';
import {
  FlashcardSetManifestSchema,
  QuestionListManifestSchema,
  QuestionManifestSchema,
  SubjectManifestSchema,
  type ChapterManifest,
  type FlashcardSetManifest,
  type QuestionListManifest,
  type SubjectManifest,
} from './schema.ts';
import { stripMarkup } from '@blok/domain/markup';
import { answerProblems, lengthRarity, lengthRarityMessage, longestBalance, longestBalanceMessage, positionBalance, positionBalanceMessage } from './checks.ts';

/** One precise problem in a content folder: which file, which question (if any), which field, what is wrong. */
export interface ContentProblem {
  file: string;
  /** the id of the question the problem is in */
  question?: string;
  field: string;
  message: string;
}

/** One line for an author: "questions/h1.yaml: vraag h1-q3: answers: ...". */
export const describeProblem = (p: ContentProblem): string => `${p.file}: ${p.question ? `vraag ${p.question}: ` : ''}${p.field}: ${p.message}`;

export class ContentError extends Error {
  constructor(public readonly problems: ContentProblem[]) {
    super(problems.map(describeProblem).join('\n'));
    this.name = 'ContentError';
  }
}

export interface LoadedChapter extends ChapterManifest {
  markdown: string;
  wordCount: number;
}

export interface LoadedSubject {
  dir: string;
  manifest: SubjectManifest;
  summaries: Array<Omit<SubjectManifest['summaries'][number], 'chapters'> & { chapters: LoadedChapter[] }>;
  questionLists: QuestionListManifest[];
  flashcardSets: FlashcardSetManifest[];
  /** image path (images/x.svg) -> where it is (an absolute file path, or a name in memory) */
  images: Map<string, string>;
  /** the bytes of an image of `images` */
  readImage(path: string): Buffer;
  /** what an author should look at, though it does not stop the import */
  warnings: ContentProblem[];
}

/**
 * Where a subject's content comes from: a folder on disk (the command-line import), files held in
 * memory, or the objects of the studio's document (decision 041: no YAML in between). Paths are
 * relative to the subject folder. All of them go through the same checks into one `LoadedSubject`.
 */
export interface SubjectSource {
  /** the folder, or a name for content in memory */
  dir: string;
  exists(rel: string): boolean;
  /** a text file's text (a chapter's Markdown) */
  readText(rel: string): string;
  /**
   * The value of a YAML file (subject.yaml, a question list, a flashcard set), not yet validated:
   * parsed from its text, or the object itself. Throws on text that is no YAML.
   */
  readData(rel: string): unknown;
  /** the file names inside images/ */
  imageNames(): string[];
  readImage(rel: string): Buffer;
}

/** A subject folder on disk. */
export function folderSource(dirInput: string): SubjectSource {
  const dir = resolve(dirInput);
  const imagesDir = join(dir, 'images');
  return {
    dir,
    exists: (rel) => existsSync(join(dir, rel)),
    readText: (rel) => readFileSync(join(dir, rel), 'utf8'),
    readData: (rel) => parseYaml(readFileSync(join(dir, rel), 'utf8')),
    imageNames: () => (existsSync(imagesDir) ? readdirSync(imagesDir).filter((name) => statSync(join(imagesDir, name)).isFile()) : []),
    readImage: (rel) => readFileSync(join(dir, rel)),
  };
}

/** A subject folder held in memory: path -> text (subject.yaml, chapters, lists) and images/<name> -> bytes. */
export function memorySource(name: string, files: ReadonlyMap<string, string>, images: ReadonlyMap<string, Buffer> = new Map()): SubjectSource {
  return {
    dir: name,
    exists: (rel) => files.has(rel) || images.has(rel),
    readText: (rel) => files.get(rel) ?? '',
    readData: (rel) => parseYaml(files.get(rel) ?? ''),
    imageNames: () => [...images.keys()].map((p) => p.replace(/^images\//, '')),
    readImage: (rel) => images.get(rel) ?? Buffer.alloc(0),
  };
}

/**
 * A subject held in memory as objects (decision 041): path -> the value its YAML file would hold
 * (subject.yaml, questions/<id>.yaml, flashcards/<id>.yaml), path -> text (chapters/<id>.md), and
 * images/<name> -> bytes. The studio's document reaches the checks this way, with no YAML text in
 * between: what an author typed is what the checks see and the writers store.
 */
export function objectSource(
  name: string,
  data: ReadonlyMap<string, unknown>,
  texts: ReadonlyMap<string, string>,
  images: ReadonlyMap<string, Buffer> = new Map(),
): SubjectSource {
  return {
    dir: name,
    exists: (rel) => data.has(rel) || texts.has(rel) || images.has(rel),
    readText: (rel) => texts.get(rel) ?? '',
    readData: (rel) => data.get(rel),
    imageNames: () => [...images.keys()].map((p) => p.replace(/^images\//, '')),
    readImage: (rel) => images.get(rel) ?? Buffer.alloc(0),
  };
}

function readYaml(source: SubjectSource, rel: string, problems: ContentProblem[]): unknown {
  try {
    return source.readData(rel);
  } catch (err) {
    problems.push({ file: rel, field: '(bestand)', message: `ongeldige YAML: ${(err as Error).message.split('\n')[0]}` });
    return undefined;
  }
}

function zodProblems(rel: string, error: z.ZodError, raw?: unknown): ContentProblem[] {
  return error.issues.map((issue) => {
    const question = questionIdAt(raw, issue.path);
    return {
      file: rel,
      ...(question ? { question } : {}),
      field: issue.path.length ? issue.path.join('.') : '(bestand)',
      message: issue.message,
    };
  });
}

/** The id written on the question a schema problem's path points into (questions.<n>...), if any. */
function questionIdAt(raw: unknown, path: readonly PropertyKey[]): string | undefined {
  if (path[0] !== 'questions' || typeof path[1] !== 'number' || typeof raw !== 'object' || raw === null) return undefined;
  const questions = (raw as { questions?: unknown }).questions;
  const question: unknown = Array.isArray(questions) ? questions[path[1]] : undefined;
  const id = typeof question === 'object' && question !== null ? (question as { id?: unknown }).id : undefined;
  return typeof id === 'string' && id !== '' ? id : undefined;
}

/** Reads and validates one subject folder. Throws ContentError listing every problem found. */
export function loadSubjectFolder(dirInput: string): LoadedSubject {
  const dir = resolve(dirInput);
  if (!existsSync(join(dir, 'subject.yaml'))) {
    throw new ContentError([{ file: relative(process.cwd(), join(dir, 'subject.yaml')), field: '(bestand)', message: 'subject.yaml ontbreekt' }]);
  }
  return loadSubject(folderSource(dir));
}

/**
 * Reads and validates one subject from its source: the same checks for a folder and for the
 * studio's files in memory. Throws ContentError listing every problem found.
 */
export function loadSubject(source: SubjectSource): LoadedSubject {
  const dir = source.dir;
  const problems: ContentProblem[] = [];
  if (!source.exists('subject.yaml')) throw new ContentError([{ file: 'subject.yaml', field: '(bestand)', message: 'subject.yaml ontbreekt' }]);
  const raw = readYaml(source, 'subject.yaml', problems);
  const parsed = SubjectManifestSchema.safeParse(raw);
  if (!parsed.success) {
    throw new ContentError([...problems, ...zodProblems('subject.yaml', parsed.error)]);
  }
  const manifest = parsed.data;

  const images = new Map<string, string>();
  for (const name of source.imageNames()) images.set(`images/${name}`, join(dir, 'images', name));
  const checkImage = (file: string, field: string, path: string | undefined) => {
    if (path && !images.has(path)) problems.push({ file, field, message: `afbeelding ${path} bestaat niet` });
  };
  // A picture in the text needs its description: a student with a screen reader hears only that.
  const checkAlt = (file: string, field: string, alt: string, path: string) => {
    if (alt.trim() === '') problems.push({ file, field, message: `afbeelding ${path} heeft geen beschrijving (alt-tekst): schrijf ![wat erop staat](${path})` });
  };

  const chapterIds = new Set<string>();
  const summaryIds = new Set<string>();
  const summaries: LoadedSubject['summaries'] = [];
  manifest.summaries.forEach((summary, si) => {
    if (summaryIds.has(summary.id)) problems.push({ file: 'subject.yaml', field: `summaries.${si}.id`, message: `dubbele id ${summary.id}` });
    summaryIds.add(summary.id);
    const chapters: LoadedChapter[] = [];
    summary.chapters.forEach((chapter, ci) => {
      const field = `summaries.${si}.chapters.${ci}`;
      if (chapterIds.has(chapter.id)) problems.push({ file: 'subject.yaml', field: `${field}.id`, message: `dubbele id ${chapter.id}` });
      chapterIds.add(chapter.id);
      if (stripMarkup(chapter.title).trim() === '') {
        problems.push({ file: 'subject.yaml', field: `${field}.title`, message: 'titel is leeg zonder opmaak' });
      }
      if (chapter.endPage < chapter.startPage) {
        problems.push({ file: 'subject.yaml', field: `${field}.endPage`, message: 'eindpagina ligt voor beginpagina' });
      }
      if (!source.exists(chapter.file)) {
        problems.push({ file: 'subject.yaml', field: `${field}.file`, message: `bestand ${chapter.file} bestaat niet` });
        return;
      }
      const markdown = source.readText(chapter.file);
      if (markdown.trim() === '') problems.push({ file: chapter.file, field: '(bestand)', message: 'hoofdstuk is leeg' });
      for (const m of markdown.matchAll(/!\[([^\]]*)\]\(([^)\s]+)\)/g)) {
        checkImage(chapter.file, 'afbeelding', m[2]);
        checkAlt(chapter.file, 'afbeelding', m[1]!, m[2]!);
      }
      chapters.push({ ...chapter, markdown, wordCount: stripMarkup(markdown).split(/\s+/).filter(Boolean).length });
    });
    summaries.push({ ...summary, chapters });
  });

  const questionLists: QuestionListManifest[] = [];
  const listIds = new Set<string>();
  const questionIds = new Set<string>();
  for (const listPath of manifest.questionLists) {
    if (!source.exists(listPath)) {
      problems.push({ file: 'subject.yaml', field: 'questionLists', message: `bestand ${listPath} bestaat niet` });
      continue;
    }
    const listRaw = readYaml(source, listPath, problems);
    const listParsed = QuestionListManifestSchema.safeParse(listRaw);
    if (!listParsed.success) {
      problems.push(...zodProblems(listPath, listParsed.error, listRaw));
      // Still check the questions that are well-formed, so that one run names every problem, and
      // count the list as present, so that its chapter is not also reported.
      const rawList = typeof listRaw === 'object' && listRaw !== null ? (listRaw as { id?: unknown; questions?: unknown }) : {};
      if (typeof rawList.id === 'string') listIds.add(rawList.id);
      if (Array.isArray(rawList.questions)) {
        rawList.questions.forEach((raw: unknown, qi) => {
          const q = QuestionManifestSchema.safeParse(raw);
          if (!q.success) return;
          for (const p of answerProblems(q.data)) problems.push({ file: listPath, question: q.data.id, field: `questions.${qi}.${p.field}`, message: p.message });
        });
      }
      continue;
    }
    const list = listParsed.data;
    if (listIds.has(list.id)) problems.push({ file: listPath, field: 'id', message: `dubbele id ${list.id}` });
    listIds.add(list.id);
    if (list.chapter && !chapterIds.has(list.chapter)) {
      problems.push({ file: listPath, field: 'chapter', message: `hoofdstuk ${list.chapter} bestaat niet` });
    }
    list.questions.forEach((q, qi) => {
      if (questionIds.has(q.id)) problems.push({ file: listPath, field: `questions.${qi}.id`, message: `dubbele id ${q.id}` });
      questionIds.add(q.id);
      checkImage(listPath, `questions.${qi}.picture`, q.picture);
      checkImage(listPath, `questions.${qi}.feedbackPicture`, q.feedbackPicture);
      for (const p of answerProblems(q)) problems.push({ file: listPath, question: q.id, field: `questions.${qi}.${p.field}`, message: p.message });
    });
    questionLists.push(list);
  }
  const flashcardSets: FlashcardSetManifest[] = [];
  const setIds = new Set<string>();
  const cardIds = new Set<string>();
  for (const setPath of manifest.flashcardSets) {
    if (!source.exists(setPath)) {
      problems.push({ file: 'subject.yaml', field: 'flashcardSets', message: `bestand ${setPath} bestaat niet` });
      continue;
    }
    const setRaw = readYaml(source, setPath, problems);
    const setParsed = FlashcardSetManifestSchema.safeParse(setRaw);
    if (!setParsed.success) {
      problems.push(...zodProblems(setPath, setParsed.error));
      continue;
    }
    const set = setParsed.data;
    if (setIds.has(set.id)) problems.push({ file: setPath, field: 'id', message: `dubbele id ${set.id}` });
    setIds.add(set.id);
    if (set.chapter && !chapterIds.has(set.chapter)) {
      problems.push({ file: setPath, field: 'chapter', message: `hoofdstuk ${set.chapter} bestaat niet` });
    }
    set.cards.forEach((card, ci) => {
      if (cardIds.has(card.id)) problems.push({ file: setPath, field: `cards.${ci}.id`, message: `dubbele id ${card.id}` });
      cardIds.add(card.id);
      checkImage(setPath, `cards.${ci}.frontPicture`, card.frontPicture);
      checkImage(setPath, `cards.${ci}.backPicture`, card.backPicture);
      for (const side of ['front', 'back'] as const) {
        for (const m of card[side].matchAll(/!\[([^\]]*)\]\(([^)\s]+)\)/g)) {
          checkImage(setPath, `cards.${ci}.${side}`, m[2]);
          checkAlt(setPath, `cards.${ci}.${side}`, m[1]!, m[2]!);
        }
      }
    });
    flashcardSets.push(set);
  }

  manifest.summaries.forEach((summary, si) =>
    summary.chapters.forEach((chapter, ci) => {
      if (chapter.questionList && !listIds.has(chapter.questionList)) {
        problems.push({
          file: 'subject.yaml',
          field: `summaries.${si}.chapters.${ci}.questionList`,
          message: `vragenlijst ${chapter.questionList} bestaat niet`,
        });
      }
    }),
  );

  if (problems.length) throw new ContentError(problems);
  const warnings: ContentProblem[] = [];
  for (const kind of ['single', 'multiple'] as const) {
    const balance = positionBalance(questionLists, kind);
    if (balance.lopsided) warnings.push({ file: 'subject.yaml', field: 'questionLists', message: positionBalanceMessage(balance) });
  }
  // per list: the correct answer too often the longest (issue 40)
  manifest.questionLists.forEach((path, i) => {
    const list = questionLists[i];
    if (!list) return;
    const balance = longestBalance(list.questions);
    if (balance.lopsided) warnings.push({ file: path, field: 'questions', message: longestBalanceMessage(balance) });
  });
  // over the whole subject: the correct answer too rarely the longest, the shortest or either (issue 40)
  for (const balance of lengthRarity(questionLists.flatMap((l) => l.questions))) {
    warnings.push({ file: 'subject.yaml', field: 'questionLists', message: lengthRarityMessage(balance) });
  }
  return { dir, manifest, summaries, questionLists, flashcardSets, images, readImage: (path) => source.readImage(path), warnings };
}

/**
 * The folder with the demo courses shipped in this package: beside src/ when run from source,
 * or copied next to the bundle (apps/api/dist/courses) by the API build.
 */
export const DEMO_COURSES_DIR = [resolve(import.meta.dirname, '..', 'courses'), resolve(import.meta.dirname, 'courses')].find((p) =>
  existsSync(p),
) ?? resolve(import.meta.dirname, '..', 'courses');

/** Lists subject folders (folders holding a subject.yaml) directly below a directory. */
export function listSubjectFolders(root: string): string[] {
  if (existsSync(join(root, 'subject.yaml'))) return [root];
  return readdirSync(root)
    .map((name) => join(root, name))
    .filter((p) => statSync(p).isDirectory() && existsSync(join(p, 'subject.yaml')))
    .sort();
}
