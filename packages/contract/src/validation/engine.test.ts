import { describe, it, expect } from 'vitest';
import {
  BYTES_PER_MB,
  DEFAULT_LOCALE,
  FORM_MODE,
  parseRules,
  validateForm,
  validateValue,
  type ValidationContext,
} from './index.ts';

const ctx = (extra: Partial<ValidationContext> = {}): ValidationContext => ({ fieldName: 'field', ...extra });
const ok = (value: unknown, rules: string, extra: Partial<ValidationContext> = {}) =>
  validateValue(value, rules, ctx(extra));
const passes = (value: unknown, rules: string, extra: Partial<ValidationContext> = {}) =>
  ok(value, rules, extra) === true;

const MB = BYTES_PER_MB;
const file = (name: string, sizeMb = 0.1) => ({ name, size: Math.round(sizeMb * MB) });
/** A FileList-like: indexed access, length and item(). */
const fileList = (...files: { name: string; size: number }[]) => {
  const list: Record<number, { name: string; size: number }> & {
    length: number;
    item: (i: number) => { name: string; size: number } | null;
  } = { length: files.length, item: (i) => files[i] ?? null };
  files.forEach((f, i) => (list[i] = f));
  return list;
};

describe('parseRules', () => {
  it("parses 'a|b:1|c:x,y'", () => {
    expect(parseRules('a|b:1|c:x,y')).toEqual([
      { name: 'a', params: [] },
      { name: 'b', limit: '1', params: ['1'] },
      { name: 'c', limit: 'x,y', params: ['x', 'y'] },
    ]);
  });
  it('ignores empty segments and trims whitespace', () => {
    expect(parseRules(' required || email |')).toEqual([
      { name: 'required', params: [] },
      { name: 'email', params: [] },
    ]);
    expect(parseRules('')).toEqual([]);
  });
  it('keeps the @ reference of passwordConfirm', () => {
    expect(parseRules('passwordConfirm:@password')).toEqual([
      { name: 'passwordConfirm', limit: '@password', params: ['@password'] },
    ]);
  });
  it('throws on an unknown rule when validating', () => {
    expect(() => ok('x', 'nope')).toThrow(/Unknown validation rule "nope"/);
  });
});

describe('empty, non-required fields', () => {
  const allRules =
    'email|alpha|alphaNumeric|numeric|positiveNumeric|maxLength:1|minLength:5|max:1|min:5|maxSize:1|minSize:1|ext:jpg|passwordConfirm:@other|passwordSecurity|telephoneNumber';
  it.each([[''], ['   '], [undefined], [null], [[]], [fileList()], [Number.NaN]])('%j passes every rule', (value) => {
    expect(ok(value, allRules, { values: { other: 'something' } })).toBe(true);
  });
  it('passes with no rules at all', () => {
    expect(ok('', '')).toBe(true);
    expect(ok('anything', '')).toBe(true);
  });
});

describe('required', () => {
  it.each([['a'], [' a '], [0], [true], [['x']], [fileList(file('a.jpg'))], [{ a: 1 }]])('%j passes', (v) => {
    expect(passes(v, 'required')).toBe(true);
  });
  it.each([[''], ['   '], ['\t\n'], [undefined], [null], [false], [[]], [fileList()], [Number.NaN]])(
    '%j fails',
    (v) => {
      expect(ok(v, 'required')).toBe('Dit veld is verplicht');
    },
  );
  it('fails before any other rule on an empty value, wherever it is written', () => {
    expect(ok('', 'email|required', { fieldName: 'email' })).toBe('Je moet een e-mailadres invoeren');
  });
});

