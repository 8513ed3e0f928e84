import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { answered, makeQuestion } from '../test-data.ts';
import { FeedbackPanel } from './feedback-panel.tsx';

function setContentHeight(px: number) {
  vi.spyOn(HTMLElement.prototype, 'scrollHeight', 'get').mockReturnValue(px);
}

describe('feedback panel', () => {
  afterEach(() => vi.restoreAllMocks());

  it('names the result and the correct answer, with the way on', () => {
    const q = answered(makeQuestion(0), ['q1-a2'], 0);
    render(<FeedbackPanel question={q} isLast={false} onNext={() => undefined} isBusy={false} headingId="h" />);
    expect(screen.getByRole('heading', { name: 'Vraag fout beantwoord' })).toBeInTheDocument();
    expect(screen.getByText('Het juiste antwoord is A.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Toelichting' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Ga naar de volgende vraag' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Lees meer' })).toBeNull();
  });

  it('names the correct answer by the letter it had in the order shown, not where it is written', () => {
    // shown as Tweede, Derde, Eerste: the correct one (q1-a1, written first) was C
    const base = makeQuestion(0);
    const [a1, a2, a3] = base.answers;
    const shown = { ...base, answers: [a2!, a3!, a1!] };
    const q = answered(shown, ['q1-a2'], 0);
    render(<FeedbackPanel question={{ ...q, correctAnswerIds: ['q1-a1'] }} isLast={false} onNext={() => undefined} isBusy={false} headingId="h" />);
    expect(screen.getByText('Het juiste antwoord is C.')).toBeInTheDocument();
  });

  it("reads 'Zie overzicht' on the last question and 'Vraag goed beantwoord' when right", () => {
    const q = answered(makeQuestion(0), ['q1-a1'], 1);
    render(<FeedbackPanel question={q} isLast onNext={() => undefined} isBusy={false} headingId="h" />);
    expect(screen.getByRole('heading', { name: 'Vraag goed beantwoord' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Zie overzicht' })).toBeInTheDocument();
  });

  it('is expandable when the explanation is taller than 150 px', async () => {
    setContentHeight(400);
    const q = answered(makeQuestion(0), ['q1-a1'], 1);
    const onNext = vi.fn();
    render(<FeedbackPanel question={q} isLast={false} onNext={onNext} isBusy={false} headingId="h" />);
    const more = screen.getByRole('button', { name: 'Lees meer' });
    expect(more).toHaveAttribute('aria-expanded', 'false');
    const body = document.getElementById(more.getAttribute('aria-controls')!)!;
    expect(body.style.maxHeight).toBe('150px');

    const user = userEvent.setup();
    await user.click(more);
    expect(screen.getByRole('button', { name: 'Lees minder' })).toHaveAttribute('aria-expanded', 'true');
    expect(body.style.maxHeight).toBe('');
    await user.click(screen.getByRole('button', { name: 'Ga naar de volgende vraag' }));
    expect(onNext).toHaveBeenCalledOnce();
  });

  it('is not expandable up to 150 px', () => {
    setContentHeight(150);
    render(<FeedbackPanel question={answered(makeQuestion(0), ['q1-a1'], 1)} isLast={false} onNext={() => undefined} isBusy={false} headingId="h" />);
    expect(screen.queryByRole('button', { name: 'Lees meer' })).toBeNull();
  });
});
