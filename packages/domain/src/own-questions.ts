/**
 * Her own practice questions in a course of her own (issue 41): multiple choice and issue 40's
 * typed, numeric, ordering and matching types. Their keys are the content format's fields of the type
 * (packages/content's schema, the studio's key form), read and checked here, and graded by the same
 * rules as Blok's questions (question-types.ts's specOf and gradeResponse). Pure: the API grades with
 * it, the app checks a key before it is sent.
 */
import { gradeResponse, specOf, type KeyFields, type QuestionResponse, type QuestionSpec, type ResponseVerdict } from './question-types.ts';

export const OWN_QUESTION_TYPES = ['SELECT', 'TYPED', 'NUMERIC', 'ORDERING', 'MATCHING'] as const;
export type OwnQuestionType = (typeof OWN_QUESTION_TYPES)[number];

/** The most of each a key may hold: the content format's limits (choices: up to ten, A to J). */
export const OWN_KEY_LIMITS = { answers: 10, accepted: 20, items: 10, pairs: 8, decoys: 4, text: 500, unit: 12 } as const;

/** A multiple-choice key: the answers in the order she wrote them, exactly one correct. */
export interface ChoiceFields {
  type: 'SELECT';
  answers: Array<{ text: string; correct: boolean }>;
}

/** A key as stored: the content format's fields of the type, defaults filled in. */
export type OwnKeyFields = ChoiceFields | Exclude<KeyFields, { type: 'CLOZE' }>;

/** Why a key is refused: a machine-readable code, the field it is at (`value`, `items.1`) and a Dutch message. */
export interface OwnKeyProblem {
  field: string;
  code: 'required' | 'empty' | 'too_few' | 'too_many' | 'too_long' | 'not_a_number' | 'negative' | 'one_correct';
  message: string;
}

export type ReadOwnKey = { fields: OwnKeyFields; problems?: undefined } | { fields?: undefined; problems: OwnKeyProblem[] };

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Reads her key of a type from the fields the app sent (`accepted`, `value`, `items`, `pairs`,
 * `answers`...): trimmed, checked against the content format's rules, defaults filled in. Every
 * problem is named at its field, so the form shows it there.
 */
