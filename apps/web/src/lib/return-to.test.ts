import { describe, expect, it } from 'vitest';
import { returnToFrom, returnToState } from './return-to.ts';

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
