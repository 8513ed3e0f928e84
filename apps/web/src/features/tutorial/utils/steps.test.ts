import { describe, expect, it } from 'vitest';
import { TUTORIAL_STEPS, isTutorialStep, stepPosition } from './steps.ts';

describe('tutorial steps', () => {
  it('knows each step and its neighbours', () => {
    expect(stepPosition('bibliotheek')).toEqual({ index: 0, previous: undefined, next: 'samenvattingen' });
    expect(stepPosition('installeren')).toEqual({ index: TUTORIAL_STEPS.length - 1, previous: 'herinneringen', next: undefined });
    expect(isTutorialStep('shop')).toBe(true);
    expect(isTutorialStep('bestaat-niet')).toBe(false);
    expect(isTutorialStep(undefined)).toBe(false);
  });
});
