import { describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import { issueMessage } from './issues.ts';

const first = (schema: z.ZodMiniType, value: unknown) => {
  const issue = schema.safeParse(value).error!.issues[0]!;
  return issueMessage(issue as never, issue.path.join('.'));
};

describe('issueMessage', () => {
  it('says in Dutch what rule a field breaks, never its name or zod English', () => {
    expect(first(z.object({ password: z.string().check(z.minLength(1)) }), { password: '' })).toBe('Je moet een wachtwoord invoeren');
    expect(first(z.object({ password: z.string() }), {})).toBe('Je moet een wachtwoord invoeren');
    expect(first(z.object({ email: z.string().check(z.maxLength(5)) }), { email: 'abcdefg' })).toBe('Gebruik maximaal 5 tekens');
    expect(first(z.object({ token: z.string().check(z.minLength(20)) }), { token: 'kort' })).toBe('Gebruik minimaal 20 tekens');
    expect(first(z.object({ time: z.string().check(z.regex(/^\d\d:\d\d$/, { message: 'Kies een tijd' })) }), { time: 'x' })).toBe('Kies een tijd');
    expect(first(z.object({ kind: z.enum(['a', 'b']) }), { kind: 'c' })).toBe('Deze invoer is niet geldig');
    expect(first(z.object({ email: z.email() }), { email: 'geen' })).toBe('Voer een geldig e-mailadres in');
  });
});
