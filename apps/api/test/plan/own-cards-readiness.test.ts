import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { FlashcardSession, OwnSetDetail } from '@blok/contract';
import { DIALECTS } from '../helpers.ts';
import { SUBJECT, chapterOf, planSuite, student } from './support.ts';

// Thursday 26 November 2026, 10:00 in Amsterdam.
const NOW = new Date('2026-11-26T09:00:00Z');

type Student = Awaited<ReturnType<typeof student>>;

const write = (s: Student, method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) => s.call(method, url, payload, { 'idempotency-key': randomUUID() });

/** Her own set in fx-plan with `count` cards, linked to chapter fx-plan-h3 (or to no chapter). */
async function ownSet(s: Student, count: number, chapterId: string | null = 'fx-plan-h3'): Promise<OwnSetDetail> {
  const set = await write(s, 'POST', '/api/own-flashcard-sets', { title: 'Mijn kaarten', subjectId: SUBJECT });
  expect(set.statusCode, set.body).toBe(201);
  const id = set.json().id as string;
  for (let i = 0; i < count; i++) {
    const card = await write(s, 'POST', `/api/own-flashcard-sets/${id}/cards`, { front: `Begrip ${i + 1}`, back: 'Uitleg', ...(chapterId ? { chapterId } : {}) });
    expect(card.statusCode, card.body).toBe(201);
  }
  return (await s.call('GET', `/api/own-flashcard-sets/${id}`)).json();
}

/** Goes through her own set: 'Wist ik' for the first `known` cards, 'Wist ik niet' for the rest. */
async function study(s: Student, setId: string, known: number, count: number) {
  const res = await write(s, 'POST', `/api/own-flashcard-sets/${setId}/sessions`, {});
  expect(res.statusCode, res.body).toBe(201);
  const session = res.json() as FlashcardSession;
  for (let i = 0; i < count; i++) {
    const answer = await write(s, 'POST', `/api/flashcard-sessions/${session.id}/answer`, { position: i, known: i < known });
    expect(answer.statusCode, answer.body).toBe(200);
  }
}

describe.each(DIALECTS)('her own flashcards in readiness on %s', (dialect) => {
  const suite = planSuite(dialect, NOW);

  it('counts her own cards linked to a chapter, but as self-report: no graded answer, "nog niet getoetst"', async () => {
    const s = await student(suite.ctx.app);
    const before = await s.readiness();
    expect(chapterOf(before, 3)).toMatchObject({ cardCount: 0, ownCardCount: 0, readiness: null, reason: 'Hoofdstuk 3: nog niet getoetst' });

    const set = await ownSet(s, 4);
    const linked = await s.readiness();
    expect(chapterOf(linked, 3)).toMatchObject({ cardCount: 4, cardsKnown: 0, ownCardCount: 4, ownCardsKnown: 0, readiness: null });

    await study(s, set.id, 3, 4);
    const known = await s.readiness();
    // "Wist ik" is her own verdict, not a graded answer (decision 035): counted, not a percentage.
    expect(chapterOf(known, 3)).toMatchObject({ cardCount: 4, cardsKnown: 3, ownCardsKnown: 3, readiness: null, gradedAnswers: 0, reason: 'Hoofdstuk 3: nog niet getoetst' });
    expect(known.readiness).toBeNull();
    expect(known.expectedGrade).toBeNull();

    // Not known any more: her latest verdict counts, never added up.
    await study(s, set.id, 0, 4);
    expect(chapterOf(await s.readiness(), 3)).toMatchObject({ cardCount: 4, cardsKnown: 0, readiness: null });
  });

  it("adds her own cards to a chapter's cards, and leaves chapters they are not linked to alone", async () => {
    const s = await student(suite.ctx.app);
    await s.readiness();
    await s.flipCards(2, 3, 3); // all 3 of chapter 2's cards known
    const set = await ownSet(s, 3, 'fx-plan-h2');
    await ownSet(s, 5, null); // in the subject, not linked to a chapter: counts for no chapter
    const r = await s.readiness();
    expect(chapterOf(r, 2)).toMatchObject({ cardCount: 6, cardsKnown: 3, ownCardCount: 3, ownCardsKnown: 0, reason: 'Hoofdstuk 2: nog niet getoetst' });
    expect(chapterOf(r, 1)).toMatchObject({ cardCount: 12, ownCardCount: 0 });
    expect(chapterOf(r, 3)).toMatchObject({ cardCount: 0, ownCardCount: 0 });
    await study(s, set.id, 3, 3);
    expect(chapterOf(await s.readiness(), 2)).toMatchObject({ cardCount: 6, cardsKnown: 6, readiness: null });
  });

  it("does not count another student's own cards, and keeps today's cards tasks to the chapter's cards", async () => {
    const a = await student(suite.ctx.app);
    const b = await student(suite.ctx.app);
    await ownSet(a, 4, 'fx-plan-h1');
    expect(chapterOf(await b.readiness(), 1)).toMatchObject({ cardCount: 12, ownCardCount: 0 });
    expect(chapterOf(await a.readiness(), 1)).toMatchObject({ cardCount: 16, ownCardCount: 4 });
    await a.savePlan({ examDate: null, minutesPerDay: 60 });
    const cards = (await a.today()).subjects[0]!.tasks.filter((t) => t.kind === 'cards' && t.chapterId === 'fx-plan-h1');
    // A cards task of chapter 1 ticks off from its sessions: at most its 12 cards, not her 4 own.
    expect(cards.map((t) => t.target)).toEqual([12]);
  });
});
