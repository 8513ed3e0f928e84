import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { StudioDraft } from '@blok/contract/studio';
import { signIn } from '../../../lib/auth/session.ts';
import { getDeviceId } from '../../../lib/device-id.ts';
import { failQueriesAtOnce, mockApi, renderApp } from '../../../testing/test-utils.tsx';
import { testTokens } from '../../../testing/fixtures.ts';

const subjects = {
  subjects: [
    { id: 'anatomie', title: 'Anatomie', status: 'published', release: 3, updatedAt: '2026-11-01T10:00:00.000Z' },
    { id: 'statistiek', title: 'Statistiek', status: 'sent_back', release: null, updatedAt: null },
  ],
};

async function signedIn(routes: Parameters<typeof mockApi>[0]) {
  await signIn(testTokens);
  const deviceid = getDeviceId();
  return mockApi(routes.map((r) => ({ ...r, headers: { deviceid, ...r.headers } })));
}

const author = { role: 'author', canPublish: false, canAdminister: false };

describe('the studio start', () => {
  it('lists the subjects an author may write, with their state and release, each leading to its editor', async () => {
    await signedIn([
      { path: 'studio/me', body: author },
      { path: 'studio/subjects', body: subjects },
    ]);
    await renderApp('/studio');
    expect(await screen.findByText('Je rol: auteur')).toBeInTheDocument();
    const section = screen.getByRole('region', { name: 'Vakken' });
    const anatomy = await within(section).findByRole('link', { name: /Anatomie/ });
    expect(anatomy).toHaveAttribute('href', '/studio/anatomie');
    expect(anatomy).toHaveTextContent('release 3');
    expect(anatomy).toHaveTextContent('Gepubliceerd');
    expect(within(section).getByRole('link', { name: /Statistiek/ })).toHaveTextContent('nog geen release in de studio');
    expect(screen.queryByRole('region', { name: 'Beheer' })).toBeNull();
  });

  it('tells a student the studio is not for her', async () => {
    await signedIn([{ path: 'studio/me', status: 403, body: { error: 'forbidden', error_description: 'Alleen voor auteurs.' } }]);
    await renderApp('/studio');
    expect(await screen.findByText('Deze pagina bestaat niet of is niet voor jou.')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Vakken' })).toBeNull();
  });

  it('says when no subject is assigned yet', async () => {
    await signedIn([
      { path: 'studio/me', body: author },
      { path: 'studio/subjects', body: { subjects: [] } },
    ]);
    await renderApp('/studio');
    expect(await screen.findByText('Er zijn nog geen vakken aan je toegewezen.')).toBeInTheDocument();
  });

  it('says when the subjects cannot be loaded', async () => {
    failQueriesAtOnce();
    await signedIn([
      { path: 'studio/me', body: author },
      { path: 'studio/subjects', status: 503, body: { error: 'database_unavailable', error_description: 'Even niet.' } },
    ]);
    await renderApp('/studio');
    expect(await screen.findByText('De studio kon niet worden geladen. Probeer het opnieuw.')).toBeInTheDocument();
  });

  it('gives an admin the team and the log, and gives a role', async () => {
    const spy = await signedIn([
      { path: 'studio/me', body: { role: 'admin', canPublish: true, canAdminister: true } },
      { path: 'studio/subjects', body: subjects },
      { path: 'studio/members', body: { members: [{ email: 'auteur@blok.nl', role: 'author', subjects: ['anatomie'] }] } },
      { path: 'studio/audit', body: { entries: [] } },
      { method: 'PUT', path: 'studio/roles', body: { email: 'nieuw@blok.nl', role: 'editor', subjects: [] } },
    ]);
    await renderApp('/studio');
    const admin = await screen.findByRole('region', { name: 'Beheer' });
    expect(await within(admin).findByText(/auteur@blok\.nl/)).toBeInTheDocument();
    expect(within(admin).getByText(/Vakken: anatomie/)).toBeInTheDocument();
    expect(within(admin).getByText('Nog niets gebeurd.')).toBeInTheDocument();

    const user = userEvent.setup();
    await user.type(within(admin).getByRole('textbox', { name: 'E-mailadres' }), 'nieuw@blok.nl');
    await user.selectOptions(within(admin).getByRole('combobox', { name: 'Rol' }), 'redacteur');
    await user.click(within(admin).getByRole('button', { name: 'Rol geven' }));
    expect(await within(admin).findByText('Opgeslagen.')).toBeInTheDocument();
    const call = spy.mock.calls.find(([, init]) => init?.method === 'PUT');
    expect(JSON.parse(String(call![1]!.body))).toEqual({ email: 'nieuw@blok.nl', role: 'editor' });
  });
});

const draft = (over: Partial<StudioDraft> = {}): StudioDraft => ({
  subjectId: 'statistiek',
  status: 'draft',
  comment: '',
  document: { id: 'statistiek', title: 'Statistiek', description: 'Kansen en toetsen.', audiences: [], summaries: [], questionLists: [], flashcardSets: [] },
  problems: [],
  warnings: [],
  release: null,
  updatedAt: null,
  updatedBy: null,
  canPublish: false,
  ...over,
});

describe('a subject in the studio', () => {
  it('shows the draft with the editor\'s comment and sends it for review', async () => {
    const spy = await signedIn([
      { path: 'studio/subjects/statistiek/draft', body: draft({ status: 'sent_back', comment: 'Hoofdstuk 2 mist bronnen.' }) },
      { path: 'studio/subjects/statistiek/releases', body: { releases: [] } },
      { method: 'POST', path: 'studio/subjects/statistiek/submit', body: draft({ status: 'in_review' }) },
    ]);
    await renderApp('/studio/statistiek');
    expect(await screen.findByRole('heading', { level: 1, name: 'Statistiek' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Studio' })).toHaveAttribute('href', '/studio');
    expect(screen.getByRole('heading', { level: 2, name: 'Status: Teruggestuurd' })).toBeInTheDocument();
    expect(screen.getByText('Opmerking van de redacteur: Hoofdstuk 2 mist bronnen.')).toBeInTheDocument();

    await userEvent.setup().click(screen.getByRole('button', { name: 'Indienen voor review' }));
    expect(await screen.findByText('Ingediend. Een redacteur bekijkt het.')).toBeInTheDocument();
    expect(spy.mock.calls.some(([url, init]) => String(url).endsWith('/submit') && init?.method === 'POST')).toBe(true);
  });

  it('shows an editor the expected grade against real mock exams', async () => {
    const calibration = {
      subjectId: 'statistiek',
      exams: 12,
      students: 9,
      meanAbsoluteError: 0.74,
      bias: 0.31,
      withinRange: 0.75,
      questions: 240,
      brier: 0.182,
      bins: [
        { from: 4, to: 5, exams: 3, meanPredicted: 4.6, meanAchieved: 5.1 },
        { from: 6, to: 7, exams: 9, meanPredicted: 6.4, meanAchieved: 6.7 },
      ],
    };
    const spy = await signedIn([
      { path: 'studio/subjects/statistiek/draft', body: draft({ canPublish: true }) },
      { path: 'studio/subjects/statistiek/releases', body: { releases: [] } },
      { path: 'studio/subjects/statistiek/calibration', body: calibration },
    ]);
    await renderApp('/studio/statistiek');
    const section = (await screen.findByRole('heading', { level: 2, name: 'Verwacht cijfer tegen behaald cijfer' })).closest('section')!;
    expect(await within(section).findByTestId('calibration-summary')).toHaveTextContent(
      '12 proeftentamens van 9 studenten. Gemiddeld verschil 0,7 punt; 75% lag binnen de getoonde marge. Studenten haalden gemiddeld 0,3 punt meer dan verwacht: het model is voorzichtig.',
    );
    expect(section).toHaveTextContent('Brier-score per vraag: 0,182 over 240 vragen');
    const rows = within(section).getAllByRole('row').map((r) => r.textContent);
    expect(rows).toEqual(['VerwachtTentamensGem. verwachtGem. behaald', '4,0 tot 5,034,65,1', '6,0 tot 7,096,46,7']);
    expect(spy.mock.calls.some(([url]) => String(url).includes('/calibration'))).toBe(true);
  });

  it('does not ask for the calibration for an author', async () => {
    const spy = await signedIn([
      { path: 'studio/subjects/statistiek/draft', body: draft({}) },
      { path: 'studio/subjects/statistiek/releases', body: { releases: [] } },
    ]);
    await renderApp('/studio/statistiek');
    expect(await screen.findByRole('heading', { level: 1, name: 'Statistiek' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Verwacht cijfer tegen behaald cijfer' })).toBeNull();
    expect(spy.mock.calls.some(([url]) => String(url).includes('/calibration'))).toBe(false);
  });

  it('cannot be sent for review while the checks find problems, and leads to each problem', async () => {
    await signedIn([
      { path: 'studio/subjects/statistiek/draft', body: draft({ problems: [{ file: 'subject.yaml', field: 'title', message: 'mag niet leeg zijn' }] }) },
      { path: 'studio/subjects/statistiek/releases', body: { releases: [] } },
    ]);
    await renderApp('/studio/statistiek');
    expect(await screen.findByRole('button', { name: /title: mag niet leeg zijn/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Indienen voor review' })).toBeDisabled();
  });

  it('says a subject that is not hers or does not exist is not found', async () => {
    await signedIn([{ path: 'studio/subjects/geheim/draft', status: 404, body: { error: 'not_found', error_description: 'Niet gevonden' } }]);
    await renderApp('/studio/geheim');
    expect(await screen.findByText('Deze pagina bestaat niet of is niet voor jou.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('link', { name: 'Studio' })).toHaveAttribute('href', '/studio'));
  });
});