describe('email', () => {
  it.each([['student@uva.nl'], ['jan.de.vries+blok@student.rug.nl'], ['a_b-c@sub-domain.example.com'], [' x@y.nl ']])(
    '%s passes',
    (v) => expect(passes(v, 'email')).toBe(true),
  );
  it.each([
    ['plain'],
    ['no-at.nl'],
    ['a@b'],
    ['a@b.c'],
    ['@uva.nl'],
    ['student@'],
    ['stu dent@uva.nl'],
    ['a@@uva.nl'],
    ['.a@uva.nl'],
    ['a.@uva.nl'],
    ['a..b@uva.nl'],
    ['a@-uva.nl'],
    ['a@uva..nl'],
  ])('%s fails with the Dutch message', (v) => {
    expect(ok(v, 'email')).toBe('Voer een geldig e-mailadres in');
  });
  it("is added automatically for inputType 'email'", () => {
    expect(ok('not-an-email', 'required', { fieldName: 'email', inputType: 'email' })).toBe(
      'Voer een geldig e-mailadres in',
    );
    expect(ok('not-an-email', '', { fieldName: 'login', inputType: 'email' })).toBe('Voer een geldig e-mailadres in');
    expect(ok('student@uva.nl', 'required', { fieldName: 'email', inputType: 'email' })).toBe(true);
  });
  it('is not added for other input types', () => {
    expect(ok('not-an-email', 'required', { fieldName: 'email', inputType: 'text' })).toBe(true);
  });
  it('auto-added email still lets an empty non-required field pass', () => {
    expect(ok('', '', { fieldName: 'email', inputType: 'email' })).toBe(true);
  });
});

describe('alpha', () => {
  it.each([['abc'], ['ABC'], ['é'], ['Zoë'], ['Loïs'], ['Renée'], ['Ångström'], ['Zoe\u0308' /* decomposed ë */]])(
    '%s passes',
    (v) => expect(passes(v, 'alpha')).toBe(true),
  );
  it.each([['abc1'], ['Jan de Vries'], ['a-b'], ["d'Artagnan"], ['a!'], [12]])('%j fails', (v) => {
    expect(ok(v, 'alpha')).toBe('Gebruik alleen letters');
  });
});

describe('alphaNumeric', () => {
  it.each([['abc123'], ['123'], ['Zoë2'], ['ÉÈ9'], [42]])('%j passes', (v) =>
    expect(passes(v, 'alphaNumeric')).toBe(true),
  );
  it.each([['abc 123'], ['a_1'], ['a-1'], ['1.5'], ['x!']])('%s fails', (v) => {
    expect(ok(v, 'alphaNumeric')).toBe('Gebruik alleen letters en cijfers');
  });
});

describe('numeric', () => {
  it.each([['0'], ['000'], ['0123456789'], [42], [0]])('%j passes', (v) => expect(passes(v, 'numeric')).toBe(true));
  it.each([['12a'], ['1.5'], ['1,5'], ['-1'], ['+1'], ['1 2'], [1.5], [-3]])('%j fails', (v) => {
    expect(ok(v, 'numeric')).toBe('Gebruik cijfers');
  });
});

describe('positiveNumeric', () => {
  it.each([['1'], ['010'], ['0001'], ['100'], [7]])('%j passes', (v) =>
    expect(passes(v, 'positiveNumeric')).toBe(true),
  );
  it.each([['0'], ['000'], [0], ['-1'], ['1.5'], ['abc']])('%j fails', (v) => {
    expect(ok(v, 'positiveNumeric')).toBe('Gebruik cijfers en voer een getal groter dan 0 in');
  });
});

describe('maxLength / minLength', () => {
  it('maxLength passes at exactly the limit and fails one above', () => {
    expect(passes('a'.repeat(50), 'maxLength:50')).toBe(true);
    expect(passes('a'.repeat(49), 'maxLength:50')).toBe(true);
    expect(ok('a'.repeat(51), 'maxLength:50')).toBe('Gebruik maximaal 50 tekens');
  });
  it('minLength passes at exactly the limit and fails one below', () => {
    expect(passes('abcde', 'minLength:5')).toBe(true);
    expect(ok('abcd', 'minLength:5')).toBe('Gebruik minimaal 5 tekens');
  });
  it('counts whitespace inside a non-empty value', () => {
    expect(ok(' ab ', 'maxLength:3')).toBe('Gebruik maximaal 3 tekens');
    expect(passes(' ab ', 'minLength:4')).toBe(true);
  });
  it('counts characters, not UTF-16 units, and accented letters once', () => {
    expect(passes('😀😀', 'maxLength:2')).toBe(true);
    expect(passes('éëï', 'maxLength:3')).toBe(true);
  });
  it('uses the singular for a limit of 1', () => {
    expect(ok('ab', 'maxLength:1')).toBe('Gebruik maximaal 1 teken');
  });
  it('counts list items for arrays', () => {
    expect(passes(['a', 'b'], 'maxLength:2')).toBe(true);
    expect(ok(['a', 'b', 'c'], 'maxLength:2')).toBe('Gebruik maximaal 2 tekens');
  });
  it('throws on a missing or non-numeric limit', () => {
    expect(() => ok('abc', 'maxLength')).toThrow(/numeric limit/);
    expect(() => ok('abc', 'minLength:x')).toThrow(/numeric limit/);
  });
});

