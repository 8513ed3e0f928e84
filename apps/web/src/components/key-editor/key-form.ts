import { parse, stringify } from 'yaml';
import type { StudioQuestion } from '@blok/contract/studio';
import { clozeGaps, orderingItemKey, parseDutchNumber, specOf, type KeyFields, type QuestionSpec } from '@blok/domain/question-types';

/*
 * The studio's form for a question of issue 40's types, and its conversion to and from the studio
 * document's `key`: the content format's own fields of that type as YAML (packages/content/README.md,
 * the studio contract). The form is a view over that format, not a second one: the key it writes goes
 * through the importer's loader and checks as the command-line import does (decision 041), and a key
 * written by hand or exported comes back into the form.
 */

export type RuleKind = 'typed' | 'numeric' | 'ordering' | 'matching' | 'cloze';
export const RULE_KINDS: readonly RuleKind[] = ['typed', 'numeric', 'ordering', 'matching', 'cloze'];
export const isRuleKind = (kind: StudioQuestion['kind']): kind is RuleKind => (RULE_KINDS as readonly string[]).includes(kind);

/** An ordering's item in the form: its id (kept when it moves, as answers keep theirs) and its text. */
export interface FormItem {
  id: string;
  text: string;
}

/** Numbers are kept as typed (a Dutch comma, half written) and read when the key is written. */
export type KeyForm =
  | { kind: 'typed'; accepted: string[]; typos: boolean }
  | { kind: 'numeric'; value: string; tolerance: string; relative: boolean; unit: string; unitAliases: string }
  | { kind: 'ordering'; items: FormItem[] }
  | { kind: 'matching'; pairs: Array<{ left: string; right: string }>; decoys: string[] }
  | { kind: 'cloze'; instruction: string; typos: boolean };

/** A key that could not be read as YAML: the form starts empty and shows the old text. */
export interface ReadKey {
  form: KeyForm;
  /** the key's text when it was no YAML mapping, else null */
  unreadable: string | null;
}

const asRecord = (value: unknown): Record<string, unknown> | null =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
const text = (value: unknown): string => (typeof value === 'string' ? value : typeof value === 'number' || typeof value === 'boolean' ? String(value) : '');
const texts = (value: unknown): string[] => (Array.isArray(value) ? value.map(text) : typeof value === 'string' ? [value] : []);

/** A number as the form shows it: the Dutch way, with a decimal comma and no grouping ("0,25", "-24"). */
export const numberText = (value: unknown): string => (typeof value === 'number' ? String(value).replace('.', ',') : text(value));

/**
 * A number the author typed: the Dutch comma or a point, a minus, a power of ten. 'ambiguous' when
 * it reads two ways ("1.500": 1500 or 1,5), null when it is no number or carries a unit.
 */
export function readAuthorNumber(input: string): number | 'ambiguous' | null {
  const parsed = input.trim() === '' ? null : parseDutchNumber(input);
  if (!parsed || parsed.unit !== '') return null;
  return parsed.values.length > 1 ? 'ambiguous' : parsed.values[0]!;
}

/** A share as a percentage without float noise (0.015 -> "1,5"). */
const percentText = (share: number): string => numberText(Number((share * 100).toPrecision(12)));

/** The form of a question of this kind from its key; fields of other kinds are left out. */
export function keyToForm(kind: RuleKind, key: string | undefined): ReadKey {
  let data: unknown = {};
  let unreadable: string | null = null;
  if (key && key.trim()) {
    try {
      data = parse(key);
    } catch {
      data = {};
    }
    if (!asRecord(data)) {
      unreadable = key;
      data = {};
    }
  }
  const f = asRecord(data) ?? {};
  switch (kind) {
    case 'typed': {
      const accepted = texts(f.accepted);
      return { form: { kind, accepted: accepted.length ? accepted : [''], typos: f.typos !== false }, unreadable };
    }
    case 'numeric': {
      const relative = f.relative === true;
      const tolerance = typeof f.tolerance === 'number' ? (relative ? percentText(f.tolerance) : numberText(f.tolerance)) : text(f.tolerance);
      return {
        form: {
          kind,
          value: numberText(f.value),
          tolerance: tolerance === '0' ? '' : tolerance,
          relative,
          unit: text(f.unit),
          unitAliases: texts(f.unitAliases).join(', '),
        },
        unreadable,
      };
    }
    case 'ordering': {
      const raw = Array.isArray(f.items) ? (f.items as unknown[]) : [];
      const items = raw.map((item, i) => {
        const record = asRecord(item);
        const { key, text: itemText } = orderingItemKey(record ? { id: typeof record.id === 'string' ? record.id : undefined, text: text(record.text) } : text(item), i);
        return { id: key, text: itemText };
      });
      while (items.length < 2) items.push({ id: nextItemId(items), text: '' });
      return { form: { kind, items }, unreadable };
    }
    case 'matching': {
      const pairs = (Array.isArray(f.pairs) ? (f.pairs as unknown[]) : []).map((p) => {
        const record = asRecord(p) ?? {};
        return { left: text(record.left), right: text(record.right) };
      });
      while (pairs.length < 2) pairs.push({ left: '', right: '' });
      return { form: { kind, pairs, decoys: texts(f.decoys) }, unreadable };
    }
    case 'cloze':
      return { form: { kind, instruction: text(f.instruction), typos: f.typos !== false }, unreadable };
  }
}

