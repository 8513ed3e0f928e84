import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT_ID } from '@blok/contract';
import { dropSchema, fixedQuery, migrateToLatest, openDatabase, type DatabaseHandle, type DialectName, type Executor } from '@blok/db';
import { buildApp } from '../../src/app.ts';
import { loadEnv } from '../../src/env.ts';
import { importContent } from '../../src/content/importer.ts';
import { bearer, DIALECTS, login, newDeviceId, PASSWORD, refresh, registerUser, type TestApp } from '../helpers.ts';
import { pageAnswerId, FIXTURE_DIR } from '../questions/support.ts';

/**
 * Decision 014's request pipeline, on each dialect, seen through Kysely's query log: an
 * authenticated request checks its device and reads its user in one query; a save-answer or a
 * refresh with an Idempotency-Key commits once (the key in the change's transaction; an anonymous
 * refresh first counts its key against the address's ceiling, issue 25); a fixed-shape
 * query compiled once answers as the query built anew.
 */
describe.each(DIALECTS)('request pipeline on %s', (dialect: DialectName) => {
  let handle: DatabaseHandle;
  let app: TestApp;
  let cleanup: () => Promise<void>;
  let log: string[] = [];

  beforeAll(async () => {
    const record = { log: (event: { query: { sql: string } }) => void log.push(event.query.sql) };
    if (dialect === 'postgres') {
      const url = process.env.TEST_DATABASE_URL!;
      const schema = `t_${randomBytes(6).toString('hex')}`;
      handle = await openDatabase({ url, schema, poolSize: 4, ...record });
      cleanup = () => dropSchema(url, schema);
    } else {
      const dir = mkdtempSync(join(tmpdir(), 'blok-pipeline-'));
      handle = await openDatabase({ url: `file:${join(dir, 'test.db')}`, ...record });
      cleanup = async () => rmSync(dir, { recursive: true, force: true });
    }
    await migrateToLatest(handle.db);
    await importContent(handle.db, FIXTURE_DIR, { dialect });
    const env = loadEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', SEED_DEMO: 'false', JOBS: 'off', REGISTER_RATE_LIMIT_IP: '1000', API_RATE_LIMIT_PER_MINUTE: '100000' });
    app = await buildApp({ env, database: handle, logger: false, serveWeb: false });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await handle?.close();
    await cleanup?.();
  });

  /** The statements a call runs, in order. */
  async function statementsOf(fn: () => Promise<unknown>): Promise<string[]> {
    log = [];
    await fn();
    const seen = log;
    log = [];
    return seen.map((s) => s.replace(/\s+/g, ' ').trim().toLowerCase());
  }
  const isWrite = (s: string) => /^(insert|update|delete)\b/.test(s);
  const isBegin = (s: string) => s === 'begin' || s.startsWith('start transaction') || s.startsWith('begin ');
  /** writes outside a transaction (each an autocommit) and the transactions' commits */
  function commits(statements: string[]): number {
    let inTx = false;
    let n = 0;
    for (const s of statements) {
      if (isBegin(s)) inTx = true;
      else if (s === 'commit') {
        inTx = false;
        n++;
      } else if (s === 'rollback') inTx = false;
      else if (!inTx && isWrite(s)) n++;
    }
    return n;
  }

  it('checks the device and reads the student in one query per authenticated request', async () => {
    const { tokens } = await registerUser(app);
    const statements = await statementsOf(async () => {
      const res = await app.inject({ method: 'GET', url: '/api/session/00000000-0000-7000-8000-000000000000', headers: bearer(tokens!.access_token) });
      expect(res.statusCode, res.body).toBe(404);
    });
    const auth = statements.filter((s) => s.includes('"devices"') || /from "users"/.test(s));
    expect(auth).toHaveLength(1);
    expect(auth[0]).toMatch(/from "users" left join "devices"/);
    // the library reads the student from that query: no second read of her row
    const library = await statementsOf(async () => {
      const res = await app.inject({ method: 'GET', url: '/api/library', headers: bearer(tokens!.access_token) });
      expect(res.statusCode, res.body).toBe(200);
    });
    expect(library.filter((s) => /from "users"/.test(s))).toHaveLength(1);
  });

  it('still signs a logged-out device out at once, and refuses a deleted account with 401', async () => {
    const { tokens } = await registerUser(app);
    const profile = () => app.inject({ method: 'GET', url: '/api/user/profile', headers: bearer(tokens!.access_token) });
    expect((await profile()).statusCode).toBe(200);
    expect((await app.inject({ method: 'POST', url: '/api/auth/logout', payload: { refresh_token: tokens!.refresh_token } })).statusCode).toBe(204);
    const out = await profile();
    expect(out.statusCode).toBe(401);
    expect(out.json().error).toBe('invalid_token');

    const other = await registerUser(app);
    const del = await app.inject({ method: 'DELETE', url: '/api/user/profile', headers: bearer(other.tokens!.access_token), payload: { password: PASSWORD } });
    expect(del.statusCode, del.body).toBe(204);
    const gone = await app.inject({ method: 'GET', url: '/api/library', headers: bearer(other.tokens!.access_token) });
    expect(gone.statusCode).toBe(401);
    expect(gone.json()).toMatchObject({ error: 'invalid_token', error_description: 'Dit account bestaat niet meer.' });
  });

  it('answers a device replaced by a newer login with device_revoked and the active device', async () => {
    const { tokens, email } = await registerUser(app);
    const newer = newDeviceId();
    expect((await login(app, { username: email, password: PASSWORD, device_id: newer })).statusCode).toBe(200);
    const res = await app.inject({ method: 'GET', url: '/api/library', headers: bearer(tokens!.access_token) });
    expect(res.statusCode).toBe(401);
    expect(res.json().error).toBe('device_revoked');
    expect(res.headers.deviceid).toBe(newer);
  });

  it('commits a save-answer with an Idempotency-Key once, key and answer together; its replay commits nothing', async () => {
    const { tokens } = await registerUser(app);
    const headers = bearer(tokens!.access_token);
    const start = await app.inject({ method: 'POST', url: '/api/session/fx-lijst-a/start', headers });
    expect(start.statusCode, start.body).toBe(201);
    const sessionId = (start.json() as { id: string }).id;
    const key = randomUUID();
    const answerId = await pageAnswerId(handle.db, sessionId, 'fx-a1', 1);
    const send = () =>
      app.inject({
        method: 'POST',
        url: '/api/question-list/fx-lijst-a/save-answer',
        headers: { ...headers, 'idempotency-key': key },
        payload: { sessionId, questionId: 'fx-a1', answerId },
      });
    let first: Awaited<ReturnType<typeof send>> | undefined;
    const statements = await statementsOf(async () => {
      first = await send();
    });
    expect(first!.statusCode, first!.body).toBe(200);
    expect(commits(statements)).toBe(1);
    // the key is written once, with the response, inside the transaction of the answer
    const begin = statements.findIndex(isBegin);
    const keyWrites = statements.map((s, i) => [s, i] as const).filter(([s]) => /^(insert into|update) "idempotency_keys"/.test(s));
    expect(keyWrites).toHaveLength(1);
    expect(keyWrites[0]![1]).toBeGreaterThan(begin);
    expect(keyWrites[0]![1]).toBeLessThan(statements.indexOf('commit'));
    expect(begin).toBeGreaterThanOrEqual(0);
    let again: Awaited<ReturnType<typeof send>> | undefined;
    const replay = await statementsOf(async () => {
      again = await send();
    });
    expect(again!.headers['idempotent-replayed']).toBe('true');
    expect(again!.json()).toEqual(first!.json());
    expect(commits(replay)).toBe(0);
  });

  it('commits a refresh with an Idempotency-Key once after its address ceiling; a password login claims its key first and counts its attempt in one commit', async () => {
    const { tokens, email } = await registerUser(app);
    let res: Awaited<ReturnType<typeof refresh>> | undefined;
    const key = randomUUID();
    const statements = await statementsOf(async () => {
      res = await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'idempotency-key': key },
        payload: new URLSearchParams({ grant_type: 'refresh_token', client_id: CLIENT_ID, refresh_token: tokens!.refresh_token }).toString(),
      });
    });
    expect(res!.statusCode, res!.body).toBe(200);
    // an anonymous key first counts against the address's ceiling (issue 25: one upsert of its own,
    // shared by every process), then the refresh commits once with its stored response
    const quota = statements.filter((s) => /^insert into "idempotency_quotas"/.test(s));
    expect(quota).toHaveLength(1);
    expect(statements.indexOf(quota[0]!)).toBeLessThan(statements.findIndex(isBegin));
    expect(commits(statements)).toBe(2);
    expect((await refresh(app, (res!.json() as { refresh_token: string }).refresh_token)).statusCode).toBe(200);

    const loginStatements = await statementsOf(async () => {
      const r = await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'idempotency-key': randomUUID() },
        payload: new URLSearchParams({ grant_type: 'password', client_id: CLIENT_ID, username: email, password: PASSWORD, device_id: newDeviceId() }).toString(),
      });
      expect(r.statusCode, r.body).toBe(200);
    });
    // the claim is its own commit, before the throttling and the password check; the throttling
    // counters (the address's, then the three failure reservations in one statement) commit
    // together, then the session with the stored response
    // (first the address's anonymous-key ceiling, issue 25, an autocommit of its own)
    const writes = loginStatements.filter(isWrite);
    expect(writes[0]).toMatch(/^insert into "idempotency_quotas"/);
    expect(writes[1]).toMatch(/^insert into "idempotency_keys"/);
    expect(commits(loginStatements)).toBe(4);
    const counters = loginStatements.map((s, i) => (/^insert into "rate_limits"/.test(s) ? i : -1)).filter((i) => i >= 0);
    expect(counters).toHaveLength(2);
    expect(loginStatements[counters[1]!]).toMatch(/values \(.+\), \(.+\), \(.+\) on conflict/);
    const begins = loginStatements.map((s, i) => (isBegin(s) ? i : -1)).filter((i) => i >= 0);
    expect(begins[0]!).toBeLessThan(counters[0]!);
    expect(loginStatements.indexOf('commit', begins[0]!)).toBeGreaterThan(counters[1]!);
  });

  it('runs a fixed-shape query compiled once with each call its own arguments, in and out of a transaction', async () => {
    const byEmail = fixedQuery((db: Executor, email: string, role: number) =>
      db.selectFrom('users').select(['email', 'role_id']).where('email', '=', email).where('role_id', '=', role).where('has_subscription', '=', 0),
    );
    const a = await registerUser(app);
    const b = await registerUser(app);
    const built = (email: string) => handle.db.selectFrom('users').select(['email', 'role_id']).where('email', '=', email).where('role_id', '=', 1).where('has_subscription', '=', 0).execute();
    expect(await byEmail(handle.db, a.email, 1)).toEqual(await built(a.email));
    expect(await byEmail(handle.db, b.email, 1)).toEqual(await built(b.email));
    expect(await byEmail(handle.db, b.email, 2)).toEqual([]);
    const inTx = await handle.db.transaction().execute((tx) => byEmail(tx, a.email, 1));
    expect(inTx).toEqual([{ email: a.email, role_id: 1 }]);
    // an argument the builder does not bind would silently be the first call's: refused
    const unbound = fixedQuery((db: Executor, limit: number) => db.selectFrom('users').select('id').limit(Number.isFinite(limit as never) ? limit : 1));
    await expect(unbound(handle.db, 5)).rejects.toThrow(/not bound parameters/);
  });
});
