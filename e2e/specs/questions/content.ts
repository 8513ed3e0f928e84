import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parse } from 'yaml';

/**
 * The demo content the server imported at start, read from the same YAML files, so the tests know
 * the right answers without hard-coding positions (the wording may still change).
 */
const COURSES = resolve(import.meta.dirname, '..', '..', '..', 'packages', 'content', 'courses');

export interface DemoAnswer {
  /** the answer's key within its question; by default its written position (a1, a2, ...) */
  id?: string;
  text: string;
  correct?: boolean;
  /** keeps its written position in every session */
  pinned?: boolean;
}
export interface DemoQuestion {
  id: string;
  type: 'SELECT' | 'OPEN' | 'TYPED' | 'NUMERIC' | 'ORDERING' | 'MATCHING' | 'CLOZE';
  text: string;
  answers?: DemoAnswer[];
  modelAnswer?: string;
  /** TYPED: the accepted answers, the first the expected one */
  accepted?: string[];
  /** NUMERIC: the value and its unit */
  value?: number;
  unit?: string;
  /** ORDERING: the items in the right order */
  items?: Array<string | { id?: string; text: string }>;
  /** MATCHING: the pairs */
  pairs?: Array<{ left: string; right: string }>;
  instruction?: string;
}
export interface DemoList {
  id: string;
  title: string;
  answerDisplaying: number;
  recommendedQuestions: number;
  questions: DemoQuestion[];
}

export function demoList(subjectId: string, listId: string): DemoList {
  const dir = join(COURSES, subjectId, 'questions');
  for (const file of readdirSync(dir)) {
    const list = parse(readFileSync(join(dir, file), 'utf8')) as DemoList;
    if (list.id === listId) return list;
  }
  throw new Error(`question list ${listId} not found in ${dir}`);
}

/** The summary and chapter that practise a list. */
export function chapterOfList(subjectId: string, listId: string): { summaryId: string; chapterId: string } {
  const subject = parse(readFileSync(join(COURSES, subjectId, 'subject.yaml'), 'utf8')) as {
    summaries: Array<{ id: string; chapters: Array<{ id: string; questionList?: string }> }>;
  };
  for (const s of subject.summaries) {
    const c = s.chapters.find((ch) => ch.questionList === listId);
    if (c) return { summaryId: s.id, chapterId: c.id };
  }
  throw new Error(`no chapter practises ${listId}`);
}

export const LETTERS = 'ABCDEFGHIJKLMNOPQRST';
