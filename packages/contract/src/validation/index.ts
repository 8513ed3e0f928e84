export {
  parseRules,
  validateValue,
  validateForm,
  findFailure,
  findFormFailures,
  type ParsedRule,
  type ValidationContext,
  type ValidationFailure,
  type FieldRuleConfig,
  type FieldRules,
} from './engine.ts';
export {
  DEFAULT_LOCALE,
  LOCALES,
  RULE_NAMES,
  MESSAGES,
  NL_REQUIRED_BY_KIND,
  getMessage,
  isLocale,
  isRuleName,
  detectFieldKind,
  humanizeFieldName,
  type Locale,
  type RuleName,
  type FieldKind,
  type MessageParams,
} from './messages.ts';
export {
  RULES,
  BYTES_PER_MB,
  isEmpty,
  isFileLike,
  toNumber,
  type RuleFn,
  type RuleContext,
} from './rules.ts';
export { FORM_MODE, type FormMode } from './form-modes.ts';
export { issueMessage, type FieldIssue, type IssueLike } from './issues.ts';
