/**
 * The bridge from the spec's validation rules (@blok/contract/validation) to react-hook-form:
 * form modes as useForm options, and a resolver that runs the rule engine. It lives in the web
 * app because react-hook-form is a UI library; the contract stays free of them (decision 008).
 */
import type { FieldError, FieldErrors, FieldValues, Mode, Resolver, ResolverResult } from 'react-hook-form';
import { DEFAULT_LOCALE, FORM_MODE, findFormFailures, isLocale, type FieldRules, type FormMode, type Locale } from '@blok/contract/validation/index';

export interface ReactHookFormModeOptions {
  mode: Mode;
  reValidateMode: Exclude<Mode, 'onTouched' | 'all'>;
}

export function toReactHookFormMode(mode: typeof FORM_MODE.submit): { mode: 'onSubmit'; reValidateMode: 'onChange' };
export function toReactHookFormMode(mode: typeof FORM_MODE.lazy): { mode: 'onBlur'; reValidateMode: 'onBlur' };
export function toReactHookFormMode(mode: typeof FORM_MODE.aggressive): { mode: 'onChange'; reValidateMode: 'onChange' };
export function toReactHookFormMode(mode: FormMode): ReactHookFormModeOptions;
export function toReactHookFormMode(mode: FormMode): ReactHookFormModeOptions {
  switch (mode) {
    case FORM_MODE.submit:
      return { mode: 'onSubmit', reValidateMode: 'onChange' };
    case FORM_MODE.lazy:
      return { mode: 'onBlur', reValidateMode: 'onBlur' };
    case FORM_MODE.aggressive:
      return { mode: 'onChange', reValidateMode: 'onChange' };
    default:
      throw new Error(`Unknown form mode ${String(mode)}`);
  }
}

/**
 * The server's field errors of a refused request (issue 26), keyed by the form's own field names:
 * `aliases` maps a server path to a form field ('username' -> 'email'); paths the form does not
 * know are left out. Each message is the Dutch message of the same rule the form checks, so it
 * goes under its field, never as a sentence naming the field.
 */
export function serverFieldErrors<F extends string>(error: unknown, formFields: readonly F[], aliases: Partial<Record<string, F>> = {}): Partial<Record<F, string>> {
  const found: Partial<Record<F, string>> = {};
  const fields = (error as { fields?: unknown } | null)?.fields;
  if (!Array.isArray(fields)) return found;
  for (const item of fields as Array<{ field?: unknown; message?: unknown }>) {
    if (typeof item.field !== 'string' || typeof item.message !== 'string') continue;
    const name = aliases[item.field] ?? (formFields as readonly string[]).find((f) => f === item.field);
    if (name && found[name as F] === undefined) found[name as F] = item.message;
  }
  return found;
}

/**
 * A react-hook-form resolver that runs validateForm with the given rules.
 * Errors come back as `{ [field]: { type: ruleName, message } }`.
 * The locale can also be given per form through useForm's `context: { locale }`.
 */
export function rulesResolver<TFieldValues extends FieldValues = FieldValues>(
  fieldRules: FieldRules,
  locale: Locale = DEFAULT_LOCALE,
): Resolver<TFieldValues> {
  return (values, context): ResolverResult<TFieldValues> => {
    const contextLocale: unknown =
      context !== null && typeof context === 'object' ? (context as { locale?: unknown }).locale : undefined;
    const failures = findFormFailures(values, fieldRules, isLocale(contextLocale) ? contextLocale : locale);
    const entries = Object.entries(failures);
    if (entries.length === 0) return { values, errors: {} };
    const errors: Record<string, FieldError> = {};
    for (const [field, failure] of entries) {
      errors[field] = { type: failure.rule, message: failure.message };
    }
    return { values: {}, errors: errors as FieldErrors<TFieldValues> };
  };
}
