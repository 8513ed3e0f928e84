import { describe, expect, it } from 'vitest';
import type { ResolverOptions } from 'react-hook-form';
import { FORM_MODE } from '@blok/contract/validation/index';
import { rulesResolver, serverFieldErrors, toReactHookFormMode } from './form-rules.ts';
import { ApiError } from './api-error.ts';

describe('form modes as react-hook-form options', () => {
  it('maps to react-hook-form options', () => {
    expect(toReactHookFormMode(FORM_MODE.submit)).toEqual({ mode: 'onSubmit', reValidateMode: 'onChange' });
    expect(toReactHookFormMode(FORM_MODE.lazy)).toEqual({ mode: 'onBlur', reValidateMode: 'onBlur' });
    expect(toReactHookFormMode(FORM_MODE.aggressive)).toEqual({ mode: 'onChange', reValidateMode: 'onChange' });
    expect(toReactHookFormMode(1)).toEqual({ mode: 'onSubmit', reValidateMode: 'onChange' });
  });
  it('throws on an unknown mode', () => {
    expect(() => toReactHookFormMode(4 as never)).toThrow(/Unknown form mode/);
  });
});

describe('rulesResolver', () => {
  type LoginForm = { email: string; password: string };
  const options: ResolverOptions<LoginForm> = { fields: {}, shouldUseNativeValidation: false };
  const resolver = rulesResolver<LoginForm>({
    email: { rules: 'required', inputType: 'email' },
    password: 'required|minLength:8',
  });

  it("returns react-hook-form's error shape { [field]: { type, message } } and empty values", async () => {
    const result = await resolver({ email: 'nope', password: '' }, undefined, options);
    expect(result).toEqual({
      values: {},
      errors: {
        email: { type: 'email', message: 'Voer een geldig e-mailadres in' },
        password: { type: 'required', message: 'Je moet een wachtwoord invoeren' },
      },
    });
  });
  it('returns the values and no errors when valid', async () => {
    const values = { email: 'student@uva.nl', password: 'lang genoeg' };
    expect(await resolver(values, undefined, options)).toEqual({ values, errors: {} });
  });
  it('uses the locale given to the resolver or through the form context', async () => {
    const en = rulesResolver<LoginForm>({ email: { rules: 'required', inputType: 'email' } }, 'en');
    expect(await en({ email: '', password: '' }, undefined, options)).toEqual({
      values: {},
      errors: { email: { type: 'required', message: 'Your email is required' } },
    });
    expect(await resolver({ email: '', password: 'lang genoeg' }, { locale: 'en' }, options)).toEqual({
      values: {},
      errors: { email: { type: 'required', message: 'Your email is required' } },
    });
  });
});

describe('serverFieldErrors', () => {
  const refused = new ApiError(400, 'invalid_request', 'Je moet een naam invoeren.', null, [
    { field: 'firstName', message: 'Je moet een naam invoeren' },
    { field: 'username', message: 'Voer een geldig e-mailadres in' },
    { field: 'elders', message: 'Deze invoer is niet geldig' },
  ]);

  it("keys the server's Dutch messages by the form's own fields", () => {
    expect(serverFieldErrors(refused, ['firstName', 'lastName'] as const)).toEqual({ firstName: 'Je moet een naam invoeren' });
    expect(serverFieldErrors(refused, ['email'] as const, { username: 'email' })).toEqual({ email: 'Voer een geldig e-mailadres in' });
  });

  it('finds nothing in other errors', () => {
    expect(serverFieldErrors(new Error('x'), ['firstName'] as const)).toEqual({});
    expect(serverFieldErrors(null, ['firstName'] as const)).toEqual({});
    expect(serverFieldErrors(new ApiError(400, 'invalid_current_password', 'Dit wachtwoord klopt niet.'), ['password'] as const)).toEqual({});
  });
});
