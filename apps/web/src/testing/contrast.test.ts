import { describe, expect, it } from 'vitest';
import { contrast, parseColor, worstContrast } from './contrast.ts';

describe('worstContrast', () => {
  it('computes the WCAG ratio of known pairs', () => {
    expect(contrast(parseColor('#000000'), parseColor('#ffffff'))).toBeCloseTo(21, 5);
    expect(contrast(parseColor('#777777'), parseColor('#ffffff'))).toBeCloseTo(4.48, 2);
  });

  it('finds the worst pixel between the stops and under a light overlay', () => {
    // white text: fine on the dark end, not on the light end of the gradient
    expect(worstContrast('#ffffff', 'linear-gradient(90deg, #000000, #999999)')).toBeLessThan(3);
    // a 60% white overlay over a dark gradient lightens its worst pixel
    const plain = worstContrast('#ffffff', 'linear-gradient(90deg, #3730a3, #312e81)');
    const veiled = worstContrast('#ffffff', 'radial-gradient(circle at 0 0, rgb(255 255 255 / 60%) 0, transparent 50%), linear-gradient(90deg, #3730a3, #312e81)');
    expect(veiled).toBeLessThan(plain / 2);
  });
});