describe('max / min', () => {
  it('max is inclusive', () => {
    expect(passes(10, 'max:10')).toBe(true);
    expect(passes('10', 'max:10')).toBe(true);
    expect(passes(-5, 'max:10')).toBe(true);
    expect(ok(11, 'max:10')).toBe('Voer een waarde in van maximaal 10');
    expect(ok('10.5', 'max:10')).toBe('Voer een waarde in van maximaal 10');
  });
  it('min is inclusive', () => {
    expect(passes(1, 'min:1')).toBe(true);
    expect(passes('1', 'min:1')).toBe(true);
    expect(ok(0, 'min:1')).toBe('Voer een waarde in van minimaal 1');
    expect(ok('0.99', 'min:1')).toBe('Voer een waarde in van minimaal 1');
  });
  it('compares the number value, not the string', () => {
    expect(passes('9', 'max:10')).toBe(true); // '9' > '10' as strings
    expect(passes('2,5', 'min:2.5')).toBe(true); // Dutch decimal comma
    expect(ok(2.4, 'min:2.5')).toBe('Voer een waarde in van minimaal 2,5');
  });
  it('fails on a value that is not a number', () => {
    expect(ok('abc', 'max:10')).toBe('Voer een waarde in van maximaal 10');
    expect(ok('1e3', 'min:0')).toBe('Voer een waarde in van minimaal 0');
  });
});

describe('maxSize / minSize (MB)', () => {
  it('maxSize passes at exactly the limit and fails just above', () => {
    expect(passes({ name: 'a.jpg', size: 2 * MB }, 'maxSize:2')).toBe(true);
    expect(ok({ name: 'a.jpg', size: 2 * MB + 1 }, 'maxSize:2')).toBe('Het bestand mag maximaal 2 MB groot zijn');
  });
  it('minSize passes at exactly the limit and fails just below', () => {
    expect(passes({ size: 1 * MB }, 'minSize:1')).toBe(true);
    expect(ok({ size: 1 * MB - 1 }, 'minSize:1')).toBe('Het bestand moet minimaal 1 MB groot zijn');
  });
  it('supports fractional MB', () => {
    expect(passes(file('a.pdf', 0.5), 'maxSize:0.5')).toBe(true);
    expect(ok(file('a.pdf', 0.6), 'maxSize:0.5')).toBe('Het bestand mag maximaal 0,5 MB groot zijn');
  });
  it('checks every file of a list or FileList-like', () => {
    expect(passes([file('a.jpg', 1), file('b.jpg', 1.5)], 'maxSize:2')).toBe(true);
    expect(passes(fileList(file('a.jpg', 1), file('b.jpg', 3)), 'maxSize:2')).toBe(false);
    expect(passes(fileList(file('a.jpg', 1), file('b.jpg', 3)), 'minSize:0.5')).toBe(true);
  });
  it('works with a real Blob', () => {
    expect(passes(new Blob(['x'.repeat(10)]), 'maxSize:1')).toBe(true);
    expect(passes(new Blob(['x'.repeat(10)]), 'minSize:1')).toBe(false);
  });
  it('fails on a value that is not a file', () => {
    expect(passes('a.jpg', 'maxSize:2')).toBe(false);
  });
});

