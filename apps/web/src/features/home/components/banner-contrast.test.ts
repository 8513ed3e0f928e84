import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { declarations, worstContrast } from '../../../testing/contrast.ts';

// read as text: Vitest turns a CSS module import into class names
const HOME = readFileSync(join(__dirname, 'home.module.css'), 'utf8');

// Issue 26: text on the home banner's gradient meets WCAG AA (4.5:1) at its worst pixel, computed
// from the style sheet itself (every gradient stop, the light overlay at every strength).

describe('the home banner', () => {
  const banner = declarations(HOME, '.banner');

  it('has a title that meets 4.5:1 on every pixel of the gradient', () => {
    expect(worstContrast(banner.color!, banner.background!)).toBeGreaterThanOrEqual(4.5);
  });

  it('has a text that meets 4.5:1 on every pixel of the gradient', () => {
    expect(worstContrast(declarations(HOME, '.bannerText').color!, banner.background!)).toBeGreaterThanOrEqual(4.5);
  });
});
