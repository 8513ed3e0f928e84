import type { ExpectedAnswer, Interaction, ItemPair, QuestionResponse as ShownResponse } from '@blok/contract';
import { MAX_SHORT_ANSWER_LENGTH } from '@blok/contract';
import { orderAnswers } from '@blok/domain/answer-order';
import { clozeParts, expectedText, gradeResponse, orderingShown, type QuestionResponse, type QuestionSpec, type ResponseVerdict } from '@blok/domain/question-types';
import { AppError } from '../errors.ts';
import type { AnswerIds } from './answer-ids.ts';

/*
 * The question types of issue 40 (typed, numeric, ordering, matching, cloze) between the page and
 * the database, for practice sessions and mock exams alike: what is shown to answer one (items in the
 * session's own order, named by its own ids, as answers are: answer-ids.ts), her answer read from a
 * request and stored in content ids, and the right answer once it may be shown. Grading is
 * @blok/domain/question-types' gradeResponse; the key (questions.spec) never leaves the API.
 */

/** Her answer as a request sends it, in the session's ids (save-answer and a mock exam's answer). */
export interface ResponseBody {
  textAnswer?: string;
  order?: string[];
  pairs?: ItemPair[];
  gaps?: string[];
  answerId?: string;
  answerIds?: string[];
}

/** Her answer as stored: the columns of a session row (migration 0036). */
export interface StoredResponse {
  answerIds: string[] | null;
  textAnswer: string | null;
}

/** The items of an ordering in the order this session shows them: its own, and never the right one. */
const orderingItems = (spec: Extract<QuestionSpec, { type: 'ORDERING' }>, seed: number | null, questionId: string) =>
  orderingShown(spec.items, (items) => orderAnswers(items, seed, questionId, () => false));

/** The right-hand items of a matching in the session's order (decoys among them). */
const matchingTargets = (spec: Extract<QuestionSpec, { type: 'MATCHING' }>, seed: number | null, questionId: string) =>
  orderAnswers(spec.right, seed ?? 1, `${questionId}/rechts`, () => false);

/** What is shown to answer the question: items named by the session's ids (`ids`), in its order (`seed`). */
export function interactionOf(spec: QuestionSpec, seed: number | null, questionId: string, ids: AnswerIds): Interaction {
  const shown = (items: ReadonlyArray<{ id: string; text: string }>) => items.map((i) => ({ id: ids.toShown(i.id), text: i.text }));
  return {
    items: spec.type === 'ORDERING' ? shown(orderingItems(spec, seed, questionId)) : spec.type === 'MATCHING' ? shown(spec.left) : [],
    targets: spec.type === 'MATCHING' ? shown(matchingTargets(spec, seed, questionId)) : [],
    clozeParts: spec.type === 'CLOZE' ? clozeParts(spec.text) : [],
    unit: spec.type === 'NUMERIC' ? (spec.unit ?? null) : null,
  };
}

const invalid = (message: string) => new AppError('invalid_request', message);

/** The field a type takes, for the message when another one came. */
const FIELD_OF: Record<QuestionSpec['type'], keyof ResponseBody> = { TYPED: 'textAnswer', NUMERIC: 'textAnswer', ORDERING: 'order', MATCHING: 'pairs', CLOZE: 'gaps' };

/**
 * Reads her answer from a request into content ids, checked against the question: every item of an
 * ordering once, pairs of its own items, a text per gap. `complete`: practice takes only a whole
 * answer (a matching with every item paired); a mock exam also a part, or nothing (it clears). Null
 * when the answer is empty (a mock exam clears it). Throws 400 invalid_request with a Dutch message,
 * and 400 invalid_number for a numeric answer that is no number.
 */
