import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { readOwners } from './owned-tables.mjs';

const root = resolve(import.meta.dirname, '../..');
const fixture = readFileSync(join(import.meta.dirname, 'fixtures/foreign-table.ts'), 'utf8');
const hidden = readFileSync(join(import.meta.dirname, 'fixtures/hidden-tables.ts'), 'utf8');
const eslint = new ESLint({ cwd: root });

/** The rule's messages for a text linted as if it were the file at `path` (relative to the root). */
async function ownedTableMessages(text, path) {
  const [result] = await eslint.lintText(text, { filePath: join(root, path) });
  return result.messages.filter((m) => m.ruleId === 'blok/owned-tables').map((m) => [m.line, m.message]);
}

describe('lint: only a table’s owner names it in a query (decision 020)', { timeout: 60_000 }, () => {
  it('reads the owners from packages/db/src/schema', () => {
    const owners = readOwners(join(root, 'packages/db/src/schema'));
    expect(owners.get('rate_limits')).toMatchObject({ folders: ['auth'], file: 'auth.ts' });
    expect(owners.get('users')).toMatchObject({ folders: ['auth', 'user'] });
    expect(owners.get('chapters')).toMatchObject({ folders: ['library'], importers: ['content'] });
    expect(owners.get('reading_progress')).toMatchObject({ folders: ['library'], importers: [] });
  });

  it("refuses a repository that names another feature's table, in a builder or in sql", async () => {
    const messages = await ownedTableMessages(fixture, 'apps/api/src/shop/fixture-repository.ts');
    expect(messages).toEqual([
      [5, expect.stringContaining('`devices` belongs to auth (packages/db/src/schema/auth.ts): shop does not name it')],
      [9, expect.stringContaining('`rate_limits` belongs to auth (packages/db/src/schema/auth.ts): shop does not name it')],
    ]);
  });

  it("passes the owner's own folder, and the content import for the catalogue only", async () => {
    expect(await ownedTableMessages(fixture.replace(/orders as o/, 'refresh_tokens as o'), 'apps/api/src/auth/fixture-repository.ts')).toEqual([]);
    // a crossing on the list (eslint.config.js TABLE_CROSSINGS) passes until it is removed
    const listed = new ESLint({
      cwd: root,
      overrideConfig: {
        files: ['apps/api/src/**/*.ts'],
        rules: { 'blok/owned-tables': ['error', { root, schemaDir: join(root, 'packages/db/src/schema'), allowed: [{ folder: 'shop', table: 'users' }] }] },
      },
    });
    const [result] = await listed.lintText("export const q = (db) => db.selectFrom('users').selectAll();\n", { filePath: join(root, 'apps/api/src/shop/x.ts') });
    expect(result.messages.filter((m) => m.ruleId === 'blok/owned-tables')).toEqual([]);
    expect(await ownedTableMessages("export const q = (db) => db.selectFrom('users').selectAll();\n", 'apps/api/src/shop/x.ts')).toHaveLength(1);
    expect(await ownedTableMessages("export const q = (db) => db.selectFrom('chapters').selectAll();\n", 'apps/api/src/content/x.ts')).toEqual([]);
    expect(await ownedTableMessages("export const q = (db) => db.deleteFrom('reading_progress');\n", 'apps/api/src/content/x.ts')).toHaveLength(1);
    // outside the API's features (the fixture's own place) the rule does not apply
    expect(await ownedTableMessages(fixture, 'scripts/eslint/fixtures/foreign-table.ts')).toEqual([]);
  });

  it('sees a table through sql.raw, a schema, sql.id/sql.ref and a FROM list, and refuses a table named at run time', async () => {
    const messages = await ownedTableMessages(hidden, 'apps/api/src/shop/fixture-repository.ts');
    const foreign = (table, owner) => expect.stringContaining(`\`${table}\` belongs to ${owner} `);
    const dynamic = expect.stringContaining('named at run time');
    expect(messages).toEqual([
      [7, foreign('session_questions', 'questions')],
      [8, foreign('users', 'auth and user')],
      [9, foreign('users', 'auth and user')],
      [10, foreign('users', 'auth and user')],
      [11, foreign('users', 'auth and user')],
      [12, dynamic],
      [13, dynamic],
      [14, dynamic],
      [15, foreign('devices', 'auth')],
      [16, foreign('refresh_tokens', 'auth')],
      [17, foreign('devices', 'auth')],
      [18, dynamic],
    ]);
  });

  it('refuses a table named at run time in the owner’s own folder too', async () => {
    const text = "export const q = (db, t) => db.selectFrom(t).selectAll();\n";
    expect(await ownedTableMessages(text, 'apps/api/src/questions/x.ts')).toEqual([[1, expect.stringContaining('named at run time')]]);
  });

  it('gives a file directly in apps/api/src no table', async () => {
    const text = "export const q = (db) => db.selectFrom('orders').selectAll();\n";
    for (const file of ['app.ts', 'env.ts', 'errors.ts', 'server.ts']) {
      expect(await ownedTableMessages(text, `apps/api/src/${file}`)).toEqual([[1, expect.stringContaining('`orders` belongs to shop')]]);
    }
    expect(await ownedTableMessages(text, 'apps/api/src/shop/x.ts')).toEqual([]);
  });
});
