import { join } from 'node:path';
import { expect } from 'vitest';
import type { SessionOverview, SessionQuestion, SessionStep } from '@blok/contract';
import { importContent } from '../../src/content/importer.ts';
import { createTestApp, signedInUser, type TestApp, type TestContext } from '../helpers.ts';
import type { DialectName } from '@blok/db';

/** Two small subjects: fixture-vragen (lists fx-lijst-a, fx-lijst-b) and fixture-ander (fx-ander-lijst). */
export const FIXTURE_DIR = join(import.meta.dirname, '..', 'fixtures', 'questions-courses');

/** A fresh app with the fixture content imported. */
export async function questionsApp(dialect: DialectName): Promise<TestContext> {
  const ctx = await createTestApp(dialect, { REGISTER_RATE_LIMIT_IP: '1000', API_RATE_LIMIT_PER_MINUTE: '100000' });
  await importContent(ctx.handle.db, FIXTURE_DIR, { dialect });
  return ctx;
}

export type Headers = Record<string, string>;

/** A student and a small client for the questions API. */
export async function student(app: TestApp) {
  const { headers, email } = await signedInUser(app);
  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
    app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });
  return {
    email,
    headers,
    call,
    async start(listId: string, body?: object, all = false): Promise<string> {
      const res = await call('POST', `/api/session/${listId}/${all ? 'start-all' : 'start'}`, body);
      expect(res.statusCode, res.body).toBe(201);
      return (res.json() as { id: string }).id;
    },
    async overview(sessionId: string): Promise<SessionOverview> {
      const res = await call('GET', `/api/session/${sessionId}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json();
    },
    async answer(listId: string, body: object): Promise<SessionQuestion> {
      const res = await call('POST', `/api/question-list/${listId}/save-answer`, body);
      expect(res.statusCode, res.body).toBe(200);
      return res.json();
    },
    async step(sessionId: string, action: 'next' | 'skip' | `previous/${number}`): Promise<SessionStep> {
      const res = await call('GET', `/api/session/${sessionId}/${action}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json();
    },
  };
}

/** Answer ids follow the importer's scheme: <question id>-a<1-based position>. */
export const answerId = (questionId: string, position: number) => `${questionId}-a${position}`;

/** Answers put back in their written order (by the importer's ids), for assertions about content. */
export const writtenOrder = <T extends { id: string }>(answers: T[]): T[] =>
  [...answers].sort((a, b) => Number(a.id.slice(a.id.lastIndexOf('-a') + 2)) - Number(b.id.slice(b.id.lastIndexOf('-a') + 2)));
