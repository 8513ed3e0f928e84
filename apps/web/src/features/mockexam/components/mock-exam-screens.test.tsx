import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { signIn } from '../../../lib/auth/session.ts';
import { getDeviceId } from '../../../lib/device-id.ts';
import { mockApi, renderApp } from '../../../testing/test-utils.tsx';
import { testTokens } from '../../../testing/fixtures.ts';

const EXAM_ID = '0190a000-0000-7000-8000-000000000002';

async function signedIn(routes: Parameters<typeof mockApi>[0]) {
  await signIn(testTokens);
  const deviceid = getDeviceId();
  return mockApi(routes.map((r) => ({ ...r, headers: { deviceid, ...r.headers } })));
}

const notFound = (description: string) => ({ status: 404, body: { error: 'not_found', error_description: description } });

describe('a missing mock exam or subject', () => {
  it('says the exam does not exist and leads back to the subject\'s mock exams and the library', async () => {
    await signedIn([{ path: `mock-exams/${EXAM_ID}`, ...notFound('Dit proeftentamen bestaat niet.') }]);
    await renderApp(`/bibliotheek/proeftentamen/vak/${EXAM_ID}`);
    expect(await screen.findByRole('alert')).toHaveTextContent('Dit proeftentamen bestaat niet (meer).');
    expect(screen.getByRole('heading', { level: 1, name: 'Proeftentamen' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Naar de proeftentamens van dit vak' })).toHaveAttribute('href', '/bibliotheek/proeftentamen/vak');
    expect(screen.getByRole('link', { name: 'Naar de bibliotheek' })).toHaveAttribute('href', '/bibliotheek');
  });

  it('says an unknown subject does not exist on the start screen, with the library as the way on', async () => {
    await signedIn([{ path: 'mock-exams', ...notFound('Dit vak bestaat niet.') }]);
    await renderApp('/bibliotheek/proeftentamen/bestaat-niet');
    expect(await screen.findByRole('alert')).toHaveTextContent('Dit vak bestaat niet (meer). Kies een vak in je bibliotheek.');
    expect(screen.getByRole('link', { name: 'Naar de bibliotheek' })).toHaveAttribute('href', '/bibliotheek');
    expect(screen.queryByRole('button', { name: 'Start proeftentamen' })).toBeNull();
  });
});
