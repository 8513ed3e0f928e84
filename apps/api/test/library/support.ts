import { resolve } from 'node:path';
import { importContent } from '../../src/content/importer.ts';
import { bearer, createTestApp, registerUser, type TestContext } from '../helpers.ts';
import type { DialectName } from '@blok/db';

/** Small, stable course content for the library tests (the demo content's wording still changes). */
export const LIBRARY_FIXTURES = resolve(import.meta.dirname, '../fixtures/library-courses');

/** A fresh app with the fixture content imported and generous registration limits. */
export async function createLibraryApp(dialect: DialectName): Promise<TestContext> {
  const ctx = await createTestApp(dialect, { REGISTER_RATE_LIMIT_IP: '1000', LOGIN_RATE_LIMIT_IP: '1000' });
  await importContent(ctx.handle.db, LIBRARY_FIXTURES, { dialect });
  return ctx;
}

const CHOICES = {
  psychologie: { university: 'uva', study: 'psychologie', year: 'bachelor-1' },
  recht: { university: 'uva', study: 'rechtsgeleerdheid', year: 'bachelor-1' },
  economie: { university: 'uva', study: 'economie-en-bedrijfseconomie', year: 'bachelor-2' },
} as const;

/** A registered, signed-in student of one of the fixture studies. */
export async function student(ctx: TestContext, study: keyof typeof CHOICES = 'psychologie', options: { subscription?: boolean } = {}) {
  const r = await registerUser(ctx.app, CHOICES[study]);
  if (!r.tokens) throw new Error(`register failed: ${r.res.body}`);
  if (options.subscription) {
    await ctx.handle.db.updateTable('users').set({ has_subscription: 1 }).where('email', '=', r.email).execute();
  }
  const headers = bearer(r.tokens.access_token);
  const call = (method: 'GET' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
    ctx.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });
  return { email: r.email, headers, call };
}
