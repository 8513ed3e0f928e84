import type { StudioChapter, StudioDocument, StudioFlashcard, StudioFlashcardSet, StudioQuestion, StudioQuestionList } from '@blok/contract/studio';

/** A fresh id for a new chapter, list or question: ids are global slugs, and stay once published. */
export const newId = (prefix: string, kind: string): string => `${prefix}-${kind}${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`;

/** The next free answer key of a question (a1, a2, ...): students' picked answers point at these. */
export function nextAnswerId(question: StudioQuestion): string {
  const used = new Set(question.answers.map((a) => a.id));
  let n = question.answers.length + 1;
  while (used.has(`a${n}`)) n++;
  return `a${n}`;
}

export function newChapter(doc: StudioDocument): StudioChapter {
  const last = doc.summaries.flatMap((s) => s.chapters).at(-1);
  const start = (last?.endPage ?? 0) + 1;
  return { id: newId(doc.id, 'h'), title: '', priority: 2, startPage: start, endPage: start, access: 'free', markdown: '' };
}

export function newQuestionList(doc: StudioDocument): StudioQuestionList {
  return { id: newId(doc.id, 'l'), title: '', description: '', answerDisplaying: 2, recommendedQuestions: 10, questions: [] };
}

export function newQuestion(list: StudioQuestionList): StudioQuestion {
  return {
    id: newId(list.id, 'v'),
    kind: 'single',
    text: '',
    answers: [
      { id: 'a1', text: '', correct: true, pinned: false },
      { id: 'a2', text: '', correct: false, pinned: false },
    ],
    modelAnswer: '',
    feedback: '',
    recommended: false,
  };
}

export function newFlashcardSet(doc: StudioDocument): StudioFlashcardSet {
  const id = newId(doc.id, 'f');
  return { id, title: '', description: '', cards: [newFlashcard({ id })] };
}

/** A new card: its id is new and stays, so her study progress on it survives every release. */
export const newFlashcard = (set: Pick<StudioFlashcardSet, 'id'>): StudioFlashcard => ({ id: newId(set.id, 'k'), front: '', back: '' });

/** An item moved within a list (the key form's, shared with her own questions). */
export { moveItem } from '../../../components/key-editor/key-form.ts';

/** The label a student sees for the answer at a position (0 -> A). */
export const answerLetter = (index: number): string => 'ABCDEFGHIJKLMNOPQRST'[index] ?? String(index + 1);

/** A small table to start from (GFM), inserted at the cursor. */
export const TABLE_TEMPLATE = '\n| Kolom 1 | Kolom 2 |\n| --- | --- |\n| Cel | Cel |\n';
