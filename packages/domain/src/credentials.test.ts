import { describe, expect, it } from 'vitest';
import { isSecurePassword, isValidEmail } from './credentials.ts';

describe('isSecurePassword', () => {
  it('accepts 8 characters with a letter, a digit and a special character', () => {
    expect(isSecurePassword('geheim1!')).toBe(true);
    expect(isSecurePassword('Wacht woord 1')).toBe(true);
    expect(isSecurePassword('ébène12"')).toBe(true);
  });
  it('refuses a password that misses any part of the policy', () => {
    expect(isSecurePassword('aaaaaaaa')).toBe(false);
    expect(isSecurePassword('geheim12')).toBe(false);
    expect(isSecurePassword('geheim!!')).toBe(false);
    expect(isSecurePassword('12345!!!')).toBe(false);
    expect(isSecurePassword('gehe1!')).toBe(false);
  });
  it('counts characters, not UTF-16 units, and knows only its own special characters', () => {
    expect(isSecurePassword('a1!😀😀😀😀😀')).toBe(true);
    expect(isSecurePassword('a1!😀😀😀😀')).toBe(false);
    expect(isSecurePassword('geheim1@')).toBe(false);
  });
});

describe('isValidEmail', () => {
  it('accepts ordinary addresses, ignoring surrounding spaces', () => {
    expect(isValidEmail('anna.de.vries@student.uva.nl')).toBe(true);
    expect(isValidEmail('  a+tag@uni.example.com ')).toBe(true);
  });
  it('refuses addresses without a proper domain or with dots in the wrong places', () => {
    for (const bad of ['anna', 'anna@', '@uva.nl', 'anna@uva', 'anna@uva.n', '.anna@uva.nl', 'anna.@uva.nl', 'an..na@uva.nl', 'an na@uva.nl', 'anna@-uva.nl']) {
      expect(isValidEmail(bad), bad).toBe(false);
    }
  });
  it('refuses a local part over 64 or an address over 254 characters', () => {
    expect(isValidEmail(`${'a'.repeat(65)}@uva.nl`)).toBe(false);
    expect(isValidEmail(`${'a'.repeat(64)}@uva.nl`)).toBe(true);
    const label = 'b'.repeat(62);
    expect(isValidEmail(`a@${label}.${label}.${label}.nl`)).toBe(true);
    expect(isValidEmail(`a@${label}.${label}.${label}.${label}.nl`)).toBe(false);
  });
});
