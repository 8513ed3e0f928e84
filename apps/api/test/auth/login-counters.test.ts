import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { KyselyPlugin, LogEvent } from 'kysely';
import type { DatabaseHandle, DialectName } from '@blok/db';
import { buildApp } from '../../src/app.ts';
import { loadEnv } from '../../src/env.ts';
import { RateLimitRepository } from '../../src/auth/rate-limit-repository.ts';
import { DIALECTS, PASSWORD, createTestApp, login, newDeviceId, registerUser, uniqueEmail, type TestApp, type TestContext } from '../helpers.ts';

/**
 * Issue 14: a password login reserves its three failure counters in one statement (hitMany), with
 * the counts, windows and refusals of one statement per counter (hit); a correct password gives the
 * two shared ones back one by one, in the order they were reserved (a single `where key in` update
 * locked them in the table's order: logins of one address deadlocked on PostgreSQL).
 */

const WRONG = 'Fout#00000';
const WINDOW = 900;
const SKIP = /^\s*(begin|commit|rollback|savepoint|release|pragma|set |select 1\b|select set_config)/i;

/** Answers every query's rows back to front: PostgreSQL does not promise the order of `returning` rows. */
const reversedRows: KyselyPlugin = {
  transformQuery: (args) => args.node,
  transformResult: async (args) => ({ ...args.result, rows: [...args.result.rows].reverse() }),
};