export function readResponse(spec: QuestionSpec, body: ResponseBody, ids: AnswerIds, complete: boolean): { response: QuestionResponse; stored: StoredResponse } | null {
  const field = FIELD_OF[spec.type];
  const others = (['textAnswer', 'order', 'pairs', 'gaps', 'answerId', 'answerIds'] as const).filter((f) => f !== field && body[f] !== undefined);
  if (others.length) throw invalid('Dit antwoord past niet bij deze vraag.');
  switch (spec.type) {
    case 'TYPED':
    case 'NUMERIC': {
      const text = body.textAnswer?.trim() ?? '';
      if (text === '') {
        if (complete) throw invalid('Vul je antwoord in.');
        return null;
      }
      if (text.length > MAX_SHORT_ANSWER_LENGTH) throw invalid(`Je antwoord is te lang: hoogstens ${MAX_SHORT_ANSWER_LENGTH} tekens.`);
      if (spec.type === 'NUMERIC' && gradeResponse(spec, { text }).unreadable) {
        throw new AppError('invalid_number', 'Dit kunnen we niet als getal lezen. Schrijf bijvoorbeeld 0,25 of 1.250 (een komma voor de decimalen).');
      }
      return { response: { text }, stored: { answerIds: null, textAnswer: text } };
    }
    case 'ORDERING': {
      const shown = body.order ?? [];
      if (shown.length === 0 && !complete) return null;
      const contentIds = spec.items.map((i) => i.id);
      const order = ids.toContent(shown, contentIds);
      if (!order || order.length !== contentIds.length || new Set(order).size !== order.length) throw invalid('Zet elk item precies één keer in je volgorde.');
      return { response: { order }, stored: { answerIds: order, textAnswer: null } };
    }
    case 'MATCHING': {
      const given = body.pairs ?? [];
      if (given.length === 0 && !complete) return null;
      const pairs: Record<string, string> = {};
      for (const p of given) {
        const [left] = ids.toContent([p.left], spec.left.map((l) => l.id)) ?? [];
        const [right] = ids.toContent([p.right], spec.right.map((r) => r.id)) ?? [];
        if (left === undefined || right === undefined) throw invalid('Dit paar hoort niet bij deze vraag.');
        if (left in pairs) throw invalid('Koppel elk item aan één ander.');
        pairs[left] = right;
      }
      if (complete && Object.keys(pairs).length !== spec.left.length) throw invalid('Koppel elk item voordat je je antwoord controleert.');
      return { response: { pairs }, stored: { answerIds: Object.entries(pairs).map(([l, r]) => `${l}=${r}`), textAnswer: null } };
    }
    case 'CLOZE': {
      const gaps = (body.gaps ?? []).map((g) => g.trim());
      if (gaps.every((g) => g === '')) {
        if (complete) throw invalid('Vul de open plekken in.');
        return null;
      }
      if (gaps.length !== spec.gaps.length) throw invalid(`Deze zin heeft ${spec.gaps.length} open plekken.`);
      return { response: { gaps }, stored: { answerIds: null, textAnswer: JSON.stringify(gaps) } };
    }
  }
}

/** Her stored answer back as a response in content ids; null when she gave none. */
export function storedResponse(spec: QuestionSpec, answerIds: string[], textAnswer: string | null): QuestionResponse | null {
  switch (spec.type) {
    case 'TYPED':
    case 'NUMERIC':
      return textAnswer === null ? null : { text: textAnswer };
    case 'ORDERING':
      return answerIds.length ? { order: answerIds } : null;
    case 'MATCHING':
      return answerIds.length ? { pairs: Object.fromEntries(answerIds.map((p) => p.split('=') as [string, string])) } : null;
    case 'CLOZE': {
      if (textAnswer === null) return null;
      try {
        const gaps: unknown = JSON.parse(textAnswer);
        return Array.isArray(gaps) ? { gaps: gaps.map(String) } : null;
      } catch {
        return null;
      }
    }
  }
}

/** Her answer as the page gets it: items named by the session's ids. */
export function shownResponse(response: QuestionResponse, ids: AnswerIds): ShownResponse {
  return {
    text: response.text ?? null,
    order: (response.order ?? []).map((id) => ids.toShown(id)),
    pairs: Object.entries(response.pairs ?? {}).map(([left, right]) => ({ left: ids.toShown(left), right: ids.toShown(right) })),
    gaps: [...(response.gaps ?? [])],
  };
}

/** Grades her answer (a missing one is wrong). */
export const gradeStored = (spec: QuestionSpec, response: QuestionResponse | null): ResponseVerdict => gradeResponse(spec, response ?? {});

/** The right answer as the page gets it once revealed, with how her answer fared where that is finer than the status. */
export function expectedAnswer(spec: QuestionSpec, response: QuestionResponse | null, ids: AnswerIds): ExpectedAnswer {
  const verdict = gradeStored(spec, response);
  return {
    text: expectedText(spec),
    order: spec.type === 'ORDERING' ? spec.items.map((i) => ids.toShown(i.id)) : [],
    pairs: spec.type === 'MATCHING' ? Object.entries(spec.pairs).map(([left, right]) => ({ left: ids.toShown(left), right: ids.toShown(right) })) : [],
    gaps: spec.type === 'CLOZE' ? spec.gaps.map((g) => g.accepted[0] ?? '') : [],
    gapsRight: spec.type === 'CLOZE' ? verdict.gapsRight : [],
    typo: verdict.typo,
  };
}
