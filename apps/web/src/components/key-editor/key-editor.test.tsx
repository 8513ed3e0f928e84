import { describe, expect, it, vi } from 'vitest';
import { useState } from 'react';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { parse } from 'yaml';
import type { StudioProblem, StudioQuestion } from '@blok/contract/studio';
import { renderWithProviders } from '../../testing/test-utils.tsx';
import { KeyEditor } from './key-editor.tsx';

const base: StudioQuestion = { id: 'q', kind: 'ordering', text: 'Zet in volgorde.', answers: [], modelAnswer: '', feedback: 'Uitleg.', recommended: false };

/** The editor as the question list holds it: the key it writes is the question's key. */
function Harness({ start, problems = [], onKey }: { start: StudioQuestion; problems?: StudioProblem[]; onKey: (key: string) => void }) {
  const [question, setQuestion] = useState(start);
  return (
    <KeyEditor
      question={question}
      problems={problems}
      onKeyChange={(key) => {
        onKey(key);
        setQuestion({ ...question, key });
      }}
    />
  );
}

const lastKey = (spy: ReturnType<typeof vi.fn>) => parse(spy.mock.calls.at(-1)![0] as string) as Record<string, unknown>;

describe('the key form of the studio (issue 40)', () => {
  it('moves an ordering item by keyboard, keeps its id, and the try-out marks the order', async () => {
    const user = userEvent.setup();
    const onKey = vi.fn();
    renderWithProviders(<Harness start={{ ...base, key: 'items: [Profase, Metafase, Anafase]\n' }} onKey={onKey} />);
    const up = screen.getByRole('button', { name: 'Item 3 omhoog' });
    up.focus();
    await user.keyboard('{Enter}');
    expect(lastKey(onKey)).toEqual({ items: ['Profase', { id: 'i3', text: 'Anafase' }, { id: 'i2', text: 'Metafase' }] });
    expect(screen.getByLabelText('Item 2')).toHaveValue('Anafase');
    // she stays on the moved item's button
    expect(screen.getByRole('button', { name: 'Item 2 omhoog' })).toHaveFocus();
    expect(screen.getByText('Anafase staat nu op plaats 2 van 3.')).toBeInTheDocument();

    // the try-out shows the items shuffled, as a session does, with the practice screen's buttons
    const tryOut = screen.getByRole('region', { name: /Zo ziet de student het/ });
    expect(within(tryOut).getAllByRole('listitem')).toHaveLength(3);
    expect(within(tryOut).getByRole('button', { name: 'Profase omhoog' })).toBeInTheDocument();
  });

  it('names the importer problem at its item and refuses to remove below two items', () => {
    const problems: StudioProblem[] = [{ file: 'questions/l.yaml', list: 'l', question: 'q', field: 'items.1', message: 'item 2 is hetzelfde als item 1' }];
    renderWithProviders(<Harness start={{ ...base, key: 'items: [A, a]\n' }} problems={problems} onKey={vi.fn()} />);
    expect(screen.getByLabelText('Item 2')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Item 2')).toHaveAccessibleDescription('item 2 is hetzelfde als item 1');
    expect(screen.queryByRole('button', { name: /verwijderen/ })).toBeNull();
  });

  it('edits a matching with a decoy and grades a tried pairing', async () => {
    const user = userEvent.setup();
    const onKey = vi.fn();
    renderWithProviders(<Harness start={{ ...base, kind: 'matching', key: 'pairs:\n  - { left: Hart, right: Pomp }\n  - { left: Long, right: Gaswisseling }\n' }} onKey={onKey} />);
    await user.click(screen.getByRole('button', { name: 'Afleider toevoegen' }));
    expect(screen.getByLabelText('Afleider 1')).toHaveFocus();
    await user.keyboard('Filter');
    expect(lastKey(onKey)).toEqual({ pairs: [{ left: 'Hart', right: 'Pomp' }, { left: 'Long', right: 'Gaswisseling' }], decoys: ['Filter'] });

    const tryOut = screen.getByRole('region', { name: /Zo ziet de student het/ });
    await user.selectOptions(within(tryOut).getByLabelText('Hart'), 'Pomp');
    await user.selectOptions(within(tryOut).getByLabelText('Long'), 'Filter');
    expect(within(tryOut).getByRole('status')).toHaveTextContent(/^Deels goed/);
    await user.selectOptions(within(tryOut).getByLabelText('Long'), 'Gaswisseling');
    expect(within(tryOut).getByRole('status')).toHaveTextContent(/^Goed/);
  });

  it('lists the gaps a cloze sentence has, and tries them', async () => {
    const user = userEvent.setup();
    const onKey = vi.fn();
    renderWithProviders(<Harness start={{ ...base, kind: 'cloze', text: 'DNA wordt in de {{kern|celkern}} overgeschreven naar {{mRNA}}.' }} onKey={onKey} />);
    expect(screen.getByText('2 open plekken gevonden:')).toBeInTheDocument();
    expect(screen.getByText('kern (ook goed: celkern)')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Opdracht boven de zin (optioneel)'), 'Vul aan.');
    expect(lastKey(onKey)).toEqual({ instruction: 'Vul aan.' });
    const tryOut = screen.getByRole('region', { name: /Zo ziet de student het/ });
    expect(within(tryOut).getByText('Vul aan.')).toBeInTheDocument();
    await user.type(within(tryOut).getByLabelText('Open plek 1'), 'celkern');
    await user.type(within(tryOut).getByLabelText('Open plek 2'), 'mrna');
    expect(within(tryOut).getByRole('status')).toHaveTextContent(/^Goed/);
  });

  it('says when a cloze has no gap yet', () => {
    renderWithProviders(<Harness start={{ ...base, kind: 'cloze', text: 'Nog zonder plek.' }} onKey={vi.fn()} />);
    expect(screen.getByText(/Nog geen open plek gevonden/)).toBeInTheDocument();
    expect(screen.getByText('Vul de antwoordsleutel in om de vraag hier te proberen.')).toBeInTheDocument();
  });
});