describe('ext', () => {
  it('accepts the listed extensions, case-insensitively', () => {
    expect(passes(file('photo.jpg'), 'ext:jpg,png')).toBe(true);
    expect(passes(file('photo.JPG'), 'ext:jpg,png')).toBe(true);
    expect(passes(file('photo.png'), 'ext:JPG, PNG')).toBe(true);
    expect(passes(file('archive.tar.PnG'), 'ext:jpg,png')).toBe(true);
    expect(passes('C:\\tmp\\scan.Png', 'ext:png')).toBe(true);
  });
  it('rejects other or missing extensions', () => {
    expect(ok(file('doc.pdf'), 'ext:jpg,png')).toBe('Gebruik een bestand van het type: jpg, png');
    expect(passes(file('jpg'), 'ext:jpg')).toBe(false);
    expect(passes(file('.jpg'), 'ext:jpg')).toBe(false);
    expect(passes(file('photo.'), 'ext:jpg')).toBe(false);
    expect(passes(file('photo.jpeg'), 'ext:jpg')).toBe(false);
  });
  it('checks every file of a list', () => {
    expect(passes(fileList(file('a.jpg'), file('b.PNG')), 'ext:jpg,png')).toBe(true);
    expect(passes(fileList(file('a.jpg'), file('b.gif')), 'ext:jpg,png')).toBe(false);
  });
  it('throws without a list', () => {
    expect(() => ok(file('a.jpg'), 'ext')).toThrow(/list of extensions/);
  });
});

describe('passwordConfirm', () => {
  const values = { password: 'Geheim12!', passwordConfirm: '' };
  it('passes when equal to the @-referenced field', () => {
    expect(ok('Geheim12!', 'passwordConfirm:@password', { values })).toBe(true);
  });
  it('fails when different, with the Dutch message', () => {
    expect(ok('Geheim12?', 'passwordConfirm:@password', { values })).toBe('Deze wachtwoorden komen niet overeen');
    expect(ok('geheim12!', 'passwordConfirm:@password', { values })).toBe('Deze wachtwoorden komen niet overeen');
  });
  it('fails when the other field is missing', () => {
    expect(ok('Geheim12!', 'passwordConfirm:@password', { values: {} })).toBe('Deze wachtwoorden komen niet overeen');
    expect(ok('Geheim12!', 'passwordConfirm:@password')).toBe('Deze wachtwoorden komen niet overeen');
  });
  it('works inside validateForm', () => {
    const rules = { password: 'required|passwordSecurity', confirm: 'required|passwordConfirm:@password' };
    expect(validateForm({ password: 'Geheim12!', confirm: 'Geheim12!' }, rules)).toEqual({});
    expect(validateForm({ password: 'Geheim12!', confirm: 'Geheim12' }, rules)).toEqual({
      confirm: 'Deze wachtwoorden komen niet overeen',
    });
  });
  it('throws without a field reference', () => {
    expect(() => ok('x', 'passwordConfirm')).toThrow(/other field/);
  });
});

describe('passwordSecurity', () => {
  const msg = 'Dit wachtwoord komt niet overeen met het veiligheidsbeleid';
  it.each([['!'], ['#'], ['$'], ['%'], ['&'], ['?'], [' '], ['"']])('passes with special char %j', (special) => {
    expect(ok(`abcdef1${special}`, 'passwordSecurity')).toBe(true);
  });
  it('passes with accented letters and extra characters', () => {
    expect(ok('é1!45678', 'passwordSecurity')).toBe(true);
    expect(ok('Wachtwoord@2024!', 'passwordSecurity')).toBe(true);
  });
  it.each([
    ['12345678!', 'no letter'],
    ['abcdefgh!', 'no digit'],
    ['abcdefg1', 'no special'],
    ['abcdef1@', 'only a special char outside the list'],
    ['abcdef1*', 'only a special char outside the list'],
    ['abc1!de', 'too short (7)'],
    ['a1!', 'too short (3)'],
  ])('%s fails (%s)', (value) => {
    expect(ok(value, 'passwordSecurity')).toBe(msg);
  });
  it('passes at exactly 8 characters', () => {
    expect(ok('abcde1!x', 'passwordSecurity')).toBe(true);
  });
});

