/**
 * Validation messages (product spec section 5).
 *
 * Dutch is the language the app uses (`DEFAULT_LOCALE = 'nl'`). Section 9 of the
 * spec also mentions English as a default for validation messages; callers can
 * choose per call with `locale: 'en'`.
 */

export type Locale = 'nl' | 'en';

export const LOCALES: readonly Locale[] = ['nl', 'en'] as const;

/** The locale the app uses when none is given. */
export const DEFAULT_LOCALE: Locale = 'nl';

export function isLocale(value: unknown): value is Locale {
  return value === 'nl' || value === 'en';
}

/** Names of the rules the engine knows. */
export const RULE_NAMES = [
  'required',
  'email',
  'alpha',
  'alphaNumeric',
  'numeric',
  'positiveNumeric',
  'maxLength',
  'minLength',
  'max',
  'min',
  'maxSize',
  'minSize',
  'ext',
  'passwordConfirm',
  'passwordSecurity',
  'telephoneNumber',
  'personName',
] as const;

export type RuleName = (typeof RULE_NAMES)[number];

export function isRuleName(name: string): name is RuleName {
  return (RULE_NAMES as readonly string[]).includes(name);
}

/**
 * Kind of field, derived from its name and input type. Only used to choose the
 * field-specific Dutch "required" message.
 */
export type FieldKind = 'email' | 'password' | 'terms' | 'telephone' | 'city' | 'name' | 'other';

export function detectFieldKind(fieldName: string, inputType?: string): FieldKind {
  const type = (inputType ?? '').toLowerCase();
  if (type === 'email' || /e-?mail/i.test(fieldName)) return 'email';
  if (type === 'password' || /password|wachtwoord/i.test(fieldName)) return 'password';
  if (/terms|accept|agree|akkoord|voorwaarden|privacy|consent/i.test(fieldName)) return 'terms';
  if (type === 'tel' || /phone|telefoon|^tel$|mobile|mobiel/i.test(fieldName)) return 'telephone';
  if (/city|stad|woonplaats|plaats|town/i.test(fieldName)) return 'city';
  if (/name$|naam$/i.test(fieldName)) return 'name';
  return 'other';
}

/** Dutch "required" messages per field kind (spec strings, verbatim). */
export const NL_REQUIRED_BY_KIND: Readonly<Record<FieldKind, string>> = {
  email: 'Je moet een e-mailadres invoeren',
  password: 'Je moet een wachtwoord invoeren',
  terms: 'Geef aan dat je akkoord bent met de algemene voorwaarden en privacybeleid',
  name: 'Je moet een naam invoeren',
  city: 'Je moet een stad invoeren',
  // Spelling as in the spec.
  telephone: 'Je moet een telefoonnumer invoeren',
  other: 'Dit veld is verplicht',
};

export interface MessageParams {
  /** The rule's limit as written after ':' (e.g. '50', '@password', 'jpg,png'). */
  limit?: string | undefined;
  fieldName: string;
  fieldLabel?: string | undefined;
  inputType?: string | undefined;
}

type MessageFn = (p: MessageParams & { locale: Locale }) => string;

/** 'firstName' -> 'first name', 'phone_number' -> 'phone number'. */
export function humanizeFieldName(fieldName: string): string {
  return fieldName
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .trim()
    .toLowerCase();
}

/** Formats a limit for display: numbers with a decimal comma in Dutch, lists as 'a, b'. */
function fmt(limit: string | undefined, locale: Locale): string {
  const raw = (limit ?? '').trim();
  if (/^-?\d+(\.\d+)?$/.test(raw)) return locale === 'nl' ? raw.replace('.', ',') : raw;
  return raw
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '')
    .join(', ');
}

function isOne(limit: string | undefined): boolean {
  return Number(limit) === 1;
}

const nl: Record<RuleName, MessageFn> = {
  required: (p) => NL_REQUIRED_BY_KIND[detectFieldKind(p.fieldName, p.inputType)],
  email: () => 'Voer een geldig e-mailadres in',
  alpha: () => 'Gebruik alleen letters',
  alphaNumeric: () => 'Gebruik alleen letters en cijfers',
  numeric: () => 'Gebruik cijfers',
  positiveNumeric: () => 'Gebruik cijfers en voer een getal groter dan 0 in',
  maxLength: (p) => `Gebruik maximaal ${fmt(p.limit, 'nl')} ${isOne(p.limit) ? 'teken' : 'tekens'}`,
  minLength: (p) => `Gebruik minimaal ${fmt(p.limit, 'nl')} ${isOne(p.limit) ? 'teken' : 'tekens'}`,
  max: (p) => `Voer een waarde in van maximaal ${fmt(p.limit, 'nl')}`,
  min: (p) => `Voer een waarde in van minimaal ${fmt(p.limit, 'nl')}`,
  maxSize: (p) => `Het bestand mag maximaal ${fmt(p.limit, 'nl')} MB groot zijn`,
  minSize: (p) => `Het bestand moet minimaal ${fmt(p.limit, 'nl')} MB groot zijn`,
  ext: (p) => `Gebruik een bestand van het type: ${fmt(p.limit, 'nl')}`,
  passwordConfirm: () => 'Deze wachtwoorden komen niet overeen',
  passwordSecurity: () => 'Dit wachtwoord komt niet overeen met het veiligheidsbeleid',
  telephoneNumber: () => 'Voer een geldig telefoonnummer in',
  personName: () => 'Gebruik alleen letters, spaties, streepjes en apostroffen',
};

const en: Record<RuleName, MessageFn> = {
  required: (p) => `Your ${p.fieldLabel ?? humanizeFieldName(p.fieldName)} is required`,
  email: () => 'Enter a valid email address',
  alpha: () => 'Use letters only',
  alphaNumeric: () => 'Use letters and digits only',
  numeric: () => 'Use digits only',
  positiveNumeric: () => 'Use digits and enter a number greater than 0',
  maxLength: (p) => `Use at most ${fmt(p.limit, 'en')} ${isOne(p.limit) ? 'character' : 'characters'}`,
  minLength: (p) => `Use at least ${fmt(p.limit, 'en')} ${isOne(p.limit) ? 'character' : 'characters'}`,
  max: (p) => `Enter a value of at most ${fmt(p.limit, 'en')}`,
  min: (p) => `Enter a value of at least ${fmt(p.limit, 'en')}`,
  maxSize: (p) => `The file may be at most ${fmt(p.limit, 'en')} MB`,
  minSize: (p) => `The file must be at least ${fmt(p.limit, 'en')} MB`,
  ext: (p) => `Use a file of type: ${fmt(p.limit, 'en')}`,
  passwordConfirm: () => 'These passwords do not match',
  passwordSecurity: () => 'This password does not meet the security policy',
  telephoneNumber: () => 'Enter a valid telephone number',
  personName: () => 'Use letters, spaces, hyphens and apostrophes only',
};

export const MESSAGES: Readonly<Record<Locale, Readonly<Record<RuleName, MessageFn>>>> = { nl, en };

/** The message for a failed rule. */
export function getMessage(rule: RuleName, params: MessageParams, locale: Locale = DEFAULT_LOCALE): string {
  const table = MESSAGES[isLocale(locale) ? locale : DEFAULT_LOCALE];
  return table[rule]({ ...params, locale });
}
