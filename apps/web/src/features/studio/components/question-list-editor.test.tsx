import { describe, expect, it, vi } from 'vitest';
import { useState } from 'react';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { StudioProblem, StudioQuestionList } from '@blok/contract/studio';
import { renderWithProviders } from '../../../testing/test-utils.tsx';
import { QuestionListEditor } from './question-list-editor.tsx';

const list: StudioQuestionList = {
  id: 'lijst',
  title: 'Lijst',
  description: 'Oefenen.',
  answerDisplaying: 2,
  recommendedQuestions: 5,
  questions: [
    {
      id: 'q-keuze',
      kind: 'single',
      text: 'Wat is een cel?',
      answers: [
        { id: 'a1', text: 'De kleinste eenheid van leven die zelfstandig kan bestaan', correct: true, pinned: false },
        { id: 'a2', text: 'Een molecuul', correct: false, pinned: false },
      ],
      modelAnswer: '',
      feedback: 'Uitleg.',
      recommended: false,
    },
    { id: 'q-getal', kind: 'numeric', text: 'Hoeveel?', answers: [], modelAnswer: '', key: 'value: veel\n', feedback: 'Uitleg.', recommended: false },
  ],
};

function Harness({ problems = [], warnings = [], onList }: { problems?: StudioProblem[]; warnings?: StudioProblem[]; onList: (l: StudioQuestionList) => void }) {
  const [current, setCurrent] = useState(list);
  return (
    <QuestionListEditor
      subjectId="vak"
      list={current}
      chapters={[]}
      problems={problems}
      warnings={warnings}
      onChange={(next) => {
        onList(next);
        setCurrent(next);
      }}
    />
  );
}

describe('the question list editor of the studio (issue 40)', () => {
  it('warns while she writes a choice question whose right answer is the longest, until it is not', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Harness onList={vi.fn()} />);
    const choice = screen.getByRole('group', { name: 'Vraag 1' });
    expect(within(choice).getByText(/Het juiste antwoord is het langste van deze vraag/)).toBeInTheDocument();
    await user.type(within(choice).getByLabelText('Antwoord B'), ', zoals water of een eiwit dat in elke cel voorkomt');
    expect(within(choice).queryByText(/Het juiste antwoord is het langste/)).toBeNull();
  });

  it("shows the importer's problems in their question and at their field, and the list's warnings", () => {
    const problems: StudioProblem[] = [{ file: 'questions/lijst.yaml', list: 'lijst', question: 'q-getal', field: 'questions.1.value', message: 'value moet een getal zijn' }];
    const warnings: StudioProblem[] = [{ file: 'questions/lijst.yaml', list: 'lijst', field: 'questions', message: 'bij 9 van de 10 vragen met één juist antwoord is het juiste antwoord het langste' }];
    renderWithProviders(<Harness problems={problems} warnings={warnings} onList={vi.fn()} />);
    expect(screen.getByText(/bij 9 van de 10 vragen/)).toBeInTheDocument();
    const numeric = screen.getByRole('group', { name: 'Vraag 2' });
    expect(within(numeric).getByText('De controle vindt 1 probleem in deze vraag:')).toBeInTheDocument();
    const value = within(numeric).getByLabelText('Juiste waarde');
    expect(value).toHaveValue('veel');
    expect(value).toHaveAttribute('aria-invalid', 'true');
    expect(value).toHaveAccessibleDescription(/"veel" is geen getal\. · value moet een getal zijn/);
  });

  it('writes the form of a new kind into the key and leaves out the fields of the old one', async () => {
    const user = userEvent.setup();
    const onList = vi.fn();
    renderWithProviders(<Harness onList={onList} />);
    const numeric = screen.getByRole('group', { name: 'Vraag 2' });
    await user.selectOptions(within(numeric).getByLabelText('Soort vraag'), 'ordering');
    const written = (onList.mock.calls.at(-1)![0] as StudioQuestionList).questions[1]!;
    expect(written).toMatchObject({ kind: 'ordering', key: 'items:\n  - ""\n  - ""\n' });
    expect(within(numeric).getByLabelText('Item 1')).toBeInTheDocument();
  });
});
