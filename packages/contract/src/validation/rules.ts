/**
 * Rule implementations (product spec section 5).
 *
 * Every rule answers "does this value pass?". Rules other than `required` are
 * only called by the engine for non-empty values: an empty, non-required field
 * passes every rule.
 */
import { isSecurePassword, isValidEmail } from '@blok/domain/credentials';
import type { RuleName } from './messages.ts';

export interface RuleContext {
  /** All form values; used by `passwordConfirm` to find the other field. */
  values?: Record<string, unknown> | undefined;
}

export type RuleFn = (value: unknown, limit: string | undefined, ctx: RuleContext) => boolean;

/** 1 MB as used by maxSize/minSize (binary megabyte, 1024 * 1024 bytes). */
export const BYTES_PER_MB = 1024 * 1024;


/* ------------------------------------------------------------------ helpers */

function isArrayLike(value: unknown): value is ArrayLike<unknown> {
  if (Array.isArray(value)) return true;
  if (value === null || typeof value !== 'object') return false;
  const length = (value as { length?: unknown }).length;
  return typeof length === 'number' && Number.isInteger(length) && length >= 0;
}

/** True for File/Blob-like objects: anything with a numeric `size`. */
export function isFileLike(value: unknown): value is { size: number; name?: string } {
  return (
    value !== null &&
    typeof value === 'object' &&
    typeof (value as { size?: unknown }).size === 'number' &&
    !isArrayLike(value)
  );
}

/** A single value or a list / FileList-like as an array. */
function toList(value: unknown): unknown[] {
  return isArrayLike(value) ? Array.from(value) : [value];
}

/**
 * Empty means: undefined, null, NaN, false (an unchecked checkbox), a string
 * that is empty or whitespace only, or an array / FileList-like of length 0.
 */
export function isEmpty(value: unknown): boolean {
  if (value === undefined || value === null || value === false) return true;
  if (typeof value === 'number') return Number.isNaN(value);
  if (typeof value === 'string') return value.trim() === '';
  if (isArrayLike(value)) return value.length === 0;
  return false;
}

function asString(value: unknown): string {
  return typeof value === 'string' ? value : String(value);
}

/** Length in characters (code points, so an emoji counts once); for lists the number of items. */
function lengthOf(value: unknown): number {
  if (isArrayLike(value)) return value.length;
  return Array.from(asString(value)).length;
}

/** Parses a numeric value; accepts a Dutch decimal comma ('2,5'). NaN if not a number. */
export function toNumber(value: unknown): number {
  if (typeof value === 'number') return value;
  if (typeof value !== 'string') return Number.NaN;
  const s = value.trim().replace(',', '.');
  if (!/^[-+]?(\d+\.?\d*|\.\d+)$/.test(s)) return Number.NaN;
  return Number(s);
}

function numericLimit(rule: string, limit: string | undefined): number {
  const n = limit === undefined ? Number.NaN : Number(limit.trim());
  if (limit === undefined || limit.trim() === '' || !Number.isFinite(n)) {
    throw new Error(`Validation rule "${rule}" needs a numeric limit, e.g. "${rule}:10" (got ${JSON.stringify(limit)})`);
  }
  return n;
}

function fileNameOf(item: unknown): string | undefined {
  if (typeof item === 'string') return item;
  if (item !== null && typeof item === 'object') {
    const name = (item as { name?: unknown }).name;
    if (typeof name === 'string') return name;
  }
  return undefined;
}

function extensionOf(fileName: string): string | undefined {
  const base = fileName.split(/[\\/]/).pop() ?? '';
  const dot = base.lastIndexOf('.');
  if (dot <= 0 || dot === base.length - 1) return undefined;
  return base.slice(dot + 1).toLowerCase();
}

/* ------------------------------------------------------------------ patterns */

const ALPHA_PATTERN = /^[\p{L}\p{M}]+$/u;
const ALPHA_NUMERIC_PATTERN = /^[\p{L}\p{M}0-9]+$/u;
const NUMERIC_PATTERN = /^[0-9]+$/;
/** +31, 0031 or 0, then 9 digits (first one not 0), spaces or dashes allowed between digits. */
const TELEPHONE_PATTERN = /^(?:\+31|0031|0)[ -]?[1-9](?:[ -]?[0-9]){8}$/;

