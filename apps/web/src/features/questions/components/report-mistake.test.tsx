import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { MyReport } from '@blok/contract/studio';
import { signIn } from '../../../lib/auth/session.ts';
import { getDeviceId } from '../../../lib/device-id.ts';
import { mockApi, renderApp } from '../../../testing/test-utils.tsx';
import { testTokens } from '../../../testing/fixtures.ts';
import { SESSION_ID, makeOverview, makeQuestion } from '../test-data.ts';

const screenUrl = `/bibliotheek/questions/${SESSION_ID}/vak/lijst-a`;

const report = (patch: Partial<MyReport> = {}): MyReport => ({
  id: 'r1',
  kind: 'question',
  itemId: 'q1',
  subjectId: 'vak',
  itemTitle: 'Vraag nummer 1?',
  message: 'Antwoord B klopt ook.',
  status: 'open',
  createdAt: '2026-11-20T10:00:00.000Z',
  handledAt: null,
  ...patch,
});

describe('Meld een fout', () => {
  it('sends a short text about the question, after saying a too short one is too short', async () => {
    await signIn(testTokens);
    const deviceid = getDeviceId();
    const overview = makeOverview([makeQuestion(0), makeQuestion(1)]);
    const fetchSpy = mockApi([
      { path: `session/${SESSION_ID}`, body: overview, headers: { deviceid } },
      { path: 'reports', body: { reports: [] }, headers: { deviceid } },
      { method: 'POST', path: 'reports', status: 201, body: report({ message: 'Antwoord B klopt ook.' }), headers: { deviceid } },
    ]);
    await renderApp(screenUrl);
    const user = userEvent.setup();

    const toggle = await screen.findByRole('button', { name: 'Meld een fout' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    const field = screen.getByLabelText('Wat klopt er niet aan deze vraag?');
    await user.type(field, 'fout');
    await user.click(screen.getByRole('button', { name: 'Verstuur melding' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Beschrijf de fout in minstens 5 tekens.');
    expect(fetchSpy.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);

    await user.type(field, ': antwoord B klopt ook.');
    await user.click(screen.getByRole('button', { name: 'Verstuur melding' }));
    expect(await screen.findByText('Bedankt voor je melding')).toBeInTheDocument();
    const call = fetchSpy.mock.calls.find(([url, init]) => String(url).endsWith('/reports') && init?.method === 'POST');
    expect(JSON.parse(String(call![1]!.body))).toEqual({ kind: 'question', itemId: 'q1', message: 'fout: antwoord B klopt ook.' });
    expect(new Headers(call![1]!.headers).get('idempotency-key')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('says when her earlier report of this question was handled', async () => {
    await signIn(testTokens);
    const deviceid = getDeviceId();
    mockApi([
      { path: `session/${SESSION_ID}`, body: makeOverview([makeQuestion(0), makeQuestion(1)]), headers: { deviceid } },
      { path: 'reports', body: { reports: [report({ status: 'handled', handledAt: '2026-11-22T09:00:00.000Z' }), report({ id: 'r2', itemId: 'q2' })] }, headers: { deviceid } },
    ]);
    await renderApp(screenUrl);
    await waitFor(() => expect(screen.getByText('Je melding van 20 november over deze vraag is op 22 november afgehandeld.')).toBeInTheDocument());
  });
});
