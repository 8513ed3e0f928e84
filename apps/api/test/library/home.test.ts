import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HomeBanner, HomeContinue } from '@blok/contract';
import { DIALECTS, type TestContext } from '../helpers.ts';
import { createLibraryApp, student } from './support.ts';

describe.each(DIALECTS)('home on %s', (dialect) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createLibraryApp(dialect);
  });
  afterAll(async () => ctx?.close());

  it('requires a signed-in user', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/home-banner/' })).statusCode).toBe(401);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/home/continue' })).statusCode).toBe(401);
  });

  it('greets a student without a subscription with a userMessage that leads to the shop', async () => {
    const s = await student(ctx);
    const res = await s.call('GET', '/api/home-banner/');
    expect(res.statusCode).toBe(200);
    const banner = res.json() as HomeBanner;
    // Codes and numbers only: the web app writes the Dutch sentences.
    expect(banner).toEqual({ message: 'start', firstName: '', readChapterCount: 0, link: '/shop', userMessage: { code: 'premium', url: '/shop' } });
    // the spec's path has a trailing slash; without one it answers the same
    expect((await s.call('GET', '/api/home-banner')).json()).toEqual(banner);
  });

  it('greets a subscriber without a userMessage; the link still defaults to her subscriptionUrl', async () => {
    const s = await student(ctx, 'psychologie', { subscription: true });
    const banner = (await s.call('GET', '/api/home-banner/')).json() as HomeBanner;
    expect(banner).not.toHaveProperty('userMessage');
    expect(banner).toMatchObject({ message: 'start', link: '/shop' });
    const profile = (await s.call('GET', '/api/user/profile')).json();
    expect(banner.link).toBe(profile.subscriptionUrl);
  });

  it('gives her name and counts the chapters she has finished', async () => {
    const s = await student(ctx, 'psychologie', { subscription: true });
    await ctx.handle.db.updateTable('users').set({ first_name: 'Sanne' }).where('email', '=', s.email).execute();
    const banner = async () => (await s.call('GET', '/api/home-banner/')).json() as HomeBanner;
    expect(await banner()).toEqual({ message: 'start', firstName: 'Sanne', readChapterCount: 0, link: '/shop' });
    await s.call('PUT', '/api/summaries/fx-psy-samenvatting/progress', { chapterId: 'fx-psy-h1', position: 0.2 });
    expect(await banner()).toMatchObject({ message: 'start', readChapterCount: 0 });
    await s.call('PUT', '/api/summaries/fx-psy-samenvatting/progress', { chapterId: 'fx-psy-h1', position: 1 });
    expect(await banner()).toEqual({ message: 'progress', firstName: 'Sanne', readChapterCount: 1, link: '/shop' });
    await s.call('PUT', '/api/summaries/fx-psy-samenvatting/progress', { chapterId: 'fx-psy-h2', position: 0.95 });
    expect(await banner()).toMatchObject({ message: 'progress', readChapterCount: 2 });
  });

  it("offers the last chapter read as a 'verder studeren' card, newest first", async () => {
    const s = await student(ctx, 'psychologie');
    expect((await s.call('GET', '/api/home/continue')).json()).toEqual({ cards: [] });

    await s.call('PUT', '/api/library/fx-recht');
    await s.call('PUT', '/api/summaries/fx-psy-samenvatting/progress', { chapterId: 'fx-psy-h1', position: 0.6 });
    await new Promise((r) => setTimeout(r, 5)); // distinct timestamps
    await s.call('PUT', '/api/summaries/fx-recht-samenvatting/progress', { chapterId: 'fx-recht-h1', position: 0.25 });

    const { cards } = (await s.call('GET', '/api/home/continue')).json() as HomeContinue;
    expect(cards).toHaveLength(2);
    expect(cards[0]).toMatchObject({
      kind: 'reading',
      subjectId: 'fx-recht',
      subjectTitle: 'Fixture Recht',
      summaryId: 'fx-recht-samenvatting',
      summaryTitle: 'Samenvatting Fixture Recht',
      chapterId: 'fx-recht-h1',
      chapterTitle: 'Rechtsbronnen',
      chapterNumber: 1,
      chapterCount: 2,
      position: 0.25,
    });
    expect(cards[1]).toMatchObject({ kind: 'reading', chapterId: 'fx-psy-h1', chapterTitle: 'Wat is psychologie?', position: 0.6 });
  });
});
