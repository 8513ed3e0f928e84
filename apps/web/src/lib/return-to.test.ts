import { describe, expect, it } from 'vitest';
import { returnToFrom, returnToState, signInReturnPath } from './return-to.ts';

describe('returnToFrom', () => {
  it('reads an in-app path from router state', () => {
    expect(returnToFrom(returnToState('/home'))).toBe('/home');
    expect(returnToFrom({ returnTo: '/home/shortcut' })).toBe('/home/shortcut');
  });

  it('ignores anything that is not an in-app path', () => {
    for (const state of [null, undefined, 'x', {}, { returnTo: 3 }, { returnTo: 'https://example.nl' }, { returnTo: '//example.nl' }, { returnTo: '/\\example.nl' }]) {
      expect(returnToFrom(state)).toBeUndefined();
    }
  });
});

describe('signInReturnPath', () => {
  it('keeps an in-app path with its query and hash', () => {
    expect(signInReturnPath('/bibliotheek/subject/anatomie?x=1#h2')).toBe('/bibliotheek/subject/anatomie?x=1#h2');
  });

  it('refuses other origins, control characters and the sign-in screens', () => {
    for (const value of [null, 'https://evil.example', '//evil.example', '/\\evil.example', '/\t/evil.example', '/logout', '/auth', '/auth/login?redirectTo=/x']) {
      expect(signInReturnPath(value)).toBeUndefined();
    }
  });
});
