import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { CLIENT_ID, type TokenResponse } from '@blok/contract';
import { dropSchema, migrateToLatest, openDatabase, type DatabaseHandle, type DialectName } from '@blok/db';
import type { LogConfig } from 'kysely';
import { buildApp } from '../src/app.ts';
import { loadEnv } from '../src/env.ts';
import type { PushResolver } from '../src/push/endpoint-policy.ts';

/** The dialects this run tests: SQLite always, PostgreSQL when TEST_DATABASE_URL is set. */
export const DIALECTS: DialectName[] = process.env.TEST_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite'];

export type TestApp = Awaited<ReturnType<typeof buildApp>>;

export interface TestContext {
  app: TestApp;
  handle: DatabaseHandle;
  close(): Promise<void>;
}

/**
 * A fresh, migrated database of the dialect: a new SQLite file, or a new PostgreSQL schema;
 * `cleanup` closes it and drops the schema or the file. `log` is Kysely's query log.
 */
export async function openTestDatabase(dialect: DialectName, options: { log?: LogConfig } = {}): Promise<{ handle: DatabaseHandle; cleanup: () => Promise<void> }> {
  let handle: DatabaseHandle;
  let cleanup: () => Promise<void>;
  if (dialect === 'postgres') {
    const url = process.env.TEST_DATABASE_URL!;
    const schema = `t_${randomBytes(6).toString('hex')}`;
    handle = await openDatabase({ url, schema, poolSize: 4, log: options.log });
    cleanup = async () => {
      await handle.close();
      await dropSchema(url, schema);
    };
  } else {
    const dir = mkdtempSync(join(tmpdir(), 'blok-test-'));
    handle = await openDatabase({ url: `file:${join(dir, 'test.db')}`, log: options.log });
    cleanup = async () => {
      await handle.close();
      rmSync(dir, { recursive: true, force: true });
    };
  }
  await migrateToLatest(handle.db);
  return { handle, cleanup };
}

/**
 * A fresh app over a fresh database: a new SQLite file, or a new PostgreSQL schema that is
 * dropped afterwards. Each test file gets its own, so files run in parallel and leave nothing behind.
 * `log` sees every query (Kysely's log option), for tests that count or explain statements.
 */
/**
 * A resolver for push endpoints' host names from a table, never the network (decision 016): a name
 * not in it does not resolve (ENOTFOUND). Every test app uses one; the empty table by default.
 */
export function fixedResolver(table: Record<string, string[]> = {}): PushResolver {
  return async (hostname) => {
    const addresses = table[hostname.toLowerCase()];
    if (!addresses) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname} (tests do not resolve names)`), { code: 'ENOTFOUND' });
    return addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };
}

export async function createTestApp(
  dialect: DialectName,
  envOverrides: Record<string, string> = {},
  options: { log?: LogConfig; pushResolver?: PushResolver } = {},
): Promise<TestContext> {
  const { handle, cleanup } = await openTestDatabase(dialect, options);
  // The job runner stays off unless a test turns it on (JOBS=on) or drives it (app.jobs.runDue()).
  // Errors only (TEST_LOG_LEVEL changes it): a 500's cause shows in the run's output, not just its status.
  const env = loadEnv({ NODE_ENV: 'test', LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'error', SEED_DEMO: 'false', JOBS: 'off', ...envOverrides });
  const app = await buildApp({ env, database: handle, serveWeb: false, pushResolver: options.pushResolver ?? fixedResolver() });
  await app.ready();
  return {
    app,
    handle,
    close: async () => {
      await app.close();
      await cleanup();
    },
  };
}

let counter = 0;
export const uniqueEmail = (prefix = 'student') => `${prefix}.${Date.now()}.${counter++}.${randomBytes(3).toString('hex')}@example.nl`;
export const newDeviceId = () => `device-${randomBytes(8).toString('hex')}`;
export const PASSWORD = 'Geheim#2024';

/** A valid catalogue choice (UvA, psychologie, bachelor 1). */
export const CHOICE = { university: 'uva', study: 'psychologie', year: 'bachelor-1' };

function form(fields: Record<string, string>): { payload: string; headers: Record<string, string> } {
  return {
    payload: new URLSearchParams(fields).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  };
}

export async function registerUser(app: TestApp, overrides: Partial<Record<string, string>> = {}) {
  const email = overrides.email ?? uniqueEmail();
  const deviceId = overrides.device_id ?? newDeviceId();
  const fields = {
    device_id: deviceId,
    grant_type: 'external_register',
    client_id: CLIENT_ID,
    email,
    password: PASSWORD,
    ...CHOICE,
    ...overrides,
  } as Record<string, string>;
  const res = await app.inject({ method: 'POST', url: '/api/auth/register', ...form(fields) });
  return { res, email, deviceId, tokens: res.statusCode === 200 ? (res.json() as TokenResponse) : undefined };
}

export function login(app: TestApp, fields: { username: string; password: string; device_id: string; ip?: string }) {
  const { ip, ...rest } = fields;
  return app.inject({
    method: 'POST',
    url: '/api/auth/login',
    remoteAddress: ip,
    ...form({ grant_type: 'password', client_id: CLIENT_ID, client_secret: '', ...rest }),
  });
}

export function refresh(app: TestApp, refreshToken: string) {
  return app.inject({
    method: 'POST',
    url: '/api/auth/login',
    ...form({ grant_type: 'refresh_token', refresh_token: refreshToken, client_id: CLIENT_ID, client_secret: '' }),
  });
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** A registered user with a valid access token, for routes behind authentication. */
export async function signedInUser(app: TestApp) {
  const r = await registerUser(app);
  if (!r.tokens) throw new Error(`register failed: ${r.res.body}`);
  return { email: r.email, deviceId: r.deviceId, tokens: r.tokens, headers: bearer(r.tokens.access_token) };
}
