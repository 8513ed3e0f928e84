import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FlashcardSession, OwnCard, OwnSetDetail, OwnSetList } from '@blok/contract';
import { importContent } from '../../src/content/importer.ts';
import { DIALECTS, type TestContext } from '../helpers.ts';
import { SUBJECT, flashcardsApp, student } from '../flashcards/support.ts';

type Student = Awaited<ReturnType<typeof student>>;

/** A write with a fresh Idempotency-Key (or the one given), as the web client sends it. */
const write = (s: Student, method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, key: string = randomUUID()) =>
  s.call(method, url, payload, { 'idempotency-key': key });

async function newSet(s: Student, body: Record<string, unknown> = {}): Promise<OwnSetDetail> {
  const res = await write(s, 'POST', '/api/own-flashcard-sets', { title: 'Mijn begrippen', ...body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

async function newCard(s: Student, setId: string, body: Record<string, unknown> = {}): Promise<OwnCard> {
  const res = await write(s, 'POST', `/api/own-flashcard-sets/${setId}/cards`, { front: 'Voorkant', back: 'Achterkant', ...body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

async function detail(s: Student, setId: string): Promise<OwnSetDetail> {
  const res = await s.call('GET', `/api/own-flashcard-sets/${setId}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

const userIdOf = async (s: Student): Promise<string> => (await s.call('GET', '/api/user/profile')).json().id;

const png = (width: number, height: number) => sharp({ create: { width, height, channels: 3, background: '#3366cc' } }).png().toBuffer();

describe.each(DIALECTS)('own flashcards on %s', (dialect) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await flashcardsApp(dialect, { LEITNER_ENABLED: 'true' });
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('creates, edits, reorders and deletes her sets and cards, each write replayed by its Idempotency-Key', async () => {
    const s = await student(ctx.app);
    expect((await s.call('GET', '/api/own-flashcard-sets')).json()).toMatchObject({ sets: [], limits: { sets: 200, cardsPerSet: 1000, cards: 10000, cardCount: 0 } });

    // a set in a subject, created once however often the same request is retried
    const key = randomUUID();
    const first = await write(s, 'POST', '/api/own-flashcard-sets', { title: '  Economie  ', subjectId: SUBJECT }, key);
    const again = await write(s, 'POST', '/api/own-flashcard-sets', { title: '  Economie  ', subjectId: SUBJECT }, key);
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json().id).toBe(first.json().id);
    const other = await write(s, 'POST', '/api/own-flashcard-sets', { title: 'Anders' }, key);
    expect(other.statusCode).toBe(422);
    const economie = first.json() as OwnSetDetail;
    expect(economie).toMatchObject({ title: 'Economie', subjectId: SUBJECT, subjectTitle: 'Kaartenvak', cardCount: 0, shared: false, cards: [], share: null });

    const personal = await newSet(s, { title: 'Persoonlijk' });
    expect(personal).toMatchObject({ subjectId: null, subjectTitle: null, sortIndex: 1 });
    expect((await write(s, 'POST', '/api/own-flashcard-sets', { title: 'X', subjectId: 'bestaat-niet' })).statusCode).toBe(404);
    const blank = await write(s, 'POST', '/api/own-flashcard-sets', { title: '   ' });
    expect(blank.statusCode).toBe(400);

    // cards with the demo cards' Markdown, sanitized
    const cardKey = randomUUID();
    const a = await write(s, 'POST', `/api/own-flashcard-sets/${economie.id}/cards`, { front: 'Wat is **schaarste**?', back: 'Te weinig middelen <script>alert(1)</script>\n\n![x](images/a.png)' }, cardKey);
    const aAgain = await write(s, 'POST', `/api/own-flashcard-sets/${economie.id}/cards`, { front: 'Wat is **schaarste**?', back: 'Te weinig middelen <script>alert(1)</script>\n\n![x](images/a.png)' }, cardKey);
    expect(a.statusCode, a.body).toBe(201);
    expect(aAgain.json().id).toBe(a.json().id);
    const cardA = a.json() as OwnCard;
    expect(cardA.front).toEqual({ markdown: 'Wat is **schaarste**?', html: '<p>Wat is <strong>schaarste</strong>?</p>\n', pictureUrl: null });
    expect(cardA.back.html).not.toContain('<script');
    expect(cardA.back.html).not.toContain('<img');
    const cardB = await newCard(s, economie.id, { front: 'Opportuniteitskosten', back: 'Wat je opgeeft' });
    const cardC = await newCard(s, economie.id, { front: 'Marginaal', back: 'Een eenheid meer' });
    expect((await write(s, 'POST', `/api/own-flashcard-sets/${economie.id}/cards`, { front: ' ', back: 'x' })).statusCode).toBe(400);
    expect((await write(s, 'POST', `/api/own-flashcard-sets/${economie.id}/cards`, { front: 'x'.repeat(2001), back: 'x' })).statusCode).toBe(400);

    // edit
    const edited = await write(s, 'PUT', `/api/own-flashcards/${cardB.id}`, { front: 'Opportuniteitskosten', back: 'De beste *gemiste* kans' });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().back.html).toBe('<p>De beste <em>gemiste</em> kans</p>\n');

    // reorder: every card once
    const order = [cardC.id, cardA.id, cardB.id];
    const reordered = await write(s, 'PUT', `/api/own-flashcard-sets/${economie.id}/card-order`, { cardIds: order });
    expect(reordered.statusCode, reordered.body).toBe(200);
    expect((reordered.json() as OwnSetDetail).cards.map((c) => c.id)).toEqual(order);
    expect((await write(s, 'PUT', `/api/own-flashcard-sets/${economie.id}/card-order`, { cardIds: [cardC.id, cardA.id] })).statusCode).toBe(400);
    const sets = await write(s, 'PUT', '/api/own-flashcard-sets/order', { setIds: [personal.id, economie.id] });
    expect((sets.json() as OwnSetList).sets.map((x) => x.id)).toEqual([personal.id, economie.id]);

    // rename and move out of the subject
    const moved = await write(s, 'PUT', `/api/own-flashcard-sets/${economie.id}`, { title: 'Economie H1', description: 'Begrippen', subjectId: null });
    expect(moved.json()).toMatchObject({ title: 'Economie H1', description: 'Begrippen', subjectId: null, cardCount: 3 });

    // delete a card, then the set (its cards go with it)
    const del = await write(s, 'DELETE', `/api/own-flashcards/${cardA.id}`);
    expect(del.statusCode).toBe(204);
    expect((await detail(s, economie.id)).cards.map((c) => c.id)).toEqual([cardC.id, cardB.id]);
    expect((await write(s, 'DELETE', `/api/own-flashcard-sets/${economie.id}`)).statusCode).toBe(204);
    expect((await s.call('GET', `/api/own-flashcard-sets/${economie.id}`)).statusCode).toBe(404);
    expect((await s.call('GET', '/api/own-flashcard-sets')).json().sets.map((x: { id: string }) => x.id)).toEqual([personal.id]);
  });

  it('answers 404 for another student’s sets, cards, pictures and sessions, and changes nothing', async () => {
    const owner = await student(ctx.app);
    const other = await student(ctx.app);
    const set = await newSet(owner);
    const card = await newCard(owner, set.id);
    const session = (await write(owner, 'POST', `/api/own-flashcard-sets/${set.id}/sessions`, {})).json() as FlashcardSession;
    const attempts = [
      other.call('GET', `/api/own-flashcard-sets/${set.id}`),
      write(other, 'PUT', `/api/own-flashcard-sets/${set.id}`, { title: 'Van mij', description: '', subjectId: null }),
      write(other, 'DELETE', `/api/own-flashcard-sets/${set.id}`),
      write(other, 'POST', `/api/own-flashcard-sets/${set.id}/cards`, { front: 'a', back: 'b' }),
      write(other, 'PUT', `/api/own-flashcard-sets/${set.id}/card-order`, { cardIds: [card.id] }),
      write(other, 'POST', `/api/own-flashcard-sets/${set.id}/share`),
      write(other, 'DELETE', `/api/own-flashcard-sets/${set.id}/share`),
      write(other, 'POST', `/api/own-flashcard-sets/${set.id}/sessions`, {}),
      write(other, 'PUT', `/api/own-flashcards/${card.id}`, { front: 'a', back: 'b' }),
      write(other, 'DELETE', `/api/own-flashcards/${card.id}`),
      write(other, 'DELETE', `/api/own-flashcards/${card.id}/pictures/front`),
      write(other, 'PUT', `/api/flashcards/${card.id}/favorite`),
      other.call('GET', `/api/flashcard-sessions/${session.id}`),
      write(other, 'POST', `/api/flashcard-sessions/${session.id}/answer`, { position: 0, known: true }),
    ];
    for (const res of await Promise.all(attempts)) expect(res.statusCode, res.body).toBe(404);
    const picture = await ctx.app.inject({
      method: 'PUT',
      url: `/api/own-flashcards/${card.id}/pictures/front`,
      headers: { ...other.headers, 'content-type': 'image/png', 'idempotency-key': randomUUID() },
      payload: await png(20, 20),
    });
    expect(picture.statusCode).toBe(404);
    expect((await other.call('GET', '/api/own-flashcard-sets')).json().sets).toEqual([]);
    const still = await detail(owner, set.id);
    expect(still).toMatchObject({ title: 'Mijn begrippen', share: null });
    expect(still.cards).toEqual([card]);
  });

  it('puts a set only in a subject of her library (else 404, like an unknown subject); a set whose subject left it keeps working', async () => {
    // fx-plan-ander is economics' (bachelor 1); the test students study psychology
    await importContent(ctx.handle.db, join(import.meta.dirname, '..', 'fixtures', 'plan-courses'), { dialect });
    const OTHER = 'fx-plan-ander';
    const s = await student(ctx.app);
    const unknown = await write(s, 'POST', '/api/own-flashcard-sets', { title: 'X', subjectId: 'bestaat-niet' });
    const outside = await write(s, 'POST', '/api/own-flashcard-sets', { title: 'Anatomie', subjectId: OTHER });
    expect(outside.statusCode, outside.body).toBe(404);
    expect(outside.json()).toEqual(unknown.json());
    expect(outside.json().error).toBe('not_found');

    // nor moved there
    const mine = await newSet(s, { title: 'Mijn vak', subjectId: SUBJECT });
    const personal = await newSet(s, { title: 'Persoonlijk' });
    for (const set of [mine, personal]) {
      const moved = await write(s, 'PUT', `/api/own-flashcard-sets/${set.id}`, { title: set.title, description: '', subjectId: OTHER });
      expect(moved.statusCode, moved.body).toBe(404);
      expect(moved.json()).toEqual(unknown.json());
    }
    expect((await detail(s, mine.id)).subjectId).toBe(SUBJECT);
    expect((await detail(s, personal.id)).subjectId).toBeNull();

    // once she adds it to her library, it is hers to use
    expect((await write(s, 'PUT', `/api/library/${OTHER}`)).statusCode).toBe(204);
    const added = await write(s, 'POST', '/api/own-flashcard-sets', { title: 'Economie', subjectId: OTHER });
    expect(added.statusCode, added.body).toBe(201);
    const economie = added.json() as OwnSetDetail;
    // a classmate without it copies the shared set among her personal sets
    await newCard(s, economie.id);
    const token = (await write(s, 'POST', `/api/own-flashcard-sets/${economie.id}/share`)).json().token as string;
    const classmate = await student(ctx.app);
    const copied = await write(classmate, 'POST', `/api/shared-flashcard-sets/${token}/copy`);
    expect(copied.statusCode, copied.body).toBe(201);
    expect(copied.json()).toMatchObject({ title: 'Economie', subjectId: null, cardCount: 1 });

    // she removes both subjects again: her sets in them keep working, renamed in place, with new cards
    expect((await write(s, 'DELETE', `/api/library/${OTHER}`)).statusCode).toBe(204);
    expect((await write(s, 'DELETE', `/api/library/${SUBJECT}`)).statusCode).toBe(204);
    for (const [set, subjectId] of [[economie, OTHER], [mine, SUBJECT]] as const) {
      expect(await detail(s, set.id)).toMatchObject({ subjectId });
      const renamed = await write(s, 'PUT', `/api/own-flashcard-sets/${set.id}`, { title: 'Hernoemd', description: 'Nog steeds', subjectId });
      expect(renamed.statusCode, renamed.body).toBe(200);
      expect(renamed.json()).toMatchObject({ title: 'Hernoemd', subjectId });
      await newCard(s, set.id);
    }
    // but no new set goes into a subject she removed, and a set cannot move into it from elsewhere
    expect((await write(s, 'POST', '/api/own-flashcard-sets', { title: 'Y', subjectId: SUBJECT })).statusCode).toBe(404);
    expect((await write(s, 'PUT', `/api/own-flashcard-sets/${economie.id}`, { title: 'Z', description: '', subjectId: SUBJECT })).statusCode).toBe(404);
    // moving out of the subject stays possible
    expect((await write(s, 'PUT', `/api/own-flashcard-sets/${economie.id}`, { title: 'Z', description: '', subjectId: null })).json()).toMatchObject({ subjectId: null });
    expect((await write(s, 'PUT', `/api/library/${SUBJECT}`)).statusCode).toBe(204);
  });

  it('keeps a picture per side like the profile picture: checked, re-encoded to WebP, served at its own URL, replaced and removed', async () => {
    const s = await student(ctx.app);
    const set = await newSet(s);
    const card = await newCard(s, set.id);
    const put = (body: Buffer, type: string) =>
      ctx.app.inject({ method: 'PUT', url: `/api/own-flashcards/${card.id}/pictures/back`, headers: { ...s.headers, 'content-type': type, 'idempotency-key': randomUUID() }, payload: body });
    const res = await put(await png(3000, 1500), 'image/png');
    expect(res.statusCode, res.body).toBe(200);
    const url = (res.json() as OwnCard).back.pictureUrl!;
    expect(url).toMatch(/^\/api\/own-card-pictures\/[0-9a-f-]{36}$/);
    const image = await ctx.app.inject({ method: 'GET', url });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/webp');
    const meta = await sharp(image.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 1200, 600]);

    // a file that lies about its type, and one too large, are refused with Dutch messages
    const lie = await put(Buffer.from('GIF89a not a png at all'), 'image/png');
    expect(lie.statusCode).toBe(415);
    expect(lie.json().error_description).toBe('Kies een afbeelding in jpg, png of webp.');
    const big = await put(Buffer.alloc(5 * 1024 * 1024 + 1, 1), 'image/png');
    expect(big.statusCode).toBe(413);

    // a new picture replaces the old one, which is gone
    const second = await put(await png(40, 40), 'image/png');
    expect(second.statusCode).toBe(200);
    expect((await ctx.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    const removed = await write(s, 'DELETE', `/api/own-flashcards/${card.id}/pictures/back`);
    expect(removed.json().back.pictureUrl).toBeNull();
  });

  it('links a card to a chapter and its summary, and refuses an unknown chapter', async () => {
    const s = await student(ctx.app);
    const set = await newSet(s, { subjectId: SUBJECT });
    const linked = await newCard(s, set.id, { back: 'Uit de lezer', chapterId: 'fx-kaarten-h1' });
    expect(linked).toMatchObject({ chapterId: 'fx-kaarten-h1', summaryId: 'fx-kaarten-samenvatting' });
    expect((await write(s, 'POST', `/api/own-flashcard-sets/${set.id}/cards`, { front: 'a', back: 'b', chapterId: 'geen-hoofdstuk' })).statusCode).toBe(404);
    expect((await write(s, 'POST', `/api/own-flashcard-sets/${set.id}/cards`, { front: 'a', back: 'b', chapterId: 'fx-kaarten-h1', summaryId: 'andere' })).statusCode).toBe(404);
    const counts = await ctx.app.services.ownCards.chapterCards(await userIdOf(s), ['fx-kaarten-h1']);
    expect(counts.get('fx-kaarten-h1')).toEqual({ cards: 1, known: 0 });
  });

  it('shares a set by link: a classmate previews and copies it, the owner revokes it, then the link says so', async () => {
    const owner = await student(ctx.app);
    const classmate = await student(ctx.app);
    const set = await newSet(owner, { title: 'Deelbaar', subjectId: SUBJECT });
    await newCard(owner, set.id, { front: 'Een', back: 'One' });
    const withPicture = await newCard(owner, set.id, { front: 'Twee', back: 'Two' });
    const pic = await ctx.app.inject({
      method: 'PUT',
      url: `/api/own-flashcards/${withPicture.id}/pictures/front`,
      headers: { ...owner.headers, 'content-type': 'image/png', 'idempotency-key': randomUUID() },
      payload: await png(30, 30),
    });
    expect(pic.statusCode).toBe(200);

    const share = await write(owner, 'POST', `/api/own-flashcard-sets/${set.id}/share`);
    expect(share.statusCode).toBe(200);
    const { token } = share.json() as { token: string };
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // the same link again while it is active
    expect((await write(owner, 'POST', `/api/own-flashcard-sets/${set.id}/share`)).json().token).toBe(token);
    expect((await detail(owner, set.id)).share?.token).toBe(token);

    // signed in only
    expect((await ctx.app.inject({ method: 'GET', url: `/api/shared-flashcard-sets/${token}` })).statusCode).toBe(401);
    const preview = await classmate.call('GET', `/api/shared-flashcard-sets/${token}`);
    expect(preview.statusCode).toBe(200);
    expect(preview.json()).toMatchObject({ title: 'Deelbaar', subjectTitle: 'Kaartenvak', cardCount: 2 });

    const copyKey = randomUUID();
    const copied = await write(classmate, 'POST', `/api/shared-flashcard-sets/${token}/copy`, undefined, copyKey);
    expect(copied.statusCode, copied.body).toBe(201);
    const copy = copied.json() as OwnSetDetail;
    expect((await write(classmate, 'POST', `/api/shared-flashcard-sets/${token}/copy`, undefined, copyKey)).json().id).toBe(copy.id);
    expect(copy.id).not.toBe(set.id);
    expect(copy).toMatchObject({ title: 'Deelbaar', subjectId: SUBJECT, cardCount: 2, share: null });
    expect(copy.cards.map((c) => c.front.markdown)).toEqual(['Een', 'Twee']);
    // her own picture row: the owner deleting hers leaves the copy's
    const copyPicture = copy.cards[1]!.front.pictureUrl!;
    expect(copyPicture).not.toBe((await detail(owner, set.id)).cards[1]!.front.pictureUrl);
    expect((await classmate.call('GET', '/api/own-flashcard-sets')).json().sets).toHaveLength(1);
    // the original is still not hers to read
    expect((await classmate.call('GET', `/api/own-flashcard-sets/${set.id}`)).statusCode).toBe(404);

    // revoke: the link answers 410 with a clear message; the copy stays
    const revoked = await write(owner, 'DELETE', `/api/own-flashcard-sets/${set.id}/share`);
    expect(revoked.json()).toMatchObject({ share: null, shared: false });
    const late = await classmate.call('GET', `/api/shared-flashcard-sets/${token}`);
    expect(late.statusCode).toBe(410);
    expect(late.json()).toMatchObject({ error: 'share_link_revoked', error_description: 'Deze link is ingetrokken door wie de set deelde. Vraag om een nieuwe link.' });
    expect((await write(classmate, 'POST', `/api/shared-flashcard-sets/${token}/copy`)).statusCode).toBe(410);
    expect((await classmate.call('GET', `/api/shared-flashcard-sets/${'A'.repeat(43)}`)).statusCode).toBe(404);
    await write(owner, 'DELETE', `/api/own-flashcard-sets/${set.id}`);
    expect((await detail(classmate, copy.id)).cardCount).toBe(2);
    expect((await ctx.app.inject({ method: 'GET', url: copyPicture })).statusCode).toBe(200);
    // a new link after revoking is another token
    const again = await newSet(owner);
    const t1 = (await write(owner, 'POST', `/api/own-flashcard-sets/${again.id}/share`)).json().token;
    await write(owner, 'DELETE', `/api/own-flashcard-sets/${again.id}/share`);
    expect((await write(owner, 'POST', `/api/own-flashcard-sets/${again.id}/share`)).json().token).not.toBe(t1);
  });

  it('studies her set through the flashcard sessions: answers, only unknown, favorites, repeat and FSRS', async () => {
    const s = await student(ctx.app);
    const set = await newSet(s, { title: 'Studeren' });
    const cards = [await newCard(s, set.id, { front: 'A', back: 'a' }), await newCard(s, set.id, { front: 'B', back: 'b' }), await newCard(s, set.id, { front: 'C', back: 'c' })];
    const start = async (body: Record<string, unknown> = {}) => {
      const res = await write(s, 'POST', `/api/own-flashcard-sets/${set.id}/sessions`, body);
      expect(res.statusCode, res.body).toBe(201);
      return res.json() as FlashcardSession;
    };

    const session = await start({ firstSide: 'back' });
    expect(session).toMatchObject({ source: 'set', flashcardSetId: set.id, title: 'Studeren', subjectId: '', firstSide: 'back', cardCount: 3, currentIndex: 0 });
    expect(session.cards.map((c) => c.flashcardId)).toEqual(cards.map((c) => c.id));
    expect(session.cards[0]!.front.html).toBe('<p>A</p>\n');
    // the same answer route, idempotent like a catalogue session's
    const key = randomUUID();
    const answered = await s.answer(session.id, 0, true, key);
    expect(answered).toMatchObject({ currentIndex: 1, knownCount: 1 });
    expect((await s.answer(session.id, 0, true, key)).currentIndex).toBe(1);
    await s.answer(session.id, 1, false);
    expect((await detail(s, set.id)).study.sessionId).toBe(session.id);
    const ended = await s.answer(session.id, 2, true);
    expect(ended).toMatchObject({ finished: true, knownCount: 2, unknownCount: 1 });
    const afterEnd = await detail(s, set.id);
    expect(afterEnd).toMatchObject({ knownCount: 2, progress: 67 });
    expect(afterEnd.study.sessionId).toBeNull();
    expect(afterEnd.cards.map((c) => c.known)).toEqual([true, false, true]);

    const repeat = await write(s, 'POST', `/api/flashcard-sessions/${session.id}/repeat`);
    expect(repeat.statusCode).toBe(201);
    expect((repeat.json() as FlashcardSession).cards.map((c) => c.flashcardId)).toEqual([cards[1]!.id]);

    const unknownOnly = await start({ onlyUnknown: true });
    expect(unknownOnly.cards.map((c) => c.flashcardId)).toEqual([cards[1]!.id]);

    // favorites through the existing star route
    expect((await write(s, 'POST', `/api/own-flashcard-sets/${set.id}/sessions`, { source: 'favorites' })).statusCode).toBe(409);
    expect(await s.favorite(cards[2]!.id)).toEqual({ flashcardId: cards[2]!.id, isFavorite: true });
    const favorites = await start({ source: 'favorites' });
    expect(favorites).toMatchObject({ source: 'favorites', title: 'Favorieten: Studeren', cardCount: 1 });
    expect(favorites.cards[0]!.isFavorite).toBe(true);
    expect((await detail(s, set.id)).study.favorites).toMatchObject({ cardCount: 1, knownCount: 1, sessionId: favorites.id });

    // FSRS (the flag is on in this app): all three are new, rated through the existing rate route
    expect((await detail(s, set.id)).study.review).toMatchObject({ dueCount: 0, newCount: 3, newCardsPerDay: 20 });
    const review = await start({ source: 'review', timeZone: 'Europe/Amsterdam' });
    expect(review).toMatchObject({ source: 'review', cardCount: 3 });
    expect(review.cards[0]!.intervals).not.toBeNull();
    const rated = await write(s, 'POST', `/api/flashcard-sessions/${review.id}/rate`, { position: 0, rating: 1, scheduleVersion: 0, durationMs: 1000, timeZone: 'Europe/Amsterdam' });
    expect(rated.statusCode, rated.body).toBe(200);
    expect((await write(s, 'POST', `/api/flashcard-sessions/${review.id}/rate`, { position: 1, rating: 3, scheduleVersion: 1, durationMs: 1000, timeZone: 'Europe/Amsterdam' })).statusCode).toBe(409);
    const study = (await detail(s, set.id)).study.review!;
    // 'Opnieuw' is due again within minutes, today; two new cards left of today's 20 minus the one started
    expect(study).toMatchObject({ dueCount: 1, newCount: 2, sessionId: review.id });
    const logs = await ctx.handle.db.selectFrom('flashcard_review_logs').select(['flashcard_id', 'review_rating', 'review_state']).where('flashcard_id', '=', cards[0]!.id).execute();
    expect(logs).toEqual([{ flashcard_id: cards[0]!.id, review_rating: 1, review_state: 0 }]);

    // an empty set has nothing to study
    const empty = await newSet(s, { title: 'Leeg' });
    const none = await write(s, 'POST', `/api/own-flashcard-sets/${empty.id}/sessions`, {});
    expect(none.statusCode).toBe(409);
  });

  it('keeps tags on her cards: set on a new card, kept or replaced on an edit, copied with a shared set, checked', async () => {
    const s = await student(ctx.app);
    const set = await newSet(s);
    const card = await newCard(s, set.id, { tags: ['biologie', 'cel::kern', 'Biologie'] });
    // each once, case-insensitively
    expect(card.tags).toEqual(['biologie', 'cel::kern']);
    const plain = await newCard(s, set.id);
    expect(plain.tags).toEqual([]);

    // the web editor sends no tags: an edit keeps them; sent, they replace them
    const edited = await write(s, 'PUT', `/api/own-flashcards/${card.id}`, { front: 'Nieuw', back: 'Achter' });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().tags).toEqual(['biologie', 'cel::kern']);
    const retagged = await write(s, 'PUT', `/api/own-flashcards/${card.id}`, { front: 'Nieuw', back: 'Achter', tags: ['examen'] });
    expect(retagged.json().tags).toEqual(['examen']);
    expect((await detail(s, set.id)).cards.map((c) => c.tags)).toEqual([['examen'], []]);

    for (const tags of [['met spatie'], ['x'.repeat(61)], Array.from({ length: 21 }, (_, i) => `t${i}`)]) {
      const bad = await write(s, 'PUT', `/api/own-flashcards/${card.id}`, { front: 'Nieuw', back: 'Achter', tags });
      expect(bad.statusCode).toBe(400);
    }
    expect((await detail(s, set.id)).cards[0]!.tags).toEqual(['examen']);

    // a classmate's copy has the tags too; nobody else reads the card
    const token = (await write(s, 'POST', `/api/own-flashcard-sets/${set.id}/share`)).json().token as string;
    const classmate = await student(ctx.app);
    const copy = (await write(classmate, 'POST', `/api/shared-flashcard-sets/${token}/copy`)).json() as OwnSetDetail;
    expect(copy.cards.map((c) => c.tags)).toEqual([['examen'], []]);
    expect((await write(classmate, 'PUT', `/api/own-flashcards/${card.id}`, { front: 'x', back: 'y', tags: ['weg'] })).statusCode).toBe(404);
  });

  it('creates a set with many cards in one transaction for import, all or nothing, and reads it back for export', async () => {
    const s = await student(ctx.app);
    const userId = await userIdOf(s);
    const own = ctx.app.services.ownCards;
    const before = (await s.call('GET', '/api/own-flashcard-sets')).json().sets.length;
    const picture = { data: await png(50, 20), type: 'image/png' };
    const made = await own.createSetWithCards(userId, { title: 'Geïmporteerd', subjectId: SUBJECT }, [
      { front: 'Term 1', back: 'Definitie 1', tags: ['anki', 'deel::een'] },
      { front: '', back: 'Alleen tekst achter', frontPicture: picture },
      { front: 'Term 3', back: '*Definitie* 3', chapterId: 'fx-kaarten-h1' },
    ]);
    expect(made).toMatchObject({ title: 'Geïmporteerd', cardCount: 3 });
    expect(made.cards.map((c) => c.tags)).toEqual([['anki', 'deel::een'], [], []]);
    expect(made.cards[1]!.front.pictureUrl).toMatch(/^\/api\/own-card-pictures\//);
    expect(made.cards[2]!).toMatchObject({ chapterId: 'fx-kaarten-h1', back: { html: '<p><em>Definitie</em> 3</p>\n' } });

    // one bad card (a picture that is not one): nothing is stored
    const count = async () => Number((await ctx.handle.db.selectFrom('own_flashcards').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
    const cardsBefore = await count();
    await expect(
      own.createSetWithCards(userId, { title: 'Kapot' }, [
        { front: 'Goed', back: 'Goed' },
        { front: 'Slecht', back: 'x', backPicture: { data: Buffer.from('nep'), type: 'image/png' } },
      ]),
    ).rejects.toMatchObject({ code: 'unsupported_file_type', message: 'Kaart 2: Kies een afbeelding in jpg, png of webp.' });
    await expect(own.createSetWithCards(userId, { title: 'Hoofdstuk weg' }, [{ front: 'a', back: 'b' }, { front: 'a', back: 'b', chapterId: 'weg' }])).rejects.toMatchObject({ code: 'not_found' });
    await expect(own.createSetWithCards(userId, { title: 'Te veel' }, Array.from({ length: 1001 }, () => ({ front: 'a', back: 'b' })))).rejects.toMatchObject({ code: 'limit_reached' });
    await expect(own.createSetWithCards(userId, { title: 'Leeg' }, [{ front: ' ', back: 'b' }])).rejects.toMatchObject({ message: 'Kaart 1: de voorkant is leeg.' });
    expect(await count()).toBe(cardsBefore);
    expect((await s.call('GET', '/api/own-flashcard-sets')).json().sets.length).toBe(before + 1);

    const exported = await own.exportSet(userId, made.id);
    expect(exported.set).toMatchObject({ title: 'Geïmporteerd', subjectId: SUBJECT, subjectTitle: 'Kaartenvak' });
    expect(exported.cards.map((c) => [c.front, c.back])).toEqual([
      ['Term 1', 'Definitie 1'],
      ['', 'Alleen tekst achter'],
      ['Term 3', '*Definitie* 3'],
    ]);
    expect(exported.cards.map((c) => c.tags)).toEqual([['anki', 'deel::een'], [], []]);
    expect(exported.cards[1]!.frontPicture?.mime).toBe('image/webp');
    expect((await sharp(exported.cards[1]!.frontPicture!.data).metadata()).width).toBe(50);
    const strangerId = await userIdOf(await student(ctx.app));
    await expect(own.exportSet(strangerId, made.id)).rejects.toMatchObject({ code: 'not_found' });
  });
});