describe('telephoneNumber', () => {
  it.each([
    ['0612345678'],
    ['06-12345678'],
    ['06 12 34 56 78'],
    ['+31612345678'],
    ['+31 6 12345678'],
    ['+31-6-12345678'],
    ['0031612345678'],
    ['0031 6 1234 5678'],
    ['0031201234567'],
    ['020-1234567'],
    ['0201234567'],
    ['010 123 4567'],
    ['+31201234567'],
    ['0513-123456'],
  ])('%s passes', (v) => {
    expect(ok(v, 'telephoneNumber')).toBe(true);
  });
  it.each([
    ['061234567', 'too few digits'],
    ['06123456789', 'too many digits'],
    ['+3161234567', 'too few digits after +31'],
    ['+316123456789', 'too many digits after +31'],
    ['003161234567', 'too few digits after 0031'],
    ['06abcdefgh', 'letters'],
    ['06-1234567a', 'letter'],
    ['612345678', 'no prefix'],
    ['+32612345678', 'foreign prefix'],
    ['0012345678', 'zero after prefix'],
    ['+310612345678', 'zero after +31'],
    ['06--12345678', 'double separator'],
    ['06.12345678', 'dot separator'],
  ])('%s fails (%s)', (v) => {
    expect(ok(v, 'telephoneNumber')).toBe('Voer een geldig telefoonnummer in');
  });
});

describe('Dutch messages (spec strings, verbatim)', () => {
  it('is the default locale', () => {
    expect(DEFAULT_LOCALE).toBe('nl');
  });
  it.each([
    ['email', undefined, 'Je moet een e-mailadres invoeren'],
    ['username', 'email', 'Je moet een e-mailadres invoeren'],
    ['password', undefined, 'Je moet een wachtwoord invoeren'],
    ['newPassword', 'password', 'Je moet een wachtwoord invoeren'],
    ['passwordConfirm', 'password', 'Je moet een wachtwoord invoeren'],
    ['terms', 'checkbox', 'Geef aan dat je akkoord bent met de algemene voorwaarden en privacybeleid'],
    ['acceptTerms', 'checkbox', 'Geef aan dat je akkoord bent met de algemene voorwaarden en privacybeleid'],
    ['name', undefined, 'Je moet een naam invoeren'],
    ['firstName', 'text', 'Je moet een naam invoeren'],
    ['city', undefined, 'Je moet een stad invoeren'],
    ['telephone', 'tel', 'Je moet een telefoonnumer invoeren'],
    ['phoneNumber', undefined, 'Je moet een telefoonnumer invoeren'],
    ['university', 'select', 'Dit veld is verplicht'],
  ])('required on %s (%s)', (fieldName, inputType, message) => {
    expect(ok('', 'required', { fieldName, inputType })).toBe(message);
  });
  it('unchecked terms checkbox fails required', () => {
    expect(ok(false, 'required', { fieldName: 'terms', inputType: 'checkbox' })).toBe(
      'Geef aan dat je akkoord bent met de algemene voorwaarden en privacybeleid',
    );
    expect(ok(true, 'required', { fieldName: 'terms', inputType: 'checkbox' })).toBe(true);
  });
  it('rule messages', () => {
    expect(ok('x', 'email')).toBe('Voer een geldig e-mailadres in');
    expect(ok('a', 'passwordConfirm:@p', { values: { p: 'b' } })).toBe('Deze wachtwoorden komen niet overeen');
    expect(ok('a', 'passwordSecurity')).toBe('Dit wachtwoord komt niet overeen met het veiligheidsbeleid');
    expect(ok('a', 'numeric')).toBe('Gebruik cijfers');
  });
});

