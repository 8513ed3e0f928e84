import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Interaction, QuestionTypeName } from '@blok/contract/questions';
import { draftBody, draftOf, draftProblem, type RuleDraft } from './draft.ts';
import { RuleAnswerInput } from './rule-answer.tsx';

const NONE: Interaction = { items: [], targets: [], clozeParts: [], unit: null };
const ORDERING: Interaction = { ...NONE, items: ['Metafase', 'Profase', 'Anafase'].map((text, i) => ({ id: `i${i}`, text })) };

function Harness({ type, interaction, onDraft }: { type: QuestionTypeName; interaction: Interaction; onDraft: (d: RuleDraft) => void }) {
  const [draft, setDraft] = useState(() => draftOf(interaction, null));
  return (
    <RuleAnswerInput
      type={type}
      interaction={interaction}
      draft={draft}
      onChange={(d) => {
        setDraft(d);
        onDraft(d);
      }}
    />
  );
}

describe('answers of the new question types (issue 40)', () => {
  it('moves an ordering item with the keyboard, says where it went and keeps focus on it', async () => {
    const user = userEvent.setup();
    const onDraft = vi.fn();
    render(<Harness type="ORDERING" interaction={ORDERING} onDraft={onDraft} />);
    expect(screen.getByRole('button', { name: 'Metafase omhoog' })).toBeDisabled();
    screen.getByRole('button', { name: 'Profase omhoog' }).focus();
    await user.keyboard('{Enter}');
    expect(onDraft).toHaveBeenLastCalledWith(expect.objectContaining({ order: ['i1', 'i0', 'i2'] }));
    expect(screen.getByText('Profase staat nu op plaats 1 van 3.')).toBeInTheDocument();
    // at the top its up button is disabled: focus moves to its down button
    expect(screen.getByRole('button', { name: 'Profase omlaag' })).toHaveFocus();
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual([expect.stringContaining('Profase'), expect.stringContaining('Metafase'), expect.stringContaining('Anafase')]);
  });

  it('asks for a number with the decimal keyboard and its unit, and reads the Dutch comma', async () => {
    const user = userEvent.setup();
    const onDraft = vi.fn();
    const interaction = { ...NONE, unit: '€' };
    render(<Harness type="NUMERIC" interaction={interaction} onDraft={onDraft} />);
    const field = screen.getByRole('textbox', { name: 'Jouw antwoord' });
    expect(field).toHaveAttribute('inputmode', 'decimal');
    expect(field).toHaveAccessibleDescription(expect.stringContaining('in €'));
    await user.type(field, '12,5');
    const draft = onDraft.mock.lastCall![0] as RuleDraft;
    expect(draftProblem('NUMERIC', interaction, draft)).toBeNull();
    expect(draftProblem('NUMERIC', interaction, { ...draft, text: 'twaalf' })).toBe('notANumber');
    expect(draftBody('NUMERIC', draft)).toEqual({ textAnswer: '12,5' });
  });

  it('pairs every item through a labelled select and fills cloze gaps by their labels', async () => {
    const user = userEvent.setup();
    const onDraft = vi.fn();
    const matching: Interaction = { ...NONE, items: [{ id: 'l1', text: 'Kern' }], targets: [{ id: 'r1', text: 'DNA' }, { id: 'r2', text: 'Energie' }] };
    const { unmount } = render(<Harness type="MATCHING" interaction={matching} onDraft={onDraft} />);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Kern' }), 'DNA');
    expect(draftBody('MATCHING', onDraft.mock.lastCall![0])).toEqual({ pairs: [{ left: 'l1', right: 'r1' }] });
    unmount();

    const cloze: Interaction = { ...NONE, clozeParts: ['De ', ' bevat het ', '.'] };
    render(<Harness type="CLOZE" interaction={cloze} onDraft={onDraft} />);
    await user.type(screen.getByRole('textbox', { name: 'Open plek 2' }), 'DNA');
    expect(draftBody('CLOZE', onDraft.mock.lastCall![0])).toEqual({ gaps: ['', 'DNA'] });
    expect(draftProblem('CLOZE', cloze, onDraft.mock.lastCall![0])).toBeNull();
  });
});
