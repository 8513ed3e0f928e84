import { randomUUID } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import type { FlashcardSession, OwnSetDetail, PlanTask, TodayPlan } from '@blok/contract';
import { DIALECTS } from '../helpers.ts';
import { SUBJECT, planSuite, student } from './support.ts';

// Issue 27 with issue 28, decision 021: her own flashcard sets of a subject as tasks of today's
// plan, asked of the own-cards service. Thursday 26 November 2026, 10:00 in Amsterdam.
const NOW = new Date('2026-11-26T09:00:00Z');
const TZ = 'Europe/Amsterdam';

type Student = Awaited<ReturnType<typeof student>>;

const write = (s: Student, method: 'POST' | 'PUT', url: string, payload?: unknown) => s.call(method, url, payload ?? {}, { 'idempotency-key': randomUUID() });

/** Her own set with `count` cards, in fx-plan (or personal with subjectId null). */
async function ownSet(s: Student, count: number, title = 'Mijn kaarten', subjectId: string | null = SUBJECT): Promise<OwnSetDetail> {
  const set = await write(s, 'POST', '/api/own-flashcard-sets', { title, ...(subjectId ? { subjectId } : {}) });
  expect(set.statusCode, set.body).toBe(201);
  const id = set.json().id as string;
  for (let i = 0; i < count; i++) {
    const card = await write(s, 'POST', `/api/own-flashcard-sets/${id}/cards`, { front: `Begrip ${i + 1}`, back: 'Uitleg' });
    expect(card.statusCode, card.body).toBe(201);
  }
  return (await s.call('GET', `/api/own-flashcard-sets/${id}`)).json();
}

async function startSession(s: Student, setId: string, body: object = {}): Promise<FlashcardSession> {
  const res = await write(s, 'POST', `/api/own-flashcard-sets/${setId}/sessions`, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

/** Goes through the first `count` cards of her set: 'Wist ik' for the first `known`, 'Wist ik niet' for the rest. */
async function study(s: Student, setId: string, known: number, count: number) {
  const session = await startSession(s, setId);
  for (let i = 0; i < count; i++) {
    const res = await write(s, 'POST', `/api/flashcard-sessions/${session.id}/answer`, { position: i, known: i < known });
    expect(res.statusCode, res.body).toBe(200);
  }
}

/** Rates the cards of a review session of her set: ratings[i] for card i (1 'Opnieuw' … 4 'Makkelijk'). */
async function review(s: Student, setId: string, ratings: number[]) {
  const session = await startSession(s, setId, { source: 'review', timeZone: TZ });
  for (const [position, rating] of ratings.entries()) {
    const card = session.cards[position]!;
    const res = await write(s, 'POST', `/api/flashcard-sessions/${session.id}/rate`, { position, rating, scheduleVersion: card.scheduleVersion ?? 0, durationMs: 1000, timeZone: TZ });
    expect(res.statusCode, res.body).toBe(200);
  }
}

const ownTasks = (plan: TodayPlan): PlanTask[] => plan.subjects.find((x) => x.subjectId === SUBJECT)!.tasks.filter((t) => t.kind === 'own-cards');

describe.each(DIALECTS)("her own sets in today's plan on %s", (dialect) => {
  const suite = planSuite(dialect, NOW);

  it('plans the cards of her set she does not know yet, opens her set, and ticks off from what she studies in it', async () => {
    const s = await student(suite.ctx.app);
    const other = await student(suite.ctx.app);
    const set = await ownSet(s, 4);
    await ownSet(s, 2, 'Persoonlijk', null); // personal: belongs to no subject's plan
    const theirs = await ownSet(other, 3, 'Van een ander');
    await s.savePlan({ minutesPerDay: 60 });
    await other.savePlan({ minutesPerDay: 60 });

    const first = ownTasks(await s.today());
    expect(first).toEqual([
      {
        id: `own-cards:${set.id}`,
        kind: 'own-cards',
        title: 'Leer 4 kaarten van je set ‘Mijn kaarten’',
        minutes: 1,
        chapterId: null,
        chapterNumber: null,
        summaryId: null,
        questionListId: null,
        flashcardSetId: null,
        ownSetId: set.id,
        progress: 0,
        target: 4,
        done: false,
      },
    ]);
    // another student's set is hers alone
    expect(ownTasks(await other.today()).map((t) => [t.ownSetId, t.target])).toEqual([[theirs.id, 3]]);

    // two of the four cards: half done
    await study(s, set.id, 1, 2);
    expect(ownTasks(await s.today())[0]).toMatchObject({ progress: 2, target: 4, done: false });
    // the whole set again, all known: four different cards today, done (a card counts once)
    await study(s, set.id, 4, 4);
    expect(ownTasks(await s.today())[0]).toMatchObject({ progress: 4, target: 4, done: true });
    expect(ownTasks(await other.today())[0]).toMatchObject({ progress: 0, done: false });

    // the next day she knows them all: no task for the set
    vi.setSystemTime(new Date('2026-11-27T08:30:00Z')); // 09:30 in Amsterdam, within her token's day
    expect(ownTasks(await s.today())).toEqual([]);
  });
});

describe.each(DIALECTS)("her own sets in today's plan with spaced repetition on %s", (dialect) => {
  const suite = planSuite(dialect, NOW, { LEITNER_ENABLED: 'true' });

  it('plans the cards of her set due today and ticks the task off once she reviewed them', async () => {
    const s = await student(suite.ctx.app);
    const set = await ownSet(s, 3, 'Herhalen');
    await s.savePlan({ minutesPerDay: 60 });
    // Wednesday: new cards are not due, so no task; then 'Opnieuw' for the first, 'Makkelijk' for the second
    vi.setSystemTime(new Date('2026-11-25T09:00:00Z'));
    expect(ownTasks(await s.today())).toEqual([]);
    await review(s, set.id, [1, 4]);

    // Thursday: the card she did not know is due again, the easy one and the new one are not
    vi.setSystemTime(NOW);
    const due = ownTasks(await s.today());
    expect(due).toEqual([expect.objectContaining({ kind: 'own-cards', title: 'Herhaal 1 kaart van je set ‘Herhalen’', ownSetId: set.id, progress: 0, target: 1, done: false })]);
    await review(s, set.id, [3]);
    expect(ownTasks(await s.today())[0]).toMatchObject({ progress: 1, target: 1, done: true });
  });
});
