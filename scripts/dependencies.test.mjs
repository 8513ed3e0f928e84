import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { checkAll, packageOf } from './dependencies.mjs';

let root;
/** A small monorepo in a temporary folder: { 'path': text or object (JSON) }. */
function repo(files) {
  root = mkdtempSync(join(tmpdir(), 'blok-deps-'));
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), typeof content === 'string' ? content : JSON.stringify(content));
  }
  return root;
}
afterEach(() => {
  if (root) rmSync(root, { recursive: true, force: true });
  root = undefined;
});

describe('every workspace declares what it imports (issue 42)', () => {
  it('names the package of a specifier, never a file, a builtin or a virtual module', () => {
    expect(packageOf('@fastify/helmet')).toBe('@fastify/helmet');
    expect(packageOf('vite/client')).toBe('vite');
    expect(packageOf('@blok/contract/errors')).toBe('@blok/contract');
    for (const s of ['./x.ts', '../y', 'node:fs', 'fs', 'virtual:pwa-register', '#internal']) expect(packageOf(s)).toBeNull();
  });

  it('refuses an import that resolves only because another workspace declares it', () => {
    repo({
      'package.json': { name: 'root', workspaces: ['a', 'b'] },
      'a/package.json': { name: '@x/a', dependencies: { yaml: '^2.8.0' } },
      'a/src/read.ts': "import { parse } from 'yaml';\nexport const read = parse;\n",
      'b/package.json': { name: '@x/b', dependencies: { zod: '^4.0.0' } },
      'b/src/index.ts': [
        "import { z } from 'zod';",
        "import type { Document } from 'yaml';",
        "const sqlite = await import('better-sqlite3');",
        "// import 'in-a-comment';",
        "const text = \"import 'in-a-string'\";",
        "export { z, sqlite, text, type Document };",
      ].join('\n'),
    });
    expect(checkAll(root)).toEqual([
      'b: imports yaml (b/src/index.ts) without declaring it in b/package.json',
      'b: imports better-sqlite3 (b/src/index.ts) without declaring it in b/package.json',
    ]);
  });

  it('refuses a declared package nothing imports, and passes one used another way', () => {
    repo({
      'package.json': { name: 'root', workspaces: ['a'] },
      'a/package.json': {
        name: '@x/a',
        scripts: { start: 'node --import tsx src/main.ts' },
        dependencies: { helmet: '^8.0.0', '@fastify/helmet': '^13.0.0', tsx: '^4.0.0' },
        devDependencies: { '@types/node': '^20.0.0' },
      },
      'a/tsconfig.json': '{ "compilerOptions": { "types": ["node"], } }',
      'a/src/main.ts': "import helmet from '@fastify/helmet';\nexport default helmet;\n",
    });
    expect(checkAll(root)).toEqual(['a: declares helmet in a/package.json but nothing imports it']);
  });

  it('counts the root as a workspace of its files outside the others', () => {
    repo({
      'package.json': { name: 'root', workspaces: ['a'], devDependencies: { vitest: '^4.0.0' } },
      'a/package.json': { name: '@x/a' },
      'a/x.test.ts': "import { it } from 'vitest';\nit('runs', () => {});\n",
      'scripts/check.mjs': "import pg from 'pg';\nimport { describe } from 'vitest';\nexport { pg, describe };\n",
    });
    expect(checkAll(root)).toEqual([
      'a: imports vitest (a/x.test.ts) without declaring it in a/package.json',
      '.: imports pg (scripts/check.mjs) without declaring it in package.json',
    ]);
  });
});
