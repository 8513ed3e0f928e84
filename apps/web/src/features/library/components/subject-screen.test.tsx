import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { SubjectDetail } from '@blok/contract/library';
import { signIn } from '../../../lib/auth/session.ts';
import { getDeviceId } from '../../../lib/device-id.ts';
import { mockApi, renderApp } from '../../../testing/test-utils.tsx';
import { testProfile, testTokens } from '../../../testing/fixtures.ts';

const subject: SubjectDetail = {
  id: 'anatomie',
  title: 'Anatomie',
  description: 'Bouw van het menselijk lichaam.',
  inLibrary: true,
  summaries: [],
  questionLists: [
    { id: 'l1', title: 'Het skelet', description: 'Botten en gewrichten.', sortIndex: 1, totalQuestions: 20, chapterId: null, progress: 100, score: 5, sessionId: 's1' },
  ],
  flashcardsEnabled: false,
};

describe('the subject page', () => {
  it('reads the grade of her last session as text, not as a label on a span without a role', async () => {
    await signIn(testTokens);
    const deviceid = getDeviceId();
    mockApi([
      { path: 'user/profile', body: testProfile, headers: { deviceid } },
      { path: 'subjects/anatomie', body: subject, headers: { deviceid } },
    ]);
    const { container } = await renderApp('/bibliotheek/subject/anatomie');
    const list = (await screen.findByRole('heading', { level: 3, name: 'Het skelet' })).closest('li')!;
    expect(within(list).getByText('Cijfer 5,0')).toBeInTheDocument();
    // ARIA 1.2: aria-label is prohibited on an element without a role (axe: aria-prohibited-attr)
    const unnamed = [...container.querySelectorAll('span[aria-label]:not([role]), div[aria-label]:not([role])')].map((el) => el.outerHTML);
    expect(unnamed).toEqual([]);
  });

  it('says an unknown subject does not exist and leads back to the library', async () => {
    await signIn(testTokens);
    const deviceid = getDeviceId();
    mockApi([
      { path: 'user/profile', body: testProfile, headers: { deviceid } },
      { path: 'subjects/bestaat-niet', status: 404, body: { error: 'not_found', error_description: 'Dit vak bestaat niet.' }, headers: { deviceid } },
    ]);
    await renderApp('/bibliotheek/subject/bestaat-niet');
    expect(await screen.findByRole('alert')).toHaveTextContent('Dit vak bestaat niet (meer). Kies een ander vak in je bibliotheek.');
    expect(screen.getByRole('link', { name: 'Naar de bibliotheek' })).toHaveAttribute('href', '/bibliotheek');
  });
});
