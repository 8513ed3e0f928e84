import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { Select } from './select.tsx';

// Its own file: Radix Select must not be loaded yet when the test starts (module state).

function University() {
  const [value, setValue] = useState('');
  return (
    <Select
      label="Universiteit"
      placeholder="Kies je universiteit"
      options={[
        { value: 'uva', label: 'Universiteit van Amsterdam' },
        { value: 'uu', label: 'Universiteit Utrecht' },
      ]}
      value={value}
      onValueChange={setValue}
    />
  );
}

describe('Select, Radix arriving just before the press', () => {
  it('opens the list when the press lands on the stand-in after Radix loaded but before it was rendered', async () => {
    render(<University />);
    const standIn = screen.getByRole('combobox', { name: 'Universiteit' });
    // Inside one act nothing renders until its end: the swap is queued, the stand-in still takes the press.
    await act(async () => {
      fireEvent.pointerEnter(standIn);
      await import('./radix-select.tsx');
      await new Promise((resolve) => setTimeout(resolve, 0));
      expect(standIn.isConnected).toBe(true);
      fireEvent.pointerDown(standIn, { button: 0 });
      fireEvent.click(standIn);
    });
    expect(await screen.findByRole('option', { name: 'Universiteit Utrecht' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Universiteit', hidden: true })).toHaveAttribute('aria-expanded', 'true');
  });
});
