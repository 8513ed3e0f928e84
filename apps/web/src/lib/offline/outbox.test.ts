import { beforeEach, describe, expect, it, vi } from 'vitest';
import { IDEMPOTENCY_KEY_HEADER } from '@blok/contract/auth-constants';
import { ApiError } from '../api-error.ts';
import { clearOutbox, flushOutbox, onOutboxRefusal, sendThroughOutbox, type RefusedWrite } from './outbox.ts';
import { outboxAll } from './offline-db.ts';

// jsdom has no IndexedDB: the outbox runs on its in-memory store, with the same order and keys.

const passthrough = { parse: (data: unknown) => data };

type Sent = { path: string; key: string | null; body: unknown };

/** A fetch that records every attempt and answers with the given function. */
function stubFetch(answer: (sent: Sent, attempt: number) => Response | Promise<Response>) {
  const sent: Sent[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const headers = new Headers(init?.headers);
      const entry = { path: new URL(String(input), 'http://localhost').pathname, key: headers.get(IDEMPOTENCY_KEY_HEADER), body: JSON.parse(String(init?.body ?? 'null')) };
      sent.push(entry);
      return answer(entry, sent.length);
    }),
  );
  return sent;
}

const ok = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

function setOnline(online: boolean) {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online);
}

const answer = (n: number) => ({ kind: 'answer' as const, method: 'POST' as const, path: `question-list/l1/save-answer`, body: { questionId: `q${n}` } });

beforeEach(async () => {
  await clearOutbox();
});

