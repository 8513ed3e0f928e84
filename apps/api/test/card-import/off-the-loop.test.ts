import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { OwnSetDetail } from '@blok/contract';
import * as render from '../../src/content/render.ts';
import * as apkg from '../../src/card-import/apkg.ts';
import { WorkPool } from '../../src/threads/pool.ts';
import { OwnCardsRepository } from '../../src/own-cards/repository.ts';
import { STAGED_PICTURE_HOURS } from '../../src/own-cards/service.ts';
import { DIALECTS, createTestApp, signedInUser, type TestContext } from '../helpers.ts';

// Counts what runs on the event loop (the spies call through). A work thread loads its own copy of
// these modules, so what it renders or writes is not counted here.
vi.mock('../../src/content/render.ts', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../src/content/render.ts')>();
  return { ...real, renderCardHtml: vi.fn(real.renderCardHtml) };
});
vi.mock('../../src/card-import/apkg.ts', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../src/card-import/apkg.ts')>();
  return { ...real, writeApkg: vi.fn(real.writeApkg) };
});

/** The bench's 1,000-card text (bench/import-files.ts): Markdown on every side. */
const THOUSAND = Array.from({ length: 1000 }, (_, i) => `**Begrip ${i + 1}** met _nadruk_\tDe uitleg van begrip ${i + 1}, met een [link](https://example.nl/${i}).`).join('\n');

/**
 * Issue 38, item 3: a student's large set never holds the event loop. Rendering 2,000 sides took
 * ~1.4 s of it and writing an .apkg of 380 pictures 1.7-3.9 s; both run on the work threads
 * (threads/pool.ts). No clock here: what ran where is counted.
 */
