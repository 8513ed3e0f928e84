/**
 * Validation engine: parses rule strings ('required|email|maxLength:50') and runs them.
 */
import { DEFAULT_LOCALE, getMessage, isRuleName, type Locale, type RuleName } from './messages.ts';
import { RULES, isEmpty } from './rules.ts';

export interface ParsedRule {
  name: string;
  /** Everything after the first ':' (trimmed), e.g. '50', '@password', 'jpg,png'. */
  limit?: string;
  /** The limit split on ',' (trimmed, empty parts dropped); [] without a limit. */
  params: string[];
}

export interface ValidationContext {
  fieldName: string;
  fieldLabel?: string | undefined;
  inputType?: string | undefined;
  values?: Record<string, unknown> | undefined;
  locale?: Locale | undefined;
}

export interface ValidationFailure {
  rule: RuleName;
  message: string;
}

export type FieldRuleConfig = string | { rules: string; inputType?: string | undefined; label?: string | undefined };

export type FieldRules = Record<string, FieldRuleConfig>;

/** 'a|b:1|c:x,y' -> [{ name: 'a', params: [] }, { name: 'b', limit: '1', params: ['1'] }, { name: 'c', limit: 'x,y', params: ['x', 'y'] }] */
export function parseRules(ruleString: string): ParsedRule[] {
  const rules: ParsedRule[] = [];
  for (const part of ruleString.split('|')) {
    const segment = part.trim();
    if (segment === '') continue;
    const colon = segment.indexOf(':');
    if (colon === -1) {
      rules.push({ name: segment, params: [] });
      continue;
    }
    const name = segment.slice(0, colon).trim();
    const limit = segment.slice(colon + 1).trim();
    rules.push({
      name,
      limit,
      params: limit
        .split(',')
        .map((p) => p.trim())
        .filter((p) => p !== ''),
    });
  }
  return rules;
}

/** The rules to run for a field: the parsed rules, plus `email` for fields of input type 'email'. */
function effectiveRules(ruleString: string, inputType: string | undefined): ParsedRule[] {
  const rules = parseRules(ruleString);
  if (inputType?.toLowerCase() === 'email' && !rules.some((r) => r.name === 'email')) {
    rules.push({ name: 'email', params: [] });
  }
  for (const rule of rules) {
    if (!isRuleName(rule.name)) {
      throw new Error(`Unknown validation rule "${rule.name}"`);
    }
  }
  return rules;
}

/**
 * The first failing rule and its message, or null when the value passes.
 * An empty value fails only `required`; without `required` it passes every rule.
 */
export function findFailure(value: unknown, ruleString: string, ctx: ValidationContext): ValidationFailure | null {
  const rules = effectiveRules(ruleString, ctx.inputType);
  const locale = ctx.locale ?? DEFAULT_LOCALE;
  const fail = (rule: RuleName, limit?: string): ValidationFailure => ({
    rule,
    message: getMessage(
      rule,
      { limit, fieldName: ctx.fieldName, fieldLabel: ctx.fieldLabel, inputType: ctx.inputType },
      locale,
    ),
  });

  if (isEmpty(value)) {
    const req = rules.find((r) => r.name === 'required');
    return req ? fail('required', req.limit) : null;
  }
  for (const rule of rules) {
    const name = rule.name as RuleName; // checked in effectiveRules
    if (!RULES[name](value, rule.limit, { values: ctx.values })) return fail(name, rule.limit);
  }
  return null;
}

/** The first failing message, or true when the value passes. */
export function validateValue(value: unknown, ruleString: string, ctx: ValidationContext): string | true {
  const failure = findFailure(value, ruleString, ctx);
  return failure ? failure.message : true;
}

function normalizeConfig(config: FieldRuleConfig): Exclude<FieldRuleConfig, string> {
  return typeof config === 'string' ? { rules: config } : config;
}

/** Every failing field with its failing rule and message. */
export function findFormFailures(
  values: Record<string, unknown>,
  fieldRules: FieldRules,
  locale: Locale = DEFAULT_LOCALE,
): Record<string, ValidationFailure> {
  const failures: Record<string, ValidationFailure> = {};
  for (const [fieldName, config] of Object.entries(fieldRules)) {
    const { rules, inputType, label } = normalizeConfig(config);
    const failure = findFailure(values[fieldName], rules, {
      fieldName,
      fieldLabel: label,
      inputType,
      values,
      locale,
    });
    if (failure) failures[fieldName] = failure;
  }
  return failures;
}

/** `{ [field]: message }` for every failing field; {} when the form is valid. */
export function validateForm(
  values: Record<string, unknown>,
  fieldRules: FieldRules,
  locale: Locale = DEFAULT_LOCALE,
): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const [field, failure] of Object.entries(findFormFailures(values, fieldRules, locale))) {
    errors[field] = failure.message;
  }
  return errors;
}
