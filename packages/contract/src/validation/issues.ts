/**
 * A request the API refuses for its shape names the field and says what is wrong in Dutch, with the
 * message of the rule it breaks (issue 26): never the field's name, never zod's English. The web
 * app puts each message under its own field.
 */
import { getMessage, type Locale } from './messages.ts';

/** One refused field: its path in the body ('firstName', 'dailyReminder.time') and the message. */
export interface FieldIssue {
  field: string;
  message: string;
}

/** The parts of a zod issue this needs (zod 4: code, message, minimum / maximum, origin, format). */
export interface IssueLike {
  code: string;
  message?: string | undefined;
  minimum?: unknown;
  maximum?: unknown;
  origin?: unknown;
  format?: unknown;
}

const INVALID: Record<Locale, string> = { nl: 'Deze invoer is niet geldig', en: 'This value is not valid' };

/** Zod's own texts are English ('Invalid input', 'Too small: …'); ours (refine, custom) are not. */
const isZodDefault = (message: string | undefined) => !message || /^(Invalid|Too (small|big)|Expected|Required|Unrecognized)\b/i.test(message);

export function issueMessage(issue: IssueLike, field: string, locale: Locale = 'nl'): string {
  const fieldName = field.split('.').pop() ?? field;
  // A message of our own (a refine, a rule, a regex's message) is Dutch already.
  if (!isZodDefault(issue.message)) return issue.message!;
  const sized = issue.origin === 'string' || issue.origin === 'array' || issue.origin === 'set';
  switch (issue.code) {
    case 'invalid_type':
      return getMessage('required', { fieldName }, locale);
    case 'too_small':
      if (sized) return Number(issue.minimum) <= 1 ? getMessage('required', { fieldName }, locale) : getMessage('minLength', { fieldName, limit: String(issue.minimum) }, locale);
      return issue.origin === 'number' ? getMessage('min', { fieldName, limit: String(issue.minimum) }, locale) : INVALID[locale];
    case 'too_big':
      if (sized) return getMessage('maxLength', { fieldName, limit: String(issue.maximum) }, locale);
      return issue.origin === 'number' ? getMessage('max', { fieldName, limit: String(issue.maximum) }, locale) : INVALID[locale];
    case 'invalid_format':
      return issue.format === 'email' ? getMessage('email', { fieldName }, locale) : INVALID[locale];
    default:
      return INVALID[locale];
  }
}
