import type { Interaction, ItemPair, QuestionResponse, QuestionTypeName } from '@blok/contract/questions';
import { parseDutchNumber } from '@blok/domain/question-types';

/**
 * Her answer to a question of issue 40's types while she writes it: the same on the practice screen
 * and in a mock exam. Ids are the session's (or exam's) own, as the API sent them.
 */
export interface RuleDraft {
  text: string;
  order: string[];
  /** left id -> right id */
  pairs: Record<string, string>;
  gaps: string[];
}

/** The types answered with these inputs. */
export const RULE_TYPES: readonly QuestionTypeName[] = ['TYPED', 'NUMERIC', 'ORDERING', 'MATCHING', 'CLOZE'];
export const isRuleType = (type: QuestionTypeName): boolean => RULE_TYPES.includes(type);

/** A draft to start from: her answer when she gave one, else empty (an ordering as shown). */
export function draftOf(interaction: Interaction, response: QuestionResponse | null): RuleDraft {
  const gapCount = Math.max(0, interaction.clozeParts.length - 1);
  return {
    text: response?.text ?? '',
    order: response?.order.length ? [...response.order] : interaction.items.map((i) => i.id),
    pairs: Object.fromEntries((response?.pairs ?? []).map((p) => [p.left, p.right])),
    gaps: Array.from({ length: gapCount }, (_, i) => response?.gaps[i] ?? ''),
  };
}

/** The request fields of a draft for a type (save-answer and a mock exam's answer take the same). */
export function draftBody(type: QuestionTypeName, draft: RuleDraft): { textAnswer?: string; order?: string[]; pairs?: ItemPair[]; gaps?: string[] } {
  switch (type) {
    case 'TYPED':
    case 'NUMERIC':
      return { textAnswer: draft.text.trim() };
    case 'ORDERING':
      return { order: draft.order };
    case 'MATCHING':
      return { pairs: Object.entries(draft.pairs).map(([left, right]) => ({ left, right })) };
    case 'CLOZE':
      return { gaps: draft.gaps.map((g) => g.trim()) };
    default:
      return {};
  }
}

/** The draft as her response, to show it at once (offline, or before the server answered). */
export const draftResponse = (type: QuestionTypeName, draft: RuleDraft): QuestionResponse => {
  const body = draftBody(type, draft);
  return { text: body.textAnswer ?? null, order: body.order ?? [], pairs: body.pairs ?? [], gaps: body.gaps ?? [] };
};

/**
 * What is missing before a draft can be checked, as a key of `questions:types`; null when complete.
 * A number must be one the app can read (the Dutch comma is fine).
 */
export function draftProblem(type: QuestionTypeName, interaction: Interaction, draft: RuleDraft): 'required' | 'notANumber' | 'pairAll' | 'fillGaps' | null {
  switch (type) {
    case 'TYPED':
      return draft.text.trim() ? null : 'required';
    case 'NUMERIC':
      if (!draft.text.trim()) return 'required';
      return parseDutchNumber(draft.text) ? null : 'notANumber';
    case 'MATCHING':
      return interaction.items.every((i) => draft.pairs[i.id]) ? null : 'pairAll';
    case 'CLOZE':
      return draft.gaps.some((g) => g.trim()) ? null : 'fillGaps';
    default:
      return null;
  }
}

/** Whether she gave any answer (a mock exam stores a part, and clears an empty one). */
export function draftGiven(type: QuestionTypeName, draft: RuleDraft): boolean {
  if (type === 'TYPED' || type === 'NUMERIC') return draft.text.trim() !== '';
  if (type === 'MATCHING') return Object.keys(draft.pairs).length > 0;
  if (type === 'CLOZE') return draft.gaps.some((g) => g.trim() !== '');
  return true;
}
