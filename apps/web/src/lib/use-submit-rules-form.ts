import { useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { DEFAULT_LOCALE, findFormFailures, isLocale, type FieldRules } from '@blok/contract/validation/index';

type Errors<V> = Partial<Record<keyof V & string, { message: string }>>;

/**
 * A form in the spec's "submit" mode (FORM_MODE.submit) with the spec's rule engine, without
 * react-hook-form: the login screen's whole form logic, so a first visit of login does not load
 * react-hook-form's 12 KB gzip (decision 014). It behaves as `useForm` with `toReactHookFormMode
 * (FORM_MODE.submit)` and `rulesResolver` does: nothing is checked until the first submit; the submit
 * checks every field, shows each field's first failure and focuses the first failing field; after
 * that a field is checked again on every change. Forms with more behaviour keep react-hook-form.
 */
export function useSubmitRulesForm<V extends Record<string, string>>({ rules, defaultValues, locale }: { rules: FieldRules; defaultValues: V; locale?: string }) {
  const [values, setValues] = useState<V>(defaultValues);
  const [errors, setErrors] = useState<Errors<V>>({});
  const submitted = useRef(false);
  const inputs = useRef<Partial<Record<string, HTMLInputElement | null>>>({});
  const ruleLocale = isLocale(locale) ? locale : DEFAULT_LOCALE;

  const check = (checked: V): Errors<V> => {
    const found: Errors<V> = {};
    for (const [field, failure] of Object.entries(findFormFailures(checked, rules, ruleLocale))) found[field as keyof V & string] = { message: failure.message };
    return found;
  };

  const register = (name: keyof V & string) => ({
    name,
    value: values[name],
    ref: (input: HTMLInputElement | null) => {
      inputs.current[name] = input;
    },
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      const next = { ...values, [name]: event.target.value };
      setValues(next);
      if (submitted.current) setErrors((previous) => ({ ...previous, [name]: check(next)[name] }));
    },
  });

  const handleSubmit = (onValid: (values: V) => void) => (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    submitted.current = true;
    const found = check(values);
    setErrors(found);
    const firstFailing = Object.keys(rules).find((field) => found[field as keyof V & string]);
    if (firstFailing) {
      inputs.current[firstFailing]?.focus();
      return;
    }
    onValid(values);
  };

  return { register, handleSubmit, errors };
}
