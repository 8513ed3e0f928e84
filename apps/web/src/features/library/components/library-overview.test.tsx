import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Library, LibrarySuggestions, SubjectSearchResult } from '@blok/contract/library';
import { signIn } from '../../../lib/auth/session.ts';
import { getDeviceId } from '../../../lib/device-id.ts';
import { mockApi, renderApp } from '../../../testing/test-utils.tsx';
import { testProfile, testTokens } from '../../../testing/fixtures.ts';

const library: Library = {
  subjects: [
    {
      id: 'psy',
      title: 'Inleiding in de psychologie',
      description: 'Overzichtsvak voor eerstejaars.',
      origin: 'study',
      summaryCount: 1,
      questionListCount: 7,
      chapterCount: 7,
      readChapterCount: 2,
      progress: 29,
      lastRead: { summaryId: 'sam', chapterId: 'h3', chapterTitle: 'Leren', position: 0.5, updatedAt: '2025-01-01T10:00:00.000Z' },
    },
  ],
};

const search: SubjectSearchResult = {
  total: 2,
  subjects: [
    { id: 'psy', title: 'Inleiding in de psychologie', description: 'Overzichtsvak.', summaryCount: 1, questionListCount: 7, inLibrary: true },
    { id: 'recht', title: 'Inleiding recht', description: 'De basis van het recht.', summaryCount: 1, questionListCount: 6, inLibrary: false },
  ],
};

const suggestions: LibrarySuggestions = {
  subjects: [
    { id: 'ped', title: 'Inleiding in de pedagogiek', description: 'Opvoeding en onderwijs.', summaryCount: 1, questionListCount: 4, reason: 'related' },
  ],
};

async function signedIn(options: { library?: Library; suggestions?: LibrarySuggestions } = {}) {
  await signIn(testTokens);
  const deviceid = getDeviceId();
  return mockApi([
    { path: 'user/profile', body: testProfile, headers: { deviceid } },
    { path: 'library', body: options.library ?? library, headers: { deviceid } },
    { path: 'library/suggestions', body: options.suggestions ?? { subjects: [] }, headers: { deviceid } },
    { method: 'PUT', path: 'library/ped', status: 204, headers: { deviceid } },
    { path: 'subjects', body: search, headers: { deviceid } },
    { method: 'PUT', path: 'library/recht', status: 204, headers: { deviceid } },
    { method: 'DELETE', path: 'library/psy', status: 204, headers: { deviceid } },
  ]);
}

const calls = (spy: ReturnType<typeof mockApi>, method: string, url: string) =>
  spy.mock.calls.filter(([u, init]) => String(u) === url && (init?.method ?? 'GET') === method).length;

describe('Library', () => {
  it('shows her subjects with progress and where to continue', async () => {
    await signedIn();
    await renderApp('/bibliotheek');
    const card = await screen.findByRole('article', { name: 'Inleiding in de psychologie' });
    expect(within(card).getByRole('link', { name: 'Inleiding in de psychologie' })).toHaveAttribute('href', '/bibliotheek/subject/psy');
    expect(within(card).getByRole('progressbar', { name: 'Voortgang Inleiding in de psychologie' })).toHaveAttribute('aria-valuenow', '29');
    expect(within(card).getByText('29% gelezen')).toBeInTheDocument();
    expect(within(card).getByText('2 van 7 hoofdstukken')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: /Verder lezen.*Leren/ })).toHaveAttribute('href', '/summary/read/sam/h3');
  });

  it('adds a subject from the search', async () => {
    const fetchSpy = await signedIn();
    await renderApp('/bibliotheek');
    const user = userEvent.setup();
    await user.type(screen.getByRole('searchbox', { name: 'Zoek een vak' }), 'recht');
    // The search asks the API for the typed query (once she stops typing).
    await waitFor(() => expect(fetchSpy.mock.calls.some(([url]) => String(url) === '/api/subjects?query=recht&limit=20')).toBe(true));
    expect(await screen.findByText('2 vakken gevonden voor ‘recht’')).toBeInTheDocument();
    const add = await screen.findByRole('button', { name: 'Toevoegen aan je bibliotheek: Inleiding recht' });
    await user.click(add);
    await waitFor(() => expect(calls(fetchSpy, 'PUT', '/api/library/recht')).toBe(1));
    expect(await screen.findByText('Inleiding recht is aan je bibliotheek toegevoegd.')).toBeInTheDocument();
  });

  it('removes a subject only after confirming', async () => {
    const fetchSpy = await signedIn();
    await renderApp('/bibliotheek');
    const user = userEvent.setup();
    const card = await screen.findByRole('article', { name: 'Inleiding in de psychologie' });
    await user.click(within(card).getByRole('button', { name: 'Verwijder Inleiding in de psychologie uit je bibliotheek' }));

    let dialog = await screen.findByRole('dialog', { name: 'Inleiding in de psychologie verwijderen?' });
    await user.click(within(dialog).getByRole('button', { name: 'Annuleren' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls(fetchSpy, 'DELETE', '/api/library/psy')).toBe(0);

    await user.click(within(card).getByRole('button', { name: 'Verwijder Inleiding in de psychologie uit je bibliotheek' }));
    dialog = await screen.findByRole('dialog', { name: 'Inleiding in de psychologie verwijderen?' });
    await user.click(within(dialog).getByRole('button', { name: 'Verwijderen' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls(fetchSpy, 'DELETE', '/api/library/psy')).toBe(1);
    expect(await screen.findByText('Inleiding in de psychologie is uit je bibliotheek verwijderd.')).toBeInTheDocument();
  });

  it("suggests subjects under 'Populair bij jouw studie' and says the truth when her own year has none", async () => {
    const fetchSpy = await signedIn({ library: { subjects: [] }, suggestions });
    await renderApp('/bibliotheek');
    const user = userEvent.setup();
    const section = await screen.findByRole('region', { name: 'Populair bij jouw studie' });
    expect(within(section).getByRole('link', { name: 'Inleiding in de pedagogiek' })).toHaveAttribute('href', '/bibliotheek/subject/ped');
    expect(within(section).getByText('Van een verwante studie')).toBeInTheDocument();
    expect(screen.getByText(/Voor jouw studiejaar heeft Blok nog geen eigen vakken/)).toBeInTheDocument();
    await user.click(within(section).getByRole('button', { name: 'Toevoegen aan je bibliotheek: Inleiding in de pedagogiek' }));
    await waitFor(() => expect(calls(fetchSpy, 'PUT', '/api/library/ped')).toBe(1));
    expect(await screen.findByText('Inleiding in de pedagogiek is aan je bibliotheek toegevoegd.')).toBeInTheDocument();
  });

  it('shows no suggestions section when there is nothing to suggest', async () => {
    await signedIn();
    await renderApp('/bibliotheek');
    await screen.findByRole('article', { name: 'Inleiding in de psychologie' });
    expect(screen.queryByRole('region', { name: 'Populair bij jouw studie' })).toBeNull();
  });
});
