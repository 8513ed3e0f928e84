import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { expect } from 'vitest';
import type { FlashcardOverview, FlashcardSession, StartFlashcardSessionBody } from '@blok/contract';
import type { DialectName } from '@blok/db';
import { importContent } from '../../src/content/importer.ts';
import { createTestApp, signedInUser, type TestApp, type TestContext } from '../helpers.ts';

/** One small subject, fx-kaarten: set fx-set-a (fx-a-1..3, chapter fx-kaarten-h1) and set fx-set-b (fx-b-1..2). */
export const FIXTURE_DIR = join(import.meta.dirname, '..', 'fixtures', 'flashcards-courses');
export const SUBJECT = 'fx-kaarten';

/** A fresh app with the fixture imported; FSRS fuzz is off so intervals are exact. */
export async function flashcardsApp(dialect: DialectName, env: Record<string, string> = {}): Promise<TestContext> {
  const ctx = await createTestApp(dialect, { REGISTER_RATE_LIMIT_IP: '1000', API_RATE_LIMIT_PER_MINUTE: '100000', FSRS_FUZZ: 'false', ...env });
  await importContent(ctx.handle.db, FIXTURE_DIR, { dialect });
  return ctx;
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** A student and a small client for the flashcards API. */
export async function student(app: TestApp) {
  const { headers } = await signedInUser(app);
  const call = (method: Method, url: string, payload?: unknown, extra: Record<string, string> = {}) =>
    app.inject({ method, url, headers: { ...headers, ...extra }, ...(payload === undefined ? {} : { payload: payload as object }) });
  return {
    headers,
    call,
    async overview(timeZone?: string): Promise<FlashcardOverview> {
      const res = await call('GET', `/api/flashcard-sets?subjectId=${SUBJECT}${timeZone ? `&timeZone=${encodeURIComponent(timeZone)}` : ''}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json();
    },
    async start(body: Partial<StartFlashcardSessionBody> = {}): Promise<FlashcardSession> {
      const res = await call('POST', '/api/flashcard-sessions', { subjectId: SUBJECT, source: 'set', flashcardSetId: 'fx-set-a', ...body });
      expect(res.statusCode, res.body).toBe(201);
      return res.json();
    },
    async session(id: string): Promise<FlashcardSession> {
      const res = await call('GET', `/api/flashcard-sessions/${id}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json();
    },
    async answer(id: string, position: number, known: boolean, key: string = randomUUID()): Promise<FlashcardSession> {
      const res = await call('POST', `/api/flashcard-sessions/${id}/answer`, { position, known }, { 'idempotency-key': key });
      expect(res.statusCode, res.body).toBe(200);
      return res.json();
    },
    async favorite(cardId: string, on = true) {
      const res = await call(on ? 'PUT' : 'DELETE', `/api/flashcards/${cardId}/favorite`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as { flashcardId: string; isFavorite: boolean };
    },
  };
}

export const cardIds = (s: FlashcardSession) => s.cards.map((c) => c.flashcardId);
