import { describe, expect, it } from 'vitest';
import { firstScreenOf } from './first-screens.ts';

describe('first screens (decision 014)', () => {
  it('names the screen a first visit opens by its address, / by whether she is signed in', () => {
    expect(firstScreenOf('/', false)).toBe('register');
    expect(firstScreenOf('/', true)).toBe('home');
    expect(firstScreenOf('/auth/login', false)).toBe('login');
    expect(firstScreenOf('/auth/login/', true)).toBe('login');
    expect(firstScreenOf('/auth/register', false)).toBe('register');
    expect(firstScreenOf('/home', true)).toBe('home');
    expect(firstScreenOf('/summary/read/s1/c1', true)).toBe('reader');
    expect(firstScreenOf('/bibliotheek', true)).toBe('library');
  });

  it('names none for any other screen', () => {
    for (const path of ['/profile', '/auth/login/extra', '/bibliotheek/subject/x', '/summary/last', '/home/shortcut']) expect(firstScreenOf(path, true), path).toBeNull();
  });
});
