import { describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { answered, makeOverview, makeQuestion } from '../test-data.ts';
import { GradeCircle } from './grade-circle.tsx';
import { Results } from './results.tsx';

describe('grade circle', () => {
  it('shows a green number from 5.5', () => {
    render(<GradeCircle grade={5.5} />);
    const circle = screen.getByRole('img', { name: 'Cijfer 5,5, voldoende' });
    expect(circle).toHaveAttribute('data-tone', 'pass');
    expect(circle).toHaveTextContent('5,5');
  });

  it('shows a red number below 5.5', () => {
    render(<GradeCircle grade={5.4} />);
    expect(screen.getByRole('img', { name: 'Cijfer 5,4, onvoldoende' })).toHaveAttribute('data-tone', 'fail');
  });

  it("shows an orange '?' while questions are open", () => {
    render(<GradeCircle grade={null} />);
    const circle = screen.getByRole('img', { name: /Cijfer nog onbekend/ });
    expect(circle).toHaveAttribute('data-tone', 'unknown');
    expect(circle).toHaveTextContent('?');
  });
});

describe('results', () => {
  const noop = () => undefined;

  it('with a skipped question: ? grade, Beantwoord vragen, Annuleren, and the skipped row leads to answering it', async () => {
    const q1 = answered(makeQuestion(0), ['q1-a1'], 1);
    const q2 = answered(makeQuestion(1), ['q2-a2'], 0);
    const q3 = makeQuestion(2, { isCorrect: 3 });
    const overview = makeOverview([q1, q2, q3], { currentIndex: 3, grade: null, score: 33 });
    const onAction = vi.fn();
    render(<Results overview={overview} onAction={onAction} isBusy={false} pendingAction={undefined} onExit={noop} onRedo={noop} />);

    expect(screen.getByRole('heading', { level: 1, name: 'Oefenvragen voltooid' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: /Cijfer nog onbekend/ })).toHaveAttribute('data-tone', 'unknown');
    expect(screen.getByText(/Je hebt 1 van de 3 vragen goed en 1 fout beantwoord\. 1 vraag staat nog open\./)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Annuleren' })).toBeInTheDocument();
    // the results page is not answering questions: no 'Stop met vragen beantwoorden' (issue 26)
    expect(screen.queryByRole('button', { name: 'Stop met vragen beantwoorden' })).toBeNull();

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Beantwoord vragen' }));
    expect(onAction).toHaveBeenLastCalledWith({ type: 'review' });
    await user.click(screen.getByRole('button', { name: /Oefenvraag 3.*Overgeslagen/ }));
    expect(onAction).toHaveBeenLastCalledWith({ type: 'review', questionIndex: 2 });
  });

  it('a question changed since she answered it: counted nowhere, named as changed, and said why in its detail', async () => {
    const q1 = { ...answered(makeQuestion(0), ['q1-a1'], 1), changedSinceAnswer: true };
    const q2 = answered(makeQuestion(1), ['q2-a2'], 0);
    const overview = makeOverview([q1, q2], { currentIndex: 2, correctAnswers: 0, wrongAnswers: 1, changedAnswers: 1, grade: 1, score: 0 });
    render(<Results overview={overview} onAction={noop} isBusy={false} pendingAction={undefined} onExit={noop} onRedo={noop} />);

    expect(screen.getByText(/Je hebt 0 van 1 vraag goed en 1 fout beantwoord\./)).toBeInTheDocument();
    expect(screen.getByText('1 vraag is gewijzigd nadat je hem beantwoordde. Dat antwoord telt niet mee in je cijfer.')).toBeInTheDocument();
    const row = screen.getByRole('button', { name: /Oefenvraag 1.*Vraag gewijzigd/ });
    await userEvent.setup().click(row);
    expect(screen.getByText('Deze vraag is gewijzigd')).toBeInTheDocument();
  });

  it('all answered: a number, Ga verder met studeren, no Annuleren, and rows open their details', async () => {
    const q1 = answered(makeQuestion(0), ['q1-a1'], 1);
    const q2 = answered(makeQuestion(1), ['q2-a2'], 0);
    const overview = makeOverview([q1, q2], { currentIndex: 2, grade: 5, score: 50 });
    const onExit = vi.fn();
    render(<Results overview={overview} onAction={noop} isBusy={false} pendingAction={undefined} onExit={onExit} onRedo={noop} />);

    expect(screen.getByRole('img', { name: 'Cijfer 5,0, onvoldoende' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Annuleren' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Beantwoord vragen' })).toBeNull();

    const user = userEvent.setup();
    const row = screen.getByRole('button', { name: /Oefenvraag 2.*Fout/ });
    expect(row).toHaveAttribute('aria-expanded', 'false');
    await user.click(row);
    expect(row).toHaveAttribute('aria-expanded', 'true');
    const detail = document.getElementById(row.getAttribute('aria-controls')!)!;
    expect(within(detail).getByRole('heading', { name: 'Jouw antwoord' })).toBeInTheDocument();
    expect(within(detail).getByText('Tweede antwoord')).toBeInTheDocument();
    expect(within(detail).getByRole('heading', { name: 'Juiste antwoord' })).toBeInTheDocument();
    expect(within(detail).getByText('Eerste antwoord')).toBeInTheDocument();
    expect(within(detail).getByRole('heading', { name: 'Toelichting' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Ga verder met studeren' }));
    expect(onExit).toHaveBeenCalled();
  });

  it('all skipped: says that nothing was answered yet, not "0 van de 5 goed" nor "opgeslagen"', () => {
    const questions = [0, 1, 2, 3, 4].map((i) => makeQuestion(i, { isCorrect: 3 }));
    const overview = makeOverview(questions, { currentIndex: 5, grade: null, score: 0 });
    render(<Results overview={overview} onAction={noop} isBusy={false} pendingAction={undefined} onExit={noop} onRedo={noop} />);

    expect(screen.getByText(/^Je hebt nog geen vragen beantwoord\. 5 vragen staan nog open\.$/)).toBeInTheDocument();
    expect(screen.getByText('Nog niets beantwoord')).toBeInTheDocument();
    expect(screen.getByText('Je hebt alle 5 vragen overgeslagen. Beantwoord ze om je cijfer te zien.')).toBeInTheDocument();
    expect(screen.queryByText(/0 van de 5 vragen goed/)).toBeNull();
    expect(screen.queryByText(/opgeslagen/)).toBeNull();
    expect(screen.getByRole('button', { name: 'Beantwoord vragen' })).toBeInTheDocument();
  });

  it('names the answers by the letters she saw: the order the session showed them in', async () => {
    // the session showed q1's answers as Derde, Eerste, Tweede: the correct one (q1-a1) was B
    const base = makeQuestion(0);
    const [a1, a2, a3] = base.answers;
    const shown = { ...base, answers: [a3!, a1!, a2!].map((a, i) => ({ ...a, sortIndex: i })) };
    const q1 = answered(shown, ['q1-a2'], 0);
    const overview = makeOverview([{ ...q1, correctAnswerIds: ['q1-a1'], answers: q1.answers.map((a) => ({ ...a, isCorrect: a.id === 'q1-a1' })) }], {
      currentIndex: 1,
      grade: 1,
    });
    render(<Results overview={overview} onAction={noop} isBusy={false} pendingAction={undefined} onExit={noop} onRedo={noop} />);
    await userEvent.setup().click(screen.getByRole('button', { name: /Oefenvraag 1.*Fout/ }));
    const yours = screen.getByRole('heading', { name: 'Jouw antwoord' }).parentElement!;
    expect(within(yours).getByRole('listitem')).toHaveTextContent(/^C\s*Tweede antwoord$/);
    const right = screen.getByRole('heading', { name: 'Juiste antwoord' }).parentElement!;
    expect(within(right).getByRole('listitem')).toHaveTextContent(/^B\s*Eerste antwoord$/);
  });
});