describe('English messages', () => {
  it("required: 'Your {fieldName} is required'", () => {
    expect(ok('', 'required', { fieldName: 'email', inputType: 'email', locale: 'en' })).toBe('Your email is required');
    expect(ok('', 'required', { fieldName: 'password', locale: 'en' })).toBe('Your password is required');
    expect(ok('', 'required', { fieldName: 'firstName', locale: 'en' })).toBe('Your first name is required');
    expect(ok('', 'required', { fieldName: 'x', fieldLabel: 'phone number', locale: 'en' })).toBe(
      'Your phone number is required',
    );
  });
  it('other rules', () => {
    const en = { locale: 'en' as const };
    expect(ok('x', 'email', en)).toBe('Enter a valid email address');
    expect(ok('a1', 'alpha', en)).toBe('Use letters only');
    expect(ok('a!', 'alphaNumeric', en)).toBe('Use letters and digits only');
    expect(ok('a', 'numeric', en)).toBe('Use digits only');
    expect(ok('0', 'positiveNumeric', en)).toBe('Use digits and enter a number greater than 0');
    expect(ok('abc', 'maxLength:2', en)).toBe('Use at most 2 characters');
    expect(ok('abc', 'minLength:4', en)).toBe('Use at least 4 characters');
    expect(ok(3, 'max:2', en)).toBe('Enter a value of at most 2');
    expect(ok(1, 'min:1.5', en)).toBe('Enter a value of at least 1.5');
    expect(ok({ size: 3 * MB }, 'maxSize:2', en)).toBe('The file may be at most 2 MB');
    expect(ok({ size: 1 }, 'minSize:1', en)).toBe('The file must be at least 1 MB');
    expect(ok(file('a.gif'), 'ext:jpg,png', en)).toBe('Use a file of type: jpg, png');
    expect(ok('a', 'passwordConfirm:@p', { ...en, values: { p: 'b' } })).toBe('These passwords do not match');
    expect(ok('a', 'passwordSecurity', en)).toBe('This password does not meet the security policy');
    expect(ok('123', 'telephoneNumber', en)).toBe('Enter a valid telephone number');
  });
});

describe('Dutch messages for the other rules', () => {
  it('has a message for each', () => {
    expect(ok('a1', 'alpha')).toBe('Gebruik alleen letters');
    expect(ok(3, 'max:2')).toBe('Voer een waarde in van maximaal 2');
    expect(ok({ size: 1 }, 'minSize:1')).toBe('Het bestand moet minimaal 1 MB groot zijn');
    expect(ok('123', 'telephoneNumber')).toBe('Voer een geldig telefoonnummer in');
  });
});

describe('validateValue: first failing rule wins', () => {
  it('returns the message of the first failing rule in written order', () => {
    expect(ok('abc!', 'alpha|maxLength:2')).toBe('Gebruik alleen letters');
    expect(ok('abc!', 'maxLength:2|alpha')).toBe('Gebruik maximaal 2 tekens');
  });
});

describe('validateForm', () => {
  const rules = {
    email: { rules: 'required', inputType: 'email' },
    password: { rules: 'required|passwordSecurity', inputType: 'password' },
    nickname: 'alpha|maxLength:10',
  };
  it('returns {} for a valid form', () => {
    expect(validateForm({ email: 'student@uva.nl', password: 'Geheim12!', nickname: '' }, rules)).toEqual({});
  });
  it('returns one message per failing field, Dutch by default', () => {
    expect(validateForm({ email: '', password: 'kort', nickname: 'Zoë' }, rules)).toEqual({
      email: 'Je moet een e-mailadres invoeren',
      password: 'Dit wachtwoord komt niet overeen met het veiligheidsbeleid',
    });
    expect(validateForm({ email: 'nope', password: '', nickname: 'x1' }, rules)).toEqual({
      email: 'Voer een geldig e-mailadres in',
      password: 'Je moet een wachtwoord invoeren',
      nickname: 'Gebruik alleen letters',
    });
  });
  it('supports English and labels', () => {
    expect(validateForm({}, { email: { rules: 'required', inputType: 'email' } }, 'en')).toEqual({
      email: 'Your email is required',
    });
    expect(validateForm({}, { pw: { rules: 'required', label: 'password' } }, 'en')).toEqual({
      pw: 'Your password is required',
    });
  });
});

describe('form modes', () => {
  it('has the three modes', () => {
    expect(FORM_MODE).toEqual({ submit: 1, lazy: 2, aggressive: 3 });
  });
});