export function readOwnKey(type: OwnQuestionType, raw: unknown): ReadOwnKey {
  const problems: OwnKeyProblem[] = [];
  const f = isRecord(raw) ? raw : {};
  const problem = (field: string, code: OwnKeyProblem['code'], message: string) => problems.push({ field, code, message });
  /** a non-empty text of at most the limit, trimmed; null (and a problem) otherwise */
  const textAt = (value: unknown, field: string): string => {
    const s = typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : '';
    if (!s) problem(field, 'empty', 'Vul dit in.');
    else if (s.length > OWN_KEY_LIMITS.text) problem(field, 'too_long', `Hoogstens ${OWN_KEY_LIMITS.text} tekens.`);
    return s;
  };
  const listAt = (value: unknown, field: string, min: number, max: number, what: string): unknown[] => {
    const list = Array.isArray(value) ? value : [];
    if (list.length < min) problem(field, 'too_few', `Minstens ${min === 1 ? 'één' : min} ${what}.`);
    if (list.length > max) problem(field, 'too_many', `Hoogstens ${max} ${what}.`);
    return list.slice(0, max);
  };
  const result = (fields: OwnKeyFields): ReadOwnKey => (problems.length ? { problems } : { fields });

  switch (type) {
    case 'SELECT': {
      const answers = listAt(f.answers, 'answers', 2, OWN_KEY_LIMITS.answers, 'antwoorden').map((a, i) => ({
        text: textAt(isRecord(a) ? a.text : a, `answers.${i}`),
        correct: isRecord(a) && a.correct === true,
      }));
      if (answers.length >= 2 && answers.filter((a) => a.correct).length !== 1) problem('answers', 'one_correct', 'Kies precies één goed antwoord.');
      return result({ type, answers });
    }
    case 'TYPED': {
      const accepted = listAt(f.accepted, 'accepted', 1, OWN_KEY_LIMITS.accepted, 'goed antwoord').map((a, i) => textAt(a, `accepted.${i}`));
      return result({ type, accepted, typos: f.typos !== false });
    }
    case 'NUMERIC': {
      const number = (value: unknown, field: string, fallback?: number): number => {
        if (value === undefined && fallback !== undefined) return fallback;
        if (typeof value !== 'number' || !Number.isFinite(value)) {
          problem(field, value === undefined || value === '' ? 'required' : 'not_a_number', value === undefined || value === '' ? 'Vul een getal in.' : 'Dit is geen getal.');
          return 0;
        }
        return value;
      };
      const value = number(f.value, 'value');
      const tolerance = number(f.tolerance, 'tolerance', 0);
      if (tolerance < 0) problem('tolerance', 'negative', 'De marge is niet negatief.');
      const unit = typeof f.unit === 'string' ? f.unit.trim() : '';
      if (unit.length > OWN_KEY_LIMITS.unit) problem('unit', 'too_long', `Een eenheid is hoogstens ${OWN_KEY_LIMITS.unit} tekens.`);
      const aliases = (Array.isArray(f.unitAliases) ? f.unitAliases : []).map((a, i) => textAt(a, `unitAliases.${i}`));
      return result({ type, value, tolerance, relative: f.relative === true, unit: unit || undefined, unitAliases: aliases });
    }
    case 'ORDERING': {
      const items = listAt(f.items, 'items', 2, OWN_KEY_LIMITS.items, 'items').map((item, i) => textAt(isRecord(item) ? item.text : item, `items.${i}`));
      return result({ type, items });
    }
    case 'MATCHING': {
      const pairs = listAt(f.pairs, 'pairs', 2, OWN_KEY_LIMITS.pairs, 'paren').map((p, i) => ({
        left: textAt(isRecord(p) ? p.left : '', `pairs.${i}.left`),
        right: textAt(isRecord(p) ? p.right : '', `pairs.${i}.right`),
      }));
      const decoys = (Array.isArray(f.decoys) ? f.decoys : []).map((d, i) => textAt(d, `decoys.${i}`));
      if (decoys.length > OWN_KEY_LIMITS.decoys) problem('decoys', 'too_many', `Hoogstens ${OWN_KEY_LIMITS.decoys} afleiders.`);
      return result({ type, pairs, decoys });
    }
  }
}

/** The spec a rule-graded key of hers is graded by (question-types.ts's specOf, items named `<question>-i1`...). */
export function ownSpec(questionId: string, fields: Exclude<OwnKeyFields, ChoiceFields>): QuestionSpec {
  return specOf(questionId, fields);
}

/** The id of a choice: its written position (a1, a2, ...). */
export const choiceId = (index: number): string => `a${index + 1}`;

/** Her answer to one of her questions: a choice's id, or the response of a rule-graded type. */
export interface OwnResponse extends QuestionResponse {
  choice?: string;
}

export interface OwnVerdict extends ResponseVerdict {
  /** SELECT: the id of the correct choice */
  correctChoice?: string;
}

/**
 * Grades her answer to one of her own questions: a choice right when it is the correct one (no
 * partly right), the other types by gradeResponse with the spec of her key, as Blok's are.
 */
export function gradeOwn(questionId: string, fields: OwnKeyFields, response: OwnResponse): OwnVerdict {
  if (fields.type === 'SELECT') {
    const correctChoice = choiceId(fields.answers.findIndex((a) => a.correct));
    const right = response.choice === correctChoice;
    return { status: right ? 1 : 0, score: right ? 1 : 0, unreadable: false, typo: false, gapsRight: [], correctChoice };
  }
  return gradeResponse(ownSpec(questionId, fields), response);
}
