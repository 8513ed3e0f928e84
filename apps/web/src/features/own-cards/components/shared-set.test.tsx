import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SharedSetPreview } from '@blok/contract/own-cards';
import { signIn } from '../../../lib/auth/session.ts';
import { getDeviceId } from '../../../lib/device-id.ts';
import { queryClient } from '../../../lib/react-query.ts';
import { mockApi, renderApp } from '../../../testing/test-utils.tsx';
import { testTokens } from '../../../testing/fixtures.ts';
import { ownCardKeys } from '../api/keys.ts';

const TOKEN = 'A'.repeat(43);
const PATH = `shared-flashcard-sets/${TOKEN}`;

const preview: SharedSetPreview = {
  title: 'Begrippen van een studiegenoot',
  description: 'Hoofdstuk 1',
  subjectTitle: 'Inleiding in de psychologie',
  cardCount: 1,
  cards: [{ front: { html: '<p>Wat is een variabele?</p>', pictureUrl: null }, back: { html: '<p>Iets wat kan veranderen</p>', pictureUrl: null } }],
};

const revoked = { status: 410, body: { error: 'share_link_revoked', error_description: 'Deze link is ingetrokken door wie de set deelde. Vraag om een nieuwe link.' } };

/** The set as a reload restores it from the saved offline data: in the cache, and to be asked again. */
async function savedFromLastVisit() {
  queryClient.setQueryData(ownCardKeys.shared(TOKEN), preview);
  await queryClient.invalidateQueries({ refetchType: 'none' });
}

/** Nothing of the set is on screen or in the cache, and there is nothing to press. */
function expectNoSet() {
  expect(screen.queryByRole('button', { name: 'Voeg toe aan mijn kaarten' })).toBeNull();
  expect(screen.queryByText('Wat is een variabele?')).toBeNull();
  expect(screen.queryByRole('heading', { name: preview.title })).toBeNull();
  expect(JSON.stringify(queryClient.getQueryData(ownCardKeys.shared(TOKEN)) ?? null)).not.toContain(preview.title);
}

describe('a shared set', () => {
  it('shows a classmate’s set with the button to add it', async () => {
    await signIn(testTokens);
    mockApi([{ path: PATH, body: preview, headers: { deviceid: getDeviceId() } }]);
    await renderApp(`/kaarten/gedeeld/${TOKEN}`);
    expect(await screen.findByRole('heading', { level: 1, name: preview.title })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Voeg toe aan mijn kaarten' })).toBeEnabled();
    expect(screen.getByText('Wat is een variabele?')).toBeInTheDocument();
  });

  it('once the link is revoked, shows only the message after a reload: the saved copy is dropped', async () => {
    await signIn(testTokens);
    await savedFromLastVisit();
    mockApi([{ path: PATH, ...revoked, headers: { deviceid: getDeviceId() } }]);
    await renderApp(`/kaarten/gedeeld/${TOKEN}`);
    expect(await screen.findByRole('alert')).toHaveTextContent('Deze link is ingetrokken door wie de set deelde. Vraag om een nieuwe link.');
    expect(screen.getByRole('heading', { level: 1, name: 'Gedeelde set' })).toBeInTheDocument();
    expectNoSet();
    expect(screen.getByRole('link', { name: 'Naar mijn kaarten' })).toHaveAttribute('href', '/kaarten');
  });

  it('says so when a link does not exist (any more), without the saved copy', async () => {
    await signIn(testTokens);
    await savedFromLastVisit();
    mockApi([{ path: PATH, status: 404, body: { error: 'not_found', error_description: 'Deze link bestaat niet.' }, headers: { deviceid: getDeviceId() } }]);
    await renderApp(`/kaarten/gedeeld/${TOKEN}`);
    expect(await screen.findByRole('alert')).toHaveTextContent('Deze link bestaat niet. Controleer of je hem helemaal hebt gekopieerd.');
    expectNoSet();
  });

  it('drops the set when adding it finds the link revoked meanwhile', async () => {
    await signIn(testTokens);
    const deviceid = getDeviceId();
    mockApi([
      { path: PATH, body: preview, headers: { deviceid } },
      { method: 'POST', path: `${PATH}/copy`, ...revoked, headers: { deviceid } },
    ]);
    await renderApp(`/kaarten/gedeeld/${TOKEN}`);
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Voeg toe aan mijn kaarten' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Deze link is ingetrokken door wie de set deelde.'));
    expectNoSet();
  });

});
