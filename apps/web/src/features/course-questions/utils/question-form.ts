import { parse, stringify } from 'yaml';
import type { CourseQuestion, CourseQuestionBody, CourseQuestionType, CourseQuestionVerdict } from '@blok/contract/course-questions';
import type { ExpectedAnswer, Interaction } from '@blok/contract/questions';
import { orderAnswers } from '@blok/domain/answer-order';
import { choiceId, ownSpec, readOwnKey, type ChoiceFields } from '@blok/domain/own-questions';
import { orderingShown } from '@blok/domain/question-types';
import type { RuleKind } from '../../../components/key-editor/key-form.ts';

/*
 * Her own question as the editor holds it and as the API takes it (issue 41). A multiple-choice
 * question's answers are edited here; the other types' key is the studio's key form (YAML of the
 * content format's fields, components/key-editor), sent as those fields.
 */

/** The key editor's kind of each rule-graded type. */
export const KIND_OF: Record<Exclude<CourseQuestionType, 'SELECT'>, RuleKind> = { TYPED: 'typed', NUMERIC: 'numeric', ORDERING: 'ordering', MATCHING: 'matching' };

export interface QuestionForm {
  type: CourseQuestionType;
  prompt: string;
  explanation: string;
  /** SELECT: the answers in her order, one marked right */
  choices: Array<{ text: string; correct: boolean }>;
  /** the other types: the key form's YAML */
  key: string;
}

export const emptyChoices = (): QuestionForm['choices'] => [
  { text: '', correct: true },
  { text: '', correct: false },
];

/** The form of a question (or a new one, multiple choice). */
export function formOf(question?: CourseQuestion): QuestionForm {
  if (!question) return { type: 'SELECT', prompt: '', explanation: '', choices: emptyChoices(), key: '' };
  const choices =
    question.type === 'SELECT' && Array.isArray(question.key.answers)
      ? (question.key.answers as Array<{ text?: unknown; correct?: unknown }>).map((a) => ({ text: typeof a.text === 'string' ? a.text : '', correct: a.correct === true }))
      : emptyChoices();
  return {
    type: question.type,
    prompt: question.prompt,
    explanation: question.explanation,
    choices,
    key: question.type === 'SELECT' ? '' : stringify(question.key, { lineWidth: 0 }),
  };
}

/** Another type chosen: the prompt and explanation stay, the key starts empty. */
export const withType = (form: QuestionForm, type: CourseQuestionType): QuestionForm => (type === form.type ? form : { ...form, type, key: '', choices: emptyChoices() });

/** The body the API takes: the key's fields read from the form's YAML (an unreadable key is sent empty, and refused at its fields). */
export function bodyOf(form: QuestionForm): CourseQuestionBody {
  let key: Record<string, unknown> = {};
  if (form.type === 'SELECT') key = { answers: form.choices.map((c) => ({ text: c.text.trim(), correct: c.correct })) };
  else {
    try {
      const parsed: unknown = form.key.trim() ? parse(form.key) : {};
      if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) key = parsed as Record<string, unknown>;
    } catch {
      key = {};
    }
  }
  return { type: form.type, prompt: form.prompt, key, explanation: form.explanation };
}

/** The problems the API named (`key.value`), at the key editor's fields (`value`). */
export const keyProblems = (fields: ReadonlyArray<{ field: string; message: string }>) =>
  fields.filter((f) => f.field.startsWith('key.')).map((f) => ({ field: f.field.slice('key.'.length), message: f.message }));

/** What a question shows to answer it: choices (a1...) or the items and targets as the API names them, shuffled by `seed`. */
export interface Shown {
  choices: Array<{ id: string; text: string }>;
  interaction: Interaction | null;
}

export function shownOf(question: CourseQuestion, seed: number): Shown {
  const read = readOwnKey(question.type, question.key);
  if (!read.fields) return { choices: [], interaction: null };
  const fields = read.fields;
  if (fields.type === 'SELECT') {
    const choices = (fields as ChoiceFields).answers.map((a, i) => ({ id: choiceId(i), text: a.text }));
    return { choices: orderAnswers(choices, seed, question.id, () => false), interaction: null };
  }
  const spec = ownSpec(question.id, fields);
  return {
    choices: [],
    interaction: {
      items: spec.type === 'ORDERING' ? orderingShown(spec.items, (items) => orderAnswers(items, seed, question.id, () => false)) : spec.type === 'MATCHING' ? spec.left : [],
      targets: spec.type === 'MATCHING' ? orderAnswers(spec.right, seed, `${question.id}/rechts`, () => false) : [],
      clozeParts: [],
      unit: spec.type === 'NUMERIC' ? (spec.unit ?? null) : null,
    },
  };
}

/** The server's verdict as the practice screen's expected-answer view takes it. */
export const expectedOf = (verdict: CourseQuestionVerdict): ExpectedAnswer => ({
  text: verdict.expected.text,
  order: verdict.expected.order,
  pairs: verdict.expected.pairs,
  gaps: [],
  gapsRight: [],
  typo: verdict.typo,
});

/** Her questions to practise: those not right last time first (never answered, wrong, partly), then the right ones; each group in her order. */
export const practiceOrder = (questions: readonly CourseQuestion[]): CourseQuestion[] => [
  ...questions.filter((q) => q.lastStatus !== 1),
  ...questions.filter((q) => q.lastStatus === 1),
];
