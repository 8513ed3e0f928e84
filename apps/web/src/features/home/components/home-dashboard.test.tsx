import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { HomeBanner, HomeContinue } from '@blok/contract/library';
import { signIn } from '../../../lib/auth/session.ts';
import { getDeviceId } from '../../../lib/device-id.ts';
import { mockApi, renderApp } from '../../../testing/test-utils.tsx';
import { testProfile, testTokens } from '../../../testing/fixtures.ts';

const baseBanner: HomeBanner = { message: 'start', firstName: '', readChapterCount: 0, link: '/shop' };

const cards: HomeContinue = {
  cards: [
    {
      kind: 'reading',
      subjectId: 'psy',
      subjectTitle: 'Inleiding in de psychologie',
      summaryId: 'sam',
      summaryTitle: 'Samenvatting Gray',
      chapterId: 'h2',
      chapterTitle: 'Onderzoeksmethoden',
      chapterNumber: 2,
      chapterCount: 7,
      position: 0.35,
      updatedAt: '2025-01-01T10:00:00.000Z',
    },
  ],
};

async function home(banner: HomeBanner, cont: HomeContinue) {
  await signIn(testTokens);
  const deviceid = getDeviceId();
  mockApi([
    { path: 'user/profile', body: { ...testProfile, firstName: 'Sanne' }, headers: { deviceid } },
    { path: 'home-banner/', body: banner, headers: { deviceid } },
    { path: 'home/continue', body: cont, headers: { deviceid } },
  ]);
  return renderApp('/home');
}

describe('Home for a signed-in student', () => {
  it("shows the banner's userMessage instead of its own title, text and link", async () => {
    await home({ ...baseBanner, userMessage: { code: 'premium', url: '/shop' } }, cards);
    const banner = await screen.findByRole('region', { name: 'Lees alle hoofdstukken met Premium' });
    expect(within(banner).getByText(/Zo bespaar je tot € 150 per jaar op studieboeken\./)).toBeInTheDocument();
    expect(within(banner).getByRole('link', { name: 'Bekijk Premium' })).toHaveAttribute('href', '/shop');
    expect(screen.queryByText('Je vakken staan klaar')).toBeNull();
    expect(await screen.findByRole('heading', { level: 1, name: 'Welkom terug, Sanne' })).toBeInTheDocument();
  });

  it('shows the banner itself without a userMessage, and the chapter to continue with', async () => {
    await home(baseBanner, cards);
    const banner = await screen.findByRole('region', { name: 'Je vakken staan klaar' });
    expect(within(banner).getByRole('link', { name: 'Meer informatie' })).toHaveAttribute('href', '/shop');
    const card = await screen.findByRole('link', { name: /H2\. Onderzoeksmethoden/ });
    expect(card).toHaveAttribute('href', '/summary/read/sam/h2');
    expect(card).toHaveTextContent('35% gelezen');
  });

  it('writes the progress banner from its code, her name and the number of chapters she read', async () => {
    await home({ ...baseBanner, message: 'progress', firstName: 'Sanne', readChapterCount: 2 }, cards);
    const banner = await screen.findByRole('region', { name: 'Lekker bezig, Sanne!' });
    expect(within(banner).getByText(/^Je hebt al 2 hoofdstukken uitgelezen\./)).toBeInTheDocument();
  });

  it('says hoofdstuk for one chapter and greets without a name when she gave none', async () => {
    await home({ ...baseBanner, message: 'progress', readChapterCount: 1 }, cards);
    const banner = await screen.findByRole('region', { name: 'Lekker bezig!' });
    expect(within(banner).getByText(/^Je hebt al 1 hoofdstuk uitgelezen\./)).toBeInTheDocument();
  });

  it('invites her to the library when she has not read anything yet', async () => {
    await home(baseBanner, { cards: [] });
    expect(await screen.findByText('Je hebt nog niets gelezen')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Naar de bibliotheek' })).toHaveAttribute('href', '/bibliotheek');
  });
});

describe('Home for a new student', () => {
  it("greets her with her name and 'Welkom bij Blok', not 'Welkom terug', and links to the tutorial", async () => {
    await signIn(testTokens);
    const deviceid = getDeviceId();
    mockApi([
      { path: 'user/profile', body: { ...testProfile, firstName: 'Sanne', createdAt: new Date().toISOString() }, headers: { deviceid } },
      { path: 'home-banner/', body: baseBanner, headers: { deviceid } },
      { path: 'home/continue', body: { cards: [] }, headers: { deviceid } },
    ]);
    await renderApp('/home');
    expect(await screen.findByRole('heading', { level: 1, name: 'Welkom bij Blok, Sanne' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: /Welkom terug/ })).toBeNull();
    expect(screen.getByRole('link', { name: /Zo werkt Blok/ })).toHaveAttribute('href', '/tutorial');
  });
});

describe('Home for a later-year student with an empty library (issue 26)', () => {
  it('says honestly that there is nothing for her year yet, suggests subjects of her study and sells nothing', async () => {
    await signIn(testTokens);
    const deviceid = getDeviceId();
    const fetchSpy = mockApi([
      { path: 'user/profile', body: { ...testProfile, firstName: 'Sanne', year: 'master', createdAt: new Date().toISOString() }, headers: { deviceid } },
      { path: 'home-banner/', body: { ...baseBanner, message: 'empty', firstName: 'Sanne' }, headers: { deviceid } },
      { path: 'home/continue', body: { cards: [] }, headers: { deviceid } },
      {
        path: 'library/suggestions',
        body: { subjects: [{ id: 'psy', title: 'Inleiding in de psychologie', description: 'Overzichtsvak.', summaryCount: 1, questionListCount: 7, reason: 'earlier_year' }] },
        headers: { deviceid },
      },
      { method: 'PUT', path: 'library/psy', status: 204, headers: { deviceid } },
    ]);
    await renderApp('/home');
    expect(await screen.findByRole('heading', { level: 1, name: 'Welkom bij Blok, Sanne' })).toBeInTheDocument();
    expect(screen.getByText(/Voor jouw studiejaar staan in Blok nog geen vakken klaar/)).toBeInTheDocument();
    expect(screen.queryByText(/Je vakken staan klaar/)).toBeNull();
    const banner = await screen.findByRole('region', { name: 'Je bibliotheek is nog leeg, Sanne' });
    expect(within(banner).getByRole('link', { name: 'Zoek een vak' })).toHaveAttribute('href', '/bibliotheek');
    expect(screen.queryByText(/Premium/)).toBeNull();
    // what there is: her study's subjects of earlier years, and the search
    const suggestions = await screen.findByRole('region', { name: 'Populair bij jouw studie' });
    expect(within(suggestions).getByRole('link', { name: 'Inleiding in de psychologie' })).toHaveAttribute('href', '/bibliotheek/subject/psy');
    expect(screen.getByRole('link', { name: /Staat jouw vak er niet bij\?/ })).toHaveAttribute('href', '/bibliotheek');
    // nothing read yet, no 'verder studeren' card telling her to pick from an empty library
    expect(screen.queryByText('Je hebt nog niets gelezen')).toBeNull();
    await userEvent.setup().click(within(suggestions).getByRole('button', { name: 'Toevoegen aan je bibliotheek: Inleiding in de psychologie' }));
    await waitFor(() => expect(fetchSpy.mock.calls.filter(([url]) => String(url) === '/api/home-banner/').length).toBeGreaterThan(1));
  });
});