describe.each(DIALECTS)('login counters on %s', (dialect: DialectName) => {
  let ctx: TestContext;
  let handle: DatabaseHandle;
  let app: TestApp;
  let statements: string[] = [];

  beforeAll(async () => {
    const log = (event: LogEvent) => {
      if (!SKIP.test(event.query.sql)) statements.push(event.query.sql);
    };
    ctx = await createTestApp(dialect, { LOGIN_RATE_LIMIT_IP: '3', LOGIN_RATE_LIMIT_WINDOW_SECONDS: String(WINDOW) }, { log });
    ({ app, handle } = ctx);
  }, 120_000);

  afterAll(async () => ctx?.close());

  beforeEach(() => {
    statements = [];
  });

  let n = 0;
  const keys = (count: number) => {
    n += 1;
    return Array.from({ length: count }, (_, i) => `test:${dialect}:${n}:${i}`);
  };
  const rows = async (ks: readonly string[]) => {
    const found = await handle.db.selectFrom('rate_limits').selectAll().where('key', 'in', ks).execute();
    return Object.fromEntries(found.map((r) => [r.key, { count: Number(r.count), window_start: r.window_start }]));
  };
  const counts = async (ks: readonly string[]) => Object.fromEntries(Object.entries(await rows(ks)).map(([k, r]) => [k, r.count]));
  const put = async (key: string, count: number, windowStart: string) => {
    await handle.db
      .insertInto('rate_limits')
      .values({ key, count, window_start: windowStart })
      .onConflict((oc) => oc.column('key').doUpdateSet({ count, window_start: windowStart }))
      .execute();
  };
  const ago = (seconds: number) => new Date(Date.now() - seconds * 1000).toISOString();

  describe('hitMany', () => {
    it('counts like one hit per key: a new window, then one more each', async () => {
      const repo = new RateLimitRepository(handle.db);
      const many = keys(3);
      const single = keys(3);
      for (let i = 0; i < 3; i += 1) {
        const got = await repo.hitMany(many, WINDOW);
        const expected = [];
        for (const key of single) expected.push(await repo.hit(key, WINDOW));
        expect(got).toEqual(expected);
        expect(got.map((h) => h.count)).toEqual([i + 1, i + 1, i + 1]);
        expect(got.every((h) => h.retryAfter === WINDOW || h.retryAfter === WINDOW - 1)).toBe(true);
      }
      const stored = await rows(many);
      expect(Object.values(stored).map((r) => r.count)).toEqual([3, 3, 3]);
    });

    it('starts a new window for a counter whose window ended, and keeps the others', async () => {
      const repo = new RateLimitRepository(handle.db);
      const [a, b, c] = keys(3) as [string, string, string];
      const aStart = ago(WINDOW - 60); // a minute of its window left
      await put(a, 7, aStart);
      await put(b, 5, ago(WINDOW + 1)); // ended
      const before = Date.now();
      const hits = await repo.hitMany([a, b, c], WINDOW);
      expect(hits[0]!.count).toBe(8);
      expect(hits[0]!.retryAfter).toBeGreaterThanOrEqual(59);
      expect(hits[0]!.retryAfter).toBeLessThanOrEqual(60);
      expect(hits[1]).toEqual({ count: 1, retryAfter: expect.any(Number) });
      expect(hits[1]!.retryAfter).toBeGreaterThanOrEqual(WINDOW - 1);
      expect(hits[2]!.count).toBe(1);
      const stored = await rows([a, b, c]);
      expect(stored[a]).toEqual({ count: 8, window_start: aStart });
      expect(stored[b]!.count).toBe(1);
      expect(Date.parse(stored[b]!.window_start)).toBeGreaterThanOrEqual(before);
      expect(stored[c]!.count).toBe(1);
    });

    it('answers each key its own count, whatever order the keys or the returned rows come in', async () => {
      const [a, b, c] = keys(3) as [string, string, string];
      await put(a, 1, ago(10));
      await put(b, 20, ago(10));
      await put(c, 300, ago(10));
      const repo = new RateLimitRepository(handle.db);
      expect((await repo.hitMany([a, b, c], WINDOW)).map((h) => h.count)).toEqual([2, 21, 301]);
      expect((await repo.hitMany([c, a, b], WINDOW)).map((h) => h.count)).toEqual([302, 3, 22]);
      // the database answering its rows in another order than the values: matched back by key
      const reversed = new RateLimitRepository(handle.db.withPlugin(reversedRows));
      expect((await reversed.hitMany([a, b, c], WINDOW)).map((h) => h.count)).toEqual([4, 23, 303]);
      expect(await counts([a, b, c])).toEqual({ [a]: 4, [b]: 23, [c]: 303 });
    });

    it('runs one statement: a multi-row upsert returning each key, its rows in the order given', async () => {
      const repo = new RateLimitRepository(handle.db);
      const ks = keys(3);
      statements = [];
      await repo.hitMany(ks, WINDOW);
      expect(statements).toHaveLength(1);
      const sql = statements[0]!;
      expect(sql).toMatch(/^insert into "rate_limits" \("key", "window_start", "count"\) values \(.+\), \(.+\), \(.+\) on conflict \("key"\) do update set /);
      expect(sql).toMatch(/returning "key", "count", "window_start"$/);
      // compiled once: the next call runs the very same SQL
      statements = [];
      await repo.hitMany(keys(3), WINDOW);
      expect(statements).toEqual([sql]);
      // no keys, no statement; a key twice is refused (PostgreSQL would refuse the upsert)
      statements = [];
      expect(await repo.hitMany([], WINDOW)).toEqual([]);
      expect(statements).toEqual([]);
      await expect(repo.hitMany([ks[0]!, ks[0]!], WINDOW)).rejects.toThrow(/twice/);
    });

    it('takes more keys than it compiles queries for', async () => {
      const repo = new RateLimitRepository(handle.db);
      const ks = keys(12);
      await repo.hitMany(ks, WINDOW);
      const hits = await repo.hitMany([...ks].reverse(), WINDOW);
      expect(hits.map((h) => h.count)).toEqual(ks.map(() => 2));
    });
  });

  describe('release', () => {
    it('gives one back, never below 0, and leaves other keys alone', async () => {
      const [a, b, c] = keys(3) as [string, string, string];
      const start = ago(10);
      await put(a, 3, start);
      await put(b, 0, start);
      await put(c, 2, start);
      const repo = new RateLimitRepository(handle.db);
      await repo.release(a);
      await repo.release(b);
      expect(await counts([a, b, c])).toEqual({ [a]: 2, [b]: 0, [c]: 2 });
      // the window stays; a key without a counter is no error
      await repo.release('test:nobody');
      expect(await rows([a])).toEqual({ [a]: { count: 2, window_start: start } });
    });
  });

  describe('a password login', () => {
    let ipCounter = 0;
    const nextIp = () => `198.51.100.${(ipCounter += 1)}`;
    const counters = (email: string, ip: string) => ({
      ip: `login:ip:${ip}`,
      accountIp: `login:fail:account-ip:${email}|${ip}`,
      account: `login:fail:account:${email}`,
      failIp: `login:fail:ip:${ip}`,
    });
    const rateLimitStatements = () => statements.filter((s) => s.includes('"rate_limits"'));

    it('counts a wrong password on all four counters, in two statements', async () => {
      const { email } = await registerUser(app, { email: uniqueEmail('eens') });
      const ip = nextIp();
      const k = counters(email, ip);
      statements = [];
      const res = await login(app, { username: email, password: WRONG, device_id: newDeviceId(), ip });
      expect(res.statusCode, res.body).toBe(400);
      // the address hit, then the three reservations in one
      const ran = rateLimitStatements();
      expect(ran).toHaveLength(2);
      expect(ran[1]).toMatch(/^insert into "rate_limits" .* values \(.+\), \(.+\), \(.+\) on conflict/);
      expect(await counts(Object.values(k))).toEqual({ [k.ip]: 1, [k.accountIp]: 1, [k.account]: 1, [k.failIp]: 1 });
    });

    it('over the address limit, leaves the failure counters as they were', async () => {
      const { email } = await registerUser(app, { email: uniqueEmail('adres') });
      const ip = nextIp();
      const k = counters(email, ip);
      for (let i = 0; i < 3; i += 1) expect((await login(app, { username: email, password: WRONG, device_id: newDeviceId(), ip })).statusCode).toBe(400);
      statements = [];
      const refused = await login(app, { username: email, password: WRONG, device_id: newDeviceId(), ip });
      expect(refused.statusCode).toBe(429);
      expect(rateLimitStatements()).toHaveLength(1); // the address's own counter only
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(WINDOW - 5);
      expect(await counts(Object.values(k))).toEqual({ [k.ip]: 4, [k.accountIp]: 3, [k.account]: 3, [k.failIp]: 3 });
      // the correct password from that address is refused too, and counts nothing either
      expect((await login(app, { username: email, password: PASSWORD, device_id: newDeviceId(), ip })).statusCode).toBe(429);
      expect(await counts(Object.values(k))).toEqual({ [k.ip]: 5, [k.accountIp]: 3, [k.account]: 3, [k.failIp]: 3 });
    });

    it('with the right password, starts her own counter over and gives the shared two their attempt back', async () => {
      const { email } = await registerUser(app, { email: uniqueEmail('goed') });
      const ip = nextIp();
      const k = counters(email, ip);
      for (let i = 0; i < 2; i += 1) expect((await login(app, { username: email, password: WRONG, device_id: newDeviceId(), ip })).statusCode).toBe(400);
      expect(await counts(Object.values(k))).toEqual({ [k.ip]: 2, [k.accountIp]: 2, [k.account]: 2, [k.failIp]: 2 });
      statements = [];
      const ok = await login(app, { username: email, password: PASSWORD, device_id: newDeviceId(), ip });
      expect(ok.statusCode, ok.body).toBe(200);
      // the address hit, the three reservations, the reset, the two releases (one by one, in the
      // reservations' order): five statements
      const ran = rateLimitStatements();
      expect(ran).toHaveLength(5);
      expect(ran[2]).toMatch(/^delete from "rate_limits"/);
      expect(ran[3]).toMatch(/^update "rate_limits" .* where "key" = /);
      expect(ran[4]).toMatch(/^update "rate_limits" .* where "key" = /);
      // given back after the session's statements, so the address's shared row is locked only
      // until the commit (decision 014): the user's lock and the new refresh token come first
      const at = (pattern: RegExp) => statements.findIndex((sql) => pattern.test(sql));
      const reset = at(/^delete from "rate_limits"/);
      expect(at(/^update "users"/)).toBeGreaterThan(-1);
      expect(at(/^insert into "refresh_tokens"/)).toBeGreaterThan(at(/^update "users"/));
      expect(reset).toBeGreaterThan(at(/^insert into "refresh_tokens"/));
      // account+ip gone; the shared two back at 2 (reserved to 3, released); the address counts every login
      expect(await counts(Object.values(k))).toEqual({ [k.ip]: 3, [k.account]: 2, [k.failIp]: 2 });
    });

    it('refuses with the latest retry-after once a failure counter is over its limit', async () => {
      const { email } = await registerUser(app, { email: uniqueEmail('op') });
      const ip = nextIp();
      const k = counters(email, ip);
      // her account+ip counter at its limit (10), the account counter in an older window
      await put(k.accountIp, 10, ago(WINDOW - 120));
      await put(k.account, 1, ago(WINDOW - 600));
      const res = await login(app, { username: email, password: PASSWORD, device_id: newDeviceId(), ip });
      expect(res.statusCode).toBe(429);
      const retryAfter = Number(res.headers['retry-after']);
      expect(retryAfter).toBeGreaterThanOrEqual(119);
      expect(retryAfter).toBeLessThanOrEqual(120);
      // refused, so not a failure: every reservation given back (issue 25: only evaluated passwords count)
      expect(await counts(Object.values(k))).toEqual({ [k.ip]: 1, [k.accountIp]: 10, [k.account]: 1, [k.failIp]: 0 });
    });

    it('lets many students log in at once from one address (a lecture hall) without a deadlock', async () => {
      // Every login of one address gives the address's failure counter back, and each account's
      // logins give the account's: the releases must lock the counters in one order, whatever
      // order the table's rows are in, or two logins wait on each other (PostgreSQL: 40P01, a 500).
      const many = await buildApp({
        env: loadEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', SEED_DEMO: 'false', JOBS: 'off', LOGIN_RATE_LIMIT_IP: '100000', LOGIN_RATE_LIMIT_ACCOUNT: '100000', LOGIN_RATE_LIMIT_ACCOUNT_IP: '100000', LOGIN_FAILURE_LIMIT_IP: '100000', REGISTER_RATE_LIMIT_IP: '100000' }),
        database: handle,
        logger: false,
        serveWeb: false,
      });
      try {
        await many.ready();
        const ip = nextIp();
        const emails: string[] = [];
        for (let i = 0; i < 2; i += 1) emails.push((await registerUser(many, { email: uniqueEmail(`zaal${i}`) })).email);
        for (let round = 0; round < 12; round += 1) {
          const answers = await Promise.all(
            Array.from({ length: 40 }, (_, i) => login(many, { username: emails[i % emails.length]!, password: PASSWORD, device_id: newDeviceId(), ip })),
          );
          expect(answers.map((a) => a.statusCode)).toEqual(answers.map(() => 200));
        }
      } finally {
        await many.close();
      }
    }, 120_000);
  });
});
