import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { readOwners } from './owned-tables.mjs';

const root = resolve(import.meta.dirname, '../..');
const fixture = readFileSync(join(import.meta.dirname, 'fixtures/foreign-table.ts'), 'utf8');
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
});
