import { describe, expect, it } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { mockApi, renderWithProviders } from '../../../testing/test-utils.tsx';
import { OnboardingSlider } from './onboarding-slider.tsx';

describe('onboarding slider', () => {
  it('shows the three slides and moves on with a swipe of at least 50 px (the shared swipe hook)', async () => {
    mockApi([{ path: 'config', body: { flashcardsEnabled: true, leitnerEnabled: false } }]);
    renderWithProviders(<OnboardingSlider onFinish={() => undefined} />);
    expect(await screen.findByRole('button', { name: 'Ga naar dia 3' })).toBeInTheDocument();
    const viewport = screen.getByTestId('onboarding-viewport');
    const swipe = (dx: number) => {
      fireEvent.pointerDown(viewport, { pointerId: 1, clientX: 200, clientY: 100, pointerType: 'touch' });
      fireEvent.pointerMove(viewport, { pointerId: 1, clientX: 200 + dx, clientY: 100, pointerType: 'touch' });
      fireEvent.pointerUp(viewport, { pointerId: 1, clientX: 200 + dx, clientY: 100, pointerType: 'touch' });
    };
    swipe(-40);
    expect(screen.getByRole('button', { name: 'Ga naar dia 1' })).toHaveAttribute('aria-current', 'step');
    swipe(-60);
    expect(screen.getByRole('button', { name: 'Ga naar dia 2' })).toHaveAttribute('aria-current', 'step');
  });

  it('drops the flashcards slide when flashcards are switched off', async () => {
    mockApi([{ path: 'config', body: { flashcardsEnabled: false, leitnerEnabled: false } }]);
    renderWithProviders(<OnboardingSlider onFinish={() => undefined} />);
    await screen.findByRole('button', { name: 'Ga naar dia 2' });
    await expect.poll(() => screen.queryByRole('button', { name: 'Ga naar dia 3' })).toBeNull();
    expect(screen.queryByText(/flashcards/i)).toBeNull();
  });
});
