import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Select } from './select.tsx';

// Counts how often Radix Select's module is loaded (once, and only when a dropdown is used).
const loads = vi.hoisted(() => ({ count: 0 }));
vi.mock('./radix-select.tsx', async (importOriginal) => {
  loads.count += 1;
  return importOriginal();
});

const OPTIONS = [
  { value: 'uva', label: 'Universiteit van Amsterdam' },
  { value: 'vu', label: 'Vrije Universiteit Amsterdam' },
  { value: 'uu', label: 'Universiteit Utrecht' },
];

function Form({ onChange = () => undefined }: { onChange?: (value: string) => void }) {
  const [university, setUniversity] = useState('');
  const [year, setYear] = useState('');
  return (
    <>
      <Select
        label="Universiteit"
        placeholder="Kies je universiteit"
        options={OPTIONS}
        value={university}
        onValueChange={(value) => {
          setUniversity(value);
          onChange(value);
        }}
      />
      <Select label="Jaar" placeholder="Kies je jaar" options={[]} value={year} onValueChange={setYear} disabled disabledHint="Kies eerst je studie" />
      <button type="button">Verder</button>
    </>
  );
}

// One file, one module state: the tests run in order, the first before Radix Select is loaded.
describe('Select', () => {
  it('shows a labelled stand-in without loading Radix Select, then opens with the keyboard and picks an option', async () => {
    const user = userEvent.setup();
    const chosen = vi.fn();
    render(<Form onChange={chosen} />);

    const university = screen.getByRole('combobox', { name: 'Universiteit' });
    expect(university).toHaveTextContent('Kies je universiteit');
    expect(university).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByRole('combobox', { name: 'Jaar' })).toBeDisabled();
    expect(screen.getByRole('combobox', { name: 'Jaar' })).toHaveAccessibleDescription('Kies eerst je studie');
    expect(loads.count).toBe(0);

    await user.tab();
    expect(university).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    // Radix Select takes over and opens its list at once
    expect(await screen.findByRole('option', { name: 'Vrije Universiteit Amsterdam' })).toBeInTheDocument();
    expect(loads.count).toBe(1);
    expect(screen.getByRole('combobox', { name: 'Universiteit', hidden: true })).toHaveAttribute('aria-expanded', 'true');
    await user.click(screen.getByRole('option', { name: 'Universiteit Utrecht' }));

    await waitFor(() => expect(screen.queryByRole('option')).toBeNull());
    expect(chosen).toHaveBeenCalledWith('uu');
    expect(screen.getByRole('combobox', { name: 'Universiteit' })).toHaveTextContent('Universiteit Utrecht');
    // the other dropdown turned into Radix Select too, still disabled with its hint
    expect(screen.getByRole('combobox', { name: 'Jaar' })).toBeDisabled();
    expect(screen.getByRole('combobox', { name: 'Jaar' })).toHaveAccessibleDescription('Kies eerst je studie');
  });

  it('renders Radix Select at once once it is loaded, and opens on a tap', async () => {
    const user = userEvent.setup();
    render(<Form />);
    const university = screen.getByRole('combobox', { name: 'Universiteit' });
    await user.click(university);
    expect(await screen.findByRole('option', { name: 'Universiteit van Amsterdam' })).toBeInTheDocument();
    expect(loads.count).toBe(1);
  });

  it('picks an option on a mouse release even when that option did not see the press (rendered anew under the pointer)', async () => {
    const user = userEvent.setup();
    const picked = vi.fn();
    render(<Form onChange={picked} />);
    await user.click(screen.getByRole('combobox', { name: 'Universiteit' }));
    const option = await screen.findByRole('option', { name: 'Universiteit Utrecht' });
    // only the release reaches this option element: no pointerdown or pointermove on it before
    fireEvent.pointerUp(option, { pointerType: 'mouse', button: 0 });
    await waitFor(() => expect(screen.queryByRole('listbox')).not.toBeInTheDocument());
    expect(picked).toHaveBeenCalledWith('uu');
    expect(screen.getByRole('combobox', { name: 'Universiteit' })).toHaveTextContent('Universiteit Utrecht');
  });
});