/** A name: letters (any script) first, then letters, spaces, dots, hyphens and apostrophes ("J.", "d'Ancona"). */
const PERSON_NAME_PATTERN = /^[\p{L}\p{M}][\p{L}\p{M} .'’-]*$/u;

/* ------------------------------------------------------------------ rules */

export const required: RuleFn = (value) => !isEmpty(value);

/** The e-mail policy of `@blok/domain/credentials`, the one the API's registration applies. */
export const email: RuleFn = (value) => isValidEmail(asString(value));

export const alpha: RuleFn = (value) => ALPHA_PATTERN.test(asString(value).normalize('NFC'));

export const alphaNumeric: RuleFn = (value) => ALPHA_NUMERIC_PATTERN.test(asString(value).normalize('NFC'));

export const numeric: RuleFn = (value) => NUMERIC_PATTERN.test(asString(value));

export const positiveNumeric: RuleFn = (value) => {
  const s = asString(value);
  return NUMERIC_PATTERN.test(s) && /[1-9]/.test(s);
};

export const maxLength: RuleFn = (value, limit) => lengthOf(value) <= numericLimit('maxLength', limit);

export const minLength: RuleFn = (value, limit) => lengthOf(value) >= numericLimit('minLength', limit);

export const max: RuleFn = (value, limit) => {
  const bound = numericLimit('max', limit);
  const n = toNumber(value);
  return Number.isFinite(n) && n <= bound;
};

export const min: RuleFn = (value, limit) => {
  const bound = numericLimit('min', limit);
  const n = toNumber(value);
  return Number.isFinite(n) && n >= bound;
};

/** Every file must be at most `limit` MB. A value that is not a file (list) fails. */
export const maxSize: RuleFn = (value, limit) => {
  const bytes = numericLimit('maxSize', limit) * BYTES_PER_MB;
  return toList(value).every((f) => isFileLike(f) && f.size <= bytes);
};

/** Every file must be at least `limit` MB. A value that is not a file (list) fails. */
export const minSize: RuleFn = (value, limit) => {
  const bytes = numericLimit('minSize', limit) * BYTES_PER_MB;
  return toList(value).every((f) => isFileLike(f) && f.size >= bytes);
};

/** Every file name (File-like `name`, or a plain string) must end in one of the listed extensions. */
export const ext: RuleFn = (value, limit) => {
  const allowed = (limit ?? '')
    .split(',')
    .map((e) => e.trim().replace(/^\./, '').toLowerCase())
    .filter((e) => e !== '');
  if (allowed.length === 0) {
    throw new Error(`Validation rule "ext" needs a list of extensions, e.g. "ext:jpg,png" (got ${JSON.stringify(limit)})`);
  }
  return toList(value).every((item) => {
    const name = fileNameOf(item);
    const extension = name === undefined ? undefined : extensionOf(name);
    return extension !== undefined && allowed.includes(extension);
  });
};

/** Equals the other field's value; the limit names it with an @ prefix ('passwordConfirm:@password'). */
export const passwordConfirm: RuleFn = (value, limit, ctx) => {
  const other = (limit ?? '').trim().replace(/^@/, '');
  if (other === '') {
    throw new Error(`Validation rule "passwordConfirm" needs the other field, e.g. "passwordConfirm:@password"`);
  }
  return value === ctx.values?.[other];
};

/**
 * At least 8 characters with a letter, a digit and one of ! # $ % & ? or a space or a double quote:
 * the password policy of `@blok/domain/credentials`, the one the API's registration applies.
 */
export const passwordSecurity: RuleFn = (value) => isSecurePassword(asString(value));

/** Dutch numbers: +31, 0031 or 0, then 9 digits (area code or mobile 6, then the rest). */
export const telephoneNumber: RuleFn = (value) => TELEPHONE_PATTERN.test(asString(value).trim());

/** A person's name (Blok's own rule, not in the spec): no digits or symbols. */
export const personName: RuleFn = (value) => PERSON_NAME_PATTERN.test(asString(value).trim().normalize('NFC'));

export const RULES: Readonly<Record<RuleName, RuleFn>> = {
  required,
  email,
  alpha,
  alphaNumeric,
  numeric,
  positiveNumeric,
  maxLength,
  minLength,
  max,
  min,
  maxSize,
  minSize,
  ext,
  passwordConfirm,
  passwordSecurity,
  telephoneNumber,
  personName,
};
