import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest, openDatabase, type DatabaseHandle } from '@blok/db';
import { buildApp } from '../src/app.ts';
import { loadEnv, STAND_INS } from '../src/env.ts';
import { bearer, createTestApp, DIALECTS, login, PASSWORD, refresh, registerUser, type TestApp } from './helpers.ts';

/**
 * Decision 019: every stand-in for a well-kept library (the token signer, prepared statements on
 * PostgreSQL, the SQLite checkpointer) can be switched back to it with STAND_INS_OFF, and the app
 * answers the same either way. The checkpointer's and the prepared statements' own tests are in
 * packages/db (checkpointer.test.ts, prepared.test.ts).
 */

describe('STAND_INS_OFF', () => {
  it('takes a list of stand-in names or all, and refuses a name it does not know', () => {
    expect(Object.keys(STAND_INS).sort()).toEqual(['pg-prepared', 'sqlite-checkpointer', 'token-signer']);
    expect([...loadEnv({ NODE_ENV: 'test' }).STAND_INS_OFF]).toEqual([]);
    expect([...loadEnv({ NODE_ENV: 'test', STAND_INS_OFF: 'pg-prepared, token-signer' }).STAND_INS_OFF]).toEqual(['pg-prepared', 'token-signer']);
    expect([...loadEnv({ NODE_ENV: 'test', STAND_INS_OFF: 'all' }).STAND_INS_OFF].sort()).toEqual(Object.keys(STAND_INS).sort());
    expect(() => loadEnv({ NODE_ENV: 'test', STAND_INS_OFF: 'helmet' })).toThrow(/STAND_INS_OFF: unknown stand-in\(s\) helmet/);
  });

  it('says so when it names a stand-in given back to its library (issue 42)', () => {
    for (const retired of ['request-limit', 'security-headers', 'compress-json', 'access-log']) {
      expect(() => loadEnv({ NODE_ENV: 'test', STAND_INS_OFF: `pg-prepared,${retired}` }), retired).toThrow(new RegExp(`STAND_INS_OFF: ${retired}: no stand-in any more, the library always runs`));
    }
  });
});

describe('the token signer and its library answer alike', () => {
  let handle: DatabaseHandle;
  const apps: Record<'standIns' | 'libraries', TestApp> = {} as never;

  beforeAll(async () => {
    handle = await openDatabase({ url: ':memory:' });
    await migrateToLatest(handle.db);
    for (const [name, off] of [['standIns', ''], ['libraries', 'all']] as const) {
      const env = loadEnv({ NODE_ENV: 'test', SEED_DEMO: 'false', JOBS: 'off', STAND_INS_OFF: off });
      apps[name] = await buildApp({ env, database: handle, serveWeb: false, logger: false });
      await apps[name].ready();
    }
  });
  afterAll(async () => {
    for (const app of Object.values(apps)) await app?.close();
    await handle?.close();
  });

  it('signs access tokens with node:crypto or with jose, and either verifies', async () => {
    expect(apps.standIns.services.tokens.signer).toBe('node');
    expect(apps.libraries.services.tokens.signer).toBe('jose');
    for (const app of Object.values(apps)) {
      const { tokens } = await registerUser(app);
      const profile = await app.inject({ method: 'GET', url: '/api/user/profile', headers: bearer(tokens!.access_token) });
      expect(profile.statusCode, profile.body).toBe(200);
    }
  });
});

describe.each(DIALECTS)('Blok on the libraries alone (STAND_INS_OFF=all, %s)', (dialect) => {
  let app: TestApp;
  let close: () => Promise<void>;
  beforeAll(async () => {
    const ctx = await createTestApp(dialect, { STAND_INS_OFF: 'all' });
    app = ctx.app;
    close = ctx.close;
  });
  afterAll(async () => close?.());

  it('registers, signs in again, refreshes and answers her profile', async () => {
    const { tokens, email, deviceId } = await registerUser(app);
    const again = await login(app, { username: email, password: PASSWORD, device_id: deviceId });
    expect(again.statusCode, again.body).toBe(200);
    const renewed = await refresh(app, again.json().refresh_token);
    expect(renewed.statusCode, renewed.body).toBe(200);
    expect(renewed.json().access_token).not.toBe(tokens!.access_token);
    const profile = await app.inject({ method: 'GET', url: '/api/user/profile', headers: bearer(renewed.json().access_token) });
    expect(profile.statusCode, profile.body).toBe(200);
    expect(profile.json().email).toBe(email);
  });
});