describe('outbox', () => {
  it('keeps writes made offline and sends them in order once online, each once with its own key', async () => {
    setOnline(false);
    const sent = stubFetch((s) => ok({ echoed: s.body }));

    await expect(sendThroughOutbox(answer(1), passthrough)).resolves.toEqual({ status: 'queued' });
    await expect(sendThroughOutbox(answer(2), passthrough)).resolves.toEqual({ status: 'queued' });
    await expect(sendThroughOutbox({ ...answer(3), kind: 'flashcard', path: 'flashcard-sessions/s1/answer' }, passthrough)).resolves.toEqual({ status: 'queued' });
    expect(sent).toHaveLength(0);
    const waiting = await outboxAll<{ key: string }>();
    expect(waiting).toHaveLength(3);

    setOnline(true);
    await flushOutbox();
    expect(sent.map((s) => s.body)).toEqual([{ questionId: 'q1' }, { questionId: 'q2' }, { questionId: 'q3' }]);
    expect(sent.map((s) => s.key)).toEqual(waiting.map((w) => w.key));
    expect(new Set(sent.map((s) => s.key)).size).toBe(3);
    expect(await outboxAll()).toHaveLength(0);

    // Nothing is sent twice.
    await flushOutbox();
    expect(sent).toHaveLength(3);
  });

  it('online, a write goes at once and resolves with the answer', async () => {
    setOnline(true);
    const sent = stubFetch(() => ok({ id: 'x' }));
    await expect(sendThroughOutbox(answer(1), passthrough)).resolves.toEqual({ status: 'sent', data: { id: 'x' } });
    expect(sent).toHaveLength(1);
    expect(await outboxAll()).toHaveLength(0);
  });

  it('a write whose answer got lost is sent again later with the same key, and the ones after it wait their turn', async () => {
    setOnline(true);
    let down = true;
    const sent = stubFetch(() => {
      if (down) throw new TypeError('Failed to fetch');
      return ok({});
    });
    // The client retries a lost connection twice itself (400 and 1500 ms) before giving up.
    await expect(sendThroughOutbox(answer(1), passthrough)).resolves.toEqual({ status: 'queued' });
    await expect(sendThroughOutbox(answer(2), passthrough)).resolves.toEqual({ status: 'queued' });
    const firstKey = sent[0]!.key;
    expect(sent.every((s) => s.key === firstKey)).toBe(true);

    down = false;
    sent.length = 0;
    await flushOutbox();
    expect(sent.map((s) => s.body)).toEqual([{ questionId: 'q1' }, { questionId: 'q2' }]);
    expect(sent[0]!.key).toBe(firstKey);
  }, 20_000);

  it('a refusal (4xx) rejects its caller and is dropped, so the writes after it still go', async () => {
    setOnline(false);
    stubFetch(() => ok({}));
    await sendThroughOutbox(answer(1), passthrough);
    await sendThroughOutbox(answer(2), passthrough);

    setOnline(true);
    const sent = stubFetch((s) =>
      (s.body as { questionId: string }).questionId === 'q1'
        ? new Response(JSON.stringify({ error: 'validation_failed', error_description: 'Ongeldig' }), { status: 400 })
        : ok({}),
    );
    await flushOutbox();
    expect(sent.map((s) => s.body)).toEqual([{ questionId: 'q1' }, { questionId: 'q2' }]);
    expect(await outboxAll()).toHaveLength(0);

    const refused = stubFetch(() => new Response(JSON.stringify({ error: 'not_found', error_description: 'Niet gevonden' }), { status: 404 }));
    await expect(sendThroughOutbox(answer(3), passthrough)).rejects.toBeInstanceOf(ApiError);
    expect(refused).toHaveLength(1);
  });

  it('a newer reading position replaces the older one still waiting for the same chapter', async () => {
    setOnline(false);
    const progress = (chapterId: string, position: number) => ({
      kind: 'progress' as const,
      method: 'PUT' as const,
      path: 'summaries/s1/progress',
      body: { chapterId, position },
      coalesceKey: `progress:s1:${chapterId}`,
    });
    await sendThroughOutbox(progress('c1', 0.2), passthrough);
    await sendThroughOutbox(progress('c2', 0.1), passthrough);
    await sendThroughOutbox(progress('c1', 0.9), passthrough);
    const waiting = await outboxAll<{ body: unknown }>();
    expect(waiting.map((w) => w.body)).toEqual([
      { chapterId: 'c2', position: 0.1 },
      { chapterId: 'c1', position: 0.9 },
    ]);
  });

  it('a stale FSRS rating (409 conflict) is dropped and reported, while 409 request_in_progress keeps it waiting', async () => {
    setOnline(false);
    stubFetch(() => ok({}));
    const rating = (position: number, scheduleVersion: number) => ({
      kind: 'flashcard-rating' as const,
      method: 'POST' as const,
      path: 'flashcard-sessions/s1/rate',
      body: { position, rating: 3, scheduleVersion },
      refreshOnRefusal: [['flashcards', 'session', 's1']],
    });
    await expect(sendThroughOutbox(rating(0, 4), passthrough)).resolves.toEqual({ status: 'queued' });
    await expect(sendThroughOutbox(rating(1, 0), passthrough)).resolves.toEqual({ status: 'queued' });
    const refusals: RefusedWrite[] = [];
    const stop = onOutboxRefusal((r) => refusals.push(r));
    setOnline(true);

    // The same key is still being handled on the server (a retry raced its first attempt): wait.
    let busy = stubFetch(() => new Response(JSON.stringify({ error: 'request_in_progress', error_description: 'Bezig' }), { status: 409 }));
    await flushOutbox();
    expect(busy).toHaveLength(1);
    expect(await outboxAll()).toHaveLength(2);
    expect(refusals).toHaveLength(0);

    // The card was reviewed on another device: the stale rating is refused for good, the next one goes.
    busy = stubFetch((s) =>
      (s.body as { position: number }).position === 0
        ? new Response(JSON.stringify({ error: 'conflict', error_description: 'Deze kaart is intussen op een ander apparaat herhaald.' }), { status: 409 })
        : ok({}),
    );
    await flushOutbox();
    expect(busy.map((s) => (s.body as { position: number }).position)).toEqual([0, 1]);
    expect(await outboxAll()).toHaveLength(0);
    expect(refusals).toHaveLength(1);
    expect(refusals[0]).toMatchObject({ waited: false, entry: { kind: 'flashcard-rating', refreshOnRefusal: [['flashcards', 'session', 's1']] } });
    expect(refusals[0]!.error).toMatchObject({ status: 409, code: 'conflict' });
    await flushOutbox();
    expect(busy).toHaveLength(2);

    // Online with the caller still waiting: it rejects, and the refusal says someone waited.
    stubFetch(() => new Response(JSON.stringify({ error: 'conflict', error_description: 'Verouderd' }), { status: 409 }));
    await expect(sendThroughOutbox(rating(2, 0), passthrough)).rejects.toMatchObject({ code: 'conflict' });
    expect(refusals[1]).toMatchObject({ waited: true });
    expect(await outboxAll()).toHaveLength(0);
    stop();
  });
});