describe.each(DIALECTS)('large sets off the event loop on %s', (dialect) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp(dialect, { REGISTER_RATE_LIMIT_IP: '1000', API_RATE_LIMIT_PER_MINUTE: '100000' });
  });
  afterAll(async () => ctx?.close());
  beforeEach(() => {
    vi.mocked(render.renderCardHtml).mockClear();
    vi.mocked(apkg.writeApkg).mockClear();
  });

  it('renders the 2,000 sides of a 1,000-card import on a work thread, none on the event loop', async () => {
    const { headers } = await signedInUser(ctx.app);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/card-imports?source=text&title=Duizend',
      headers: { ...headers, 'content-type': 'text/plain', 'idempotency-key': randomUUID() },
      payload: THOUSAND,
    });
    expect(res.statusCode, res.body).toBe(201);
    const set = res.json<OwnSetDetail>();
    expect(set.cardCount).toBe(1000);
    // stored as the set's own renderer makes it
    expect(set.cards[0]!.front.html).toBe('<p><strong>Begrip 1</strong> met <em>nadruk</em></p>\n');
    expect(set.cards[999]!.back.html).toBe('<p>De uitleg van begrip 1000, met een <a href="https://example.nl/999" rel="noopener noreferrer" target="_blank">link</a>.</p>\n');
    expect(render.renderCardHtml).not.toHaveBeenCalled();
    expect(ctx.app.services.work.counts.get('renderOwnCardSides')).toBeGreaterThanOrEqual(1);
  });

  it('writes an .apkg with pictures on a work thread, and the file is whole', async () => {
    const { headers } = await signedInUser(ctx.app);
    const userId = (await ctx.app.inject({ method: 'GET', url: '/api/user/profile', headers })).json<{ id: string }>().id;
    const picture = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#cc3366' } }).png().toBuffer();
    const made = await ctx.app.services.ownCards.createSetWithCards(userId, { title: 'Dia’s' }, [
      { front: 'Dia 1', back: '', backPicture: { data: picture, type: 'image/png' } },
      { front: 'Dia 2', back: '**Uitleg**' },
    ]);
    const res = await ctx.app.inject({ method: 'GET', url: `/api/card-exports/${made.id}?format=apkg`, headers });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.rawPayload.subarray(0, 2).toString()).toBe('PK');
    expect(res.rawPayload.includes(Buffer.from('collection.anki2'))).toBe(true);
    expect(apkg.writeApkg).not.toHaveBeenCalled();
    expect(render.renderCardHtml).not.toHaveBeenCalled();
  });

  it('names the first card in order whose picture is refused, however many are checked at once', async () => {
    const { headers } = await signedInUser(ctx.app);
    const userId = (await ctx.app.inject({ method: 'GET', url: '/api/user/profile', headers })).json<{ id: string }>().id;
    const good = await sharp({ create: { width: 1600, height: 1200, channels: 3, background: '#3366cc' } }).png().toBuffer();
    const bad = { data: Buffer.from('geen plaatje'), type: 'image/png' };
    const own = ctx.app.services.ownCards;
    await expect(own.createSetWithCards(userId, { title: 'Kapot' }, [{ front: 'a', back: 'b', frontPicture: bad }, { front: 'c', back: 'd', frontPicture: bad }])).rejects.toMatchObject({
      code: 'unsupported_file_type',
      message: 'Kaart 1: Kies een afbeelding in jpg, png of webp.',
    });
    await expect(
      own.createSetWithCards(userId, { title: 'Kapot' }, [
        { front: 'a', back: 'b', frontPicture: { data: good, type: 'image/png' } },
        { front: 'c', back: 'd', backPicture: { data: good, type: 'image/png' } },
        { front: 'e', back: 'f', frontPicture: bad },
        { front: 'g', back: 'h', frontPicture: bad },
      ]),
    ).rejects.toMatchObject({ message: 'Kaart 3: Kies een afbeelding in jpg, png of webp.' });
    expect((await ctx.app.inject({ method: 'GET', url: '/api/own-flashcard-sets', headers })).json<{ sets: unknown[] }>().sets).toEqual([]);
  });

  it('stages an import’s pictures before its transaction, and a refused import leaves none behind (decision 042)', async () => {
    const { headers } = await signedInUser(ctx.app);
    const userId = (await ctx.app.inject({ method: 'GET', url: '/api/user/profile', headers })).json<{ id: string }>().id;
    const picture = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#118844' } }).png().toBuffer();
    const own = ctx.app.services.ownCards;
    const pictureCount = async () =>
      Number((await ctx.handle.db.selectFrom('own_flashcard_pictures').select((eb) => eb.fn.countAll<number>().as('n')).where('user_id', '=', userId).executeTakeFirstOrThrow()).n);
    // refused inside the transaction (a chapter that does not exist), after the pictures were staged
    await expect(
      own.createSetWithCards(userId, { title: 'Mis' }, [
        { front: 'a', back: 'b', frontPicture: { data: picture, type: 'image/png' } },
        { front: 'c', back: 'd', chapterId: 'bestaat-niet' },
      ]),
    ).rejects.toMatchObject({ code: 'not_found' });
    expect(await pictureCount()).toBe(0);
    // a stored set keeps them, linked to its cards
    const made = await own.createSetWithCards(userId, { title: 'Goed' }, [
      { front: 'a', back: 'b', frontPicture: { data: picture, type: 'image/png' }, backPicture: { data: picture, type: 'image/png' } },
    ]);
    expect(await pictureCount()).toBe(2);
    expect(made.cards[0]!.front.pictureUrl).toMatch(/^\/api\/own-card-pictures\//);
    expect(made.cards[0]!.back.pictureUrl).toMatch(/^\/api\/own-card-pictures\//);
  });

  it('sweeps pictures no card shows once they are older than the staging window, never a card’s', async () => {
    const { headers } = await signedInUser(ctx.app);
    const userId = (await ctx.app.inject({ method: 'GET', url: '/api/user/profile', headers })).json<{ id: string }>().id;
    const picture = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#884411' } }).png().toBuffer();
    const own = ctx.app.services.ownCards;
    await own.createSetWithCards(userId, { title: 'Blijft' }, [{ front: 'a', back: 'b', frontPicture: { data: picture, type: 'image/png' } }]);
    // what a process that stopped between staging and its command leaves: a picture no card shows
    const orphan = await new OwnCardsRepository(ctx.handle.db).insertPictures(userId, [{ mime: 'image/png', base64: picture.toString('base64'), bytes: picture.length }]);
    const ids = async () => (await ctx.handle.db.selectFrom('own_flashcard_pictures').select('id').where('user_id', '=', userId).execute()).map((r) => r.id);
    expect(await ids()).toHaveLength(2);
    // within the window: kept (its command may still be running)
    await own.sweepUnlinkedPictures(Date.now());
    expect(await ids()).toContain(orphan[0]);
    // past it: gone, the card's picture stays
    await own.sweepUnlinkedPictures(Date.now() + (STAGED_PICTURE_HOURS + 1) * 3600_000);
    const left = await ids();
    expect(left).toHaveLength(1);
    expect(left).not.toContain(orphan[0]);
  });

  it('renders again the cards saved before the `<`/`>` fix, once; a second run changes nothing', async () => {
    const { headers } = await signedInUser(ctx.app);
    const userId = (await ctx.app.inject({ method: 'GET', url: '/api/user/profile', headers })).json<{ id: string }>().id;
    const own = ctx.app.services.ownCards;
    const made = await own.createSetWithCards(userId, { title: 'Code' }, [
      { front: 'a<b en c>d', back: 'if x<y and y>z:' },
      { front: 'gewoon', back: 'tekst' },
    ]);
    const [first, second] = made.cards.map((c) => c.id);
    // what the renderer before the fix stored for the first card
    await ctx.handle.db.updateTable('own_flashcards').set({ front_html: '<p>a<strong>d</strong></p>\n', back_html: '<p>if xz:</p>\n' }).where('id', '=', first!).execute();
    expect(await own.rerenderAngleBrackets()).toBe(1);
    const html = async (id: string) => ctx.handle.db.selectFrom('own_flashcards').select(['front_html', 'back_html']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(await html(first!)).toEqual({ front_html: '<p>a&lt;b en c&gt;d</p>\n', back_html: '<p>if x&lt;y and y&gt;z:</p>\n' });
    expect((await html(second!)).front_html).toBe('<p>gewoon</p>\n');
    // a second run finds nothing to change
    expect(await own.rerenderAngleBrackets()).toBe(0);
    // the job is queued once, whatever the number of starts
    const queued = await ctx.handle.db.selectFrom('jobs').select('name').where('name', '=', 'own-cards.rerender').execute();
    expect(queued).toHaveLength(1);
  });
});

describe('the work threads', () => {
  it('give one student at most her share, and a full queue answers 429', async () => {
    const pool = new WorkPool({ threads: 1, queue: 1, perStudent: 1, timeoutMs: 30_000, heapMb: 128, idleMs: 1_000 });
    try {
      const first = pool.run('renderOwnCardSides', ['**a**'], { owner: 'anna' });
      // her second while the first runs
      await expect(pool.run('renderOwnCardSides', ['b'], { owner: 'anna' })).rejects.toMatchObject({ code: 'too_many_requests', headers: { 'retry-after': '5' } });
      // another student waits for the one thread; a third finds the queue full
      const second = pool.run('renderOwnCardSides', ['_c_'], { owner: 'bram' });
      await expect(pool.run('renderOwnCardSides', ['d'], { owner: 'cato' })).rejects.toMatchObject({ code: 'too_many_requests' });
      expect(await first).toEqual(['<p><strong>a</strong></p>\n']);
      expect(await second).toEqual(['<p><em>c</em></p>\n']);
      // her turn again once hers is done
      expect(await pool.run('renderOwnCardSides', ['e'], { owner: 'anna' })).toEqual(['<p>e</p>\n']);
    } finally {
      pool.close();
    }
  });
});
