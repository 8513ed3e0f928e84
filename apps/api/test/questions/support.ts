import { join } from 'node:path';
import { expect } from 'vitest';
import type { SessionOverview, SessionQuestion, SessionStep } from '@blok/contract';
import type { Executor } from '@blok/db';
import type { InjectOptions as FastifyInjectOptions, LightMyRequestResponse as InjectResponse } from 'fastify';
import { importContent } from '../../src/content/importer.ts';
import { shownAnswerId } from '../../src/questions/answer-ids.ts';
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

/** A content answer id (`<question>-a<n>`), as the content and the tests name answers. */
const CONTENT_ANSWER_ID = /-a\d+$/;
const SESSION_IN_URL = /\/api\/session\/([0-9a-f-]{36})/;

/** Test knowledge (issue 40): the key a session's (or a mock exam's) answer ids derive from, read from the database. */
export async function answerKey(db: Executor, table: 'question_sessions' | 'mock_exams', id: string): Promise<string> {
  const row = await db.selectFrom(table).select('answer_key').where('id', '=', id).executeTakeFirst();
  if (!row?.answer_key) throw new Error(`no answer key for ${table} ${id}`);
  return row.answer_key;
}

/** The id the session shows for a content answer id. */
export async function shownId(db: Executor, sessionId: string, contentId: string): Promise<string> {
  return shownAnswerId(await answerKey(db, 'question_sessions', sessionId), contentId);
}

/**
 * The page's ids and the content's, both ways, for a session: what a page with the session's key
 * would know. The tests below were written in content ids; `student()` translates with this at
 * the boundary, so that they keep saying which answer they mean. answer-ids.test.ts checks the
 * ids the API really sends.
 */
export async function dictionary(db: Executor, key: string, fresh = false) {
  let ids = fresh ? undefined : answerIdsSeen.get(db);
  if (!ids) answerIdsSeen.set(db, (ids = (await db.selectFrom('answers').select('id').execute()).map((r) => r.id)));
  const back = new Map(ids.map((id) => [shownAnswerId(key, id), id]));
  const toShown = (value: unknown): unknown => (typeof value === 'string' && CONTENT_ANSWER_ID.test(value) ? shownAnswerId(key, value) : value);
  let missed = false;
  const toContent = (value: unknown): unknown => {
    if (typeof value === 'string') {
      const found = back.get(value);
      if (found === undefined && SHOWN_ID.test(value)) missed = true;
      return found ?? value;
    }
    if (Array.isArray(value)) return value.map(toContent);
    if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, toContent(v)]));
    return value;
  };
  return {
    /** a request body with content answer ids in the page's ids */
    body(payload: Record<string, unknown>) {
      const out = { ...payload };
      if ('answerId' in out) out.answerId = toShown(out.answerId);
      if (Array.isArray(out.answerIds)) out.answerIds = out.answerIds.map(toShown);
      return out;
    },
    /** a response with the page's ids back in content ids */
    content: toContent,
    /** an id looked like a shown one but is none of the answers known when this was made (a release added it) */
    get missed() {
      return missed;
    },
  };
}

/** The content's answer ids per database, read once (again when a release added answers since). */
const answerIdsSeen = new WeakMap<Executor, string[]>();
const SHOWN_ID = /^[0-9a-f]{16}$/;

const EXAM_IN_URL = /\/api\/mock-exams\/([0-9a-f-]{36})/;
type InjectOptions = Omit<FastifyInjectOptions, 'url' | 'payload'> & { url: string; payload?: object | string };

/**
 * `app.inject` for tests written in content answer ids (issue 40): the ids of a practice session or
 * a mock exam in a request body become the page's, and those in the answer become content ids again,
 * with the key of the session (named by the url, the body, `session`, or the answer itself) read
 * from the database. What the API really sends is checked in answer-ids.test.ts.
 */
export function contentIdsInject(app: TestApp) {
  const db = app.database.db;
  const keys = new Map<string, string>();
  const wordsOf = async (table: 'question_sessions' | 'mock_exams', id: string | undefined, fresh = false) => {
    if (!id) return undefined;
    let key = keys.get(id);
    if (key === undefined) {
      const row = await db.selectFrom(table).select('answer_key').where('id', '=', id).executeTakeFirst();
      if (!row?.answer_key) return undefined;
      keys.set(id, (key = row.answer_key));
    }
    return dictionary(db, key, fresh);
  };
  return async (opts: InjectOptions, session?: string): Promise<InjectResponse> => {
    const { url, payload } = opts;
    const bodySession = payload && typeof payload === 'object' && 'sessionId' in payload ? String(payload.sessionId) : undefined;
    const exam = url.match(EXAM_IN_URL)?.[1];
    const named: ['mock_exams' | 'question_sessions', string | undefined] = exam ? ['mock_exams', exam] : ['question_sessions', session ?? url.match(SESSION_IN_URL)?.[1] ?? bodySession];
    let words = await wordsOf(...named);
    const sent = words && payload && typeof payload === 'object' ? words.body(payload as Record<string, unknown>) : payload;
    const res = await app.inject({ ...opts, ...(sent === undefined ? {} : { payload: sent as object }) });
    if (!res.body.startsWith('{')) return res;
    if (!words) {
      // a question list names the session its answers' state comes from; a new mock exam is its own
      const json = JSON.parse(res.body) as { sessionId?: string | null; id?: string };
      named[0] = /\/api\/mock-exams\/?$/.test(url.split('?')[0]!) ? 'mock_exams' : 'question_sessions';
      named[1] = named[0] === 'mock_exams' ? json.id : (json.sessionId ?? undefined);
      words = await wordsOf(...named);
    }
    if (!words) return res;
    let translated = words.content(JSON.parse(res.body));
    if (words.missed) translated = (await wordsOf(named[0], named[1], true))!.content(JSON.parse(res.body));
    const body = JSON.stringify(translated);
    return Object.assign(Object.create(Object.getPrototypeOf(res) as object) as InjectResponse, res, { body, payload: body, json: () => JSON.parse(body) as unknown });
  };
}

/** A student and a small client for the questions API (in content answer ids; see contentIdsInject). */
export async function student(app: TestApp) {
  const { headers, email } = await signedInUser(app);
  const inject = contentIdsInject(app);
  /** `session`: the session whose ids to translate with, when neither the url nor the body names it */
  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, session?: string) =>
    inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) }, session);
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
    async answer(listId: string, body: object, session?: string): Promise<SessionQuestion> {
      const res = await call('POST', `/api/question-list/${listId}/save-answer`, body, session);
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

/** The id session `sessionId` shows for answer `position` of a question (test knowledge; see dictionary). */
export const pageAnswerId = (db: Executor, sessionId: string, questionId: string, position: number): Promise<string> =>
  shownId(db, sessionId, answerId(questionId, position));
