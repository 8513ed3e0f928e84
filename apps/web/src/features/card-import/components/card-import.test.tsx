import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { CardImportPreview } from '@blok/contract/card-import';
import { mockApi, renderWithProviders } from '../../../testing/test-utils.tsx';
import { CardImport } from './card-import.tsx';

const preview = (suggestedTitle: string): CardImportPreview => ({
  source: 'text',
  suggestedTitle,
  separator: 'tab',
  customSeparator: null,
  header: false,
  cardCount: 1,
  skippedCount: 0,
  pictureCount: 0,
  cards: [{ source: 'regel 1', front: 'cel', back: 'kleinste eenheid', frontHtml: '<p>cel</p>', backHtml: '<p>kleinste eenheid</p>', frontPicture: null, backPicture: null, tags: [] }],
  problems: [],
  notices: [],
  noteTypes: [],
});

describe('CardImport', () => {
  it("names the new set after an uploaded text's file name (a text has no deck name)", async () => {
    mockApi([{ method: 'POST', path: 'card-imports/preview', body: preview('') }]);
    const user = userEvent.setup();
    renderWithProviders(<CardImport />);
    await user.click(screen.getByRole('radio', { name: 'Bestand kiezen' }));
    await user.upload(screen.getByLabelText('Bestand', { exact: true }), new File(['cel\tkleinste eenheid\n'], 'Biologie – H1.csv', { type: 'text/csv' }));
    await user.click(screen.getByRole('button', { name: 'Voorbeeld bekijken' }));
    expect(await screen.findByLabelText('Naam van de nieuwe set')).toHaveValue('Biologie – H1');
  });

  it("prefers an Anki deck's own name, and names nothing after a pasted text", async () => {
    mockApi([{ method: 'POST', path: 'card-imports/preview', body: preview('') }]);
    const user = userEvent.setup();
    renderWithProviders(<CardImport />);
    await user.type(screen.getByLabelText('Je kaarten, één per regel'), 'cel{Tab}kleinste eenheid');
    await user.click(screen.getByRole('button', { name: 'Voorbeeld bekijken' }));
    expect(await screen.findByLabelText('Naam van de nieuwe set')).toHaveValue('');

    mockApi([{ method: 'POST', path: 'card-imports/preview', body: { ...preview('Anatomie'), source: 'apkg' } }]);
    await user.click(screen.getByRole('radio', { name: 'Bestand kiezen' }));
    await user.upload(screen.getByLabelText('Bestand', { exact: true }), new File([new Uint8Array([0x50, 0x4b, 3, 4])], 'export-2024.apkg'));
    await user.click(screen.getByRole('button', { name: 'Voorbeeld bekijken' }));
    expect(await screen.findByLabelText('Naam van de nieuwe set')).toHaveValue('Anatomie');
  });
});