/** The next free item id (i1, i2, ...): an item keeps its id when it moves, so stored answers keep pointing at it. */
export function nextItemId(items: readonly FormItem[]): string {
  const used = new Set(items.map((i) => i.id));
  let n = items.length + 1;
  while (used.has(`i${n}`)) n++;
  return `i${n}`;
}

/** A number field as the key holds it: the number, or the text as typed so the importer names it. */
const numberField = (input: string, scale = 1): number | string | undefined => {
  if (input.trim() === '') return undefined;
  const n = readAuthorNumber(input);
  return typeof n === 'number' ? Number((n * scale).toPrecision(12)) : input.trim();
};

/** The content format's fields of the form (the defaults left out), as the key's object. */
export function formToFields(form: KeyForm): Record<string, unknown> {
  switch (form.kind) {
    case 'typed':
      return { accepted: form.accepted, ...(form.typos ? {} : { typos: false }) };
    case 'numeric': {
      const value = numberField(form.value);
      const tolerance = numberField(form.tolerance, form.relative ? 0.01 : 1);
      const aliases = form.unitAliases.split(',').map((a) => a.trim()).filter(Boolean);
      return {
        ...(value === undefined ? {} : { value }),
        ...(tolerance === undefined || tolerance === 0 ? {} : { tolerance }),
        ...(form.relative ? { relative: true } : {}),
        ...(form.unit.trim() ? { unit: form.unit.trim() } : {}),
        ...(aliases.length ? { unitAliases: aliases } : {}),
      };
    }
    case 'ordering':
      // a plain text where the id is its written position, else the id with it
      return { items: form.items.map((item, i) => (item.id === `i${i + 1}` ? item.text : { id: item.id, text: item.text })) };
    case 'matching':
      return { pairs: form.pairs, ...(form.decoys.length ? { decoys: form.decoys } : {}) };
    case 'cloze':
      return { ...(form.instruction.trim() ? { instruction: form.instruction } : {}), ...(form.typos ? {} : { typos: false }) };
  }
}

/** The key the studio document holds: the form's fields as YAML ('' when there are none). */
export function formToKey(form: KeyForm): string {
  const fields = formToFields(form);
  return Object.keys(fields).length ? stringify(fields, { lineWidth: 0 }) : '';
}

/** What the form itself can tell before the importer's checks run: a number it cannot read. */
export type FormIssue = { field: 'value' | 'tolerance'; issue: 'notANumber' | 'ambiguous' };

export function formIssues(form: KeyForm): FormIssue[] {
  if (form.kind !== 'numeric') return [];
  const issues: FormIssue[] = [];
  for (const field of ['value', 'tolerance'] as const) {
    if (form[field].trim() === '') continue;
    const n = readAuthorNumber(form[field]);
    if (n === null) issues.push({ field, issue: 'notANumber' });
    else if (n === 'ambiguous') issues.push({ field, issue: 'ambiguous' });
  }
  return issues;
}

/**
 * The spec the importer would store for this question (the same `specOf`), for the preview to grade
 * with; null while the form cannot make one (no number yet, an empty item, a cloze without gaps).
 */
export function formSpec(questionId: string, questionText: string, form: KeyForm): QuestionSpec | null {
  const filled = (list: readonly string[]) => list.length > 0 && list.every((s) => s.trim() !== '');
  let fields: KeyFields;
  switch (form.kind) {
    case 'typed': {
      const accepted = form.accepted.map((a) => a.trim()).filter(Boolean);
      if (!accepted.length) return null;
      fields = { type: 'TYPED', accepted, typos: form.typos };
      break;
    }
    case 'numeric': {
      const value = readAuthorNumber(form.value);
      const tolerance = form.tolerance.trim() === '' ? 0 : readAuthorNumber(form.tolerance);
      if (typeof value !== 'number' || typeof tolerance !== 'number') return null;
      const aliases = form.unitAliases.split(',').map((a) => a.trim()).filter(Boolean);
      fields = { type: 'NUMERIC', value, tolerance: form.relative ? tolerance / 100 : tolerance, relative: form.relative, unit: form.unit.trim() || undefined, unitAliases: aliases };
      break;
    }
    case 'ordering':
      if (!filled(form.items.map((i) => i.text))) return null;
      fields = { type: 'ORDERING', items: form.items.map((i) => ({ id: i.id, text: i.text.trim() })) };
      break;
    case 'matching':
      if (!filled(form.pairs.flatMap((p) => [p.left, p.right])) || form.decoys.some((d) => d.trim() === '')) return null;
      fields = { type: 'MATCHING', pairs: form.pairs.map((p) => ({ left: p.left.trim(), right: p.right.trim() })), decoys: form.decoys.map((d) => d.trim()) };
      break;
    case 'cloze': {
      const gaps = clozeGaps(questionText);
      if (!gaps.length || gaps.some((g) => g.accepted.length === 0)) return null;
      fields = { type: 'CLOZE', text: questionText, typos: form.typos };
      break;
    }
  }
  return specOf(questionId, fields);
}

/** The list with the item at `from` moved to `to` (both within the list). */
export function moveItem<T>(items: readonly T[], from: number, to: number): T[] {
  const next = [...items];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item!);
  return next;
}
