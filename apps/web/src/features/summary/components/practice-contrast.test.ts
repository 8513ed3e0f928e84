import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { declarations, worstContrast } from '../../../testing/contrast.ts';

// read as text: Vitest turns a CSS module import into class names
const READER = readFileSync(join(__dirname, 'reader.module.css'), 'utf8');

// Issue 26: text on the reader's gradient ('Oefenvragen' at the end of a chapter) meets WCAG AA
// (4.5:1) at its worst pixel, computed from the style sheet itself.

describe("the reader's practice card", () => {
  const background = declarations(READER, '.practice').background!;

  it.each(['.practiceTitle', '.practiceText'])('%s meets 4.5:1 on every pixel of the gradient', (selector) => {
    expect(worstContrast(declarations(READER, selector).color!, background)).toBeGreaterThanOrEqual(4.5);
  });
});
