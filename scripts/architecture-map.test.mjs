// docs/architecture.md is the map of the house (issue 42): it names every feature folder of both
// apps. A folder added without a line there fails here, so the map stays current.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..');
const map = readFileSync(join(root, 'docs/architecture.md'), 'utf8');
const folders = (dir) =>
  readdirSync(join(root, dir), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);

describe('docs/architecture.md', () => {
  it.each([
    ['apps/api/src', folders('apps/api/src').filter((name) => name !== 'routes')],
    ['apps/web/src/features', folders('apps/web/src/features')],
  ])('names every folder of %s', (_dir, names) => {
    const missing = names.filter((name) => !map.includes(`\`${name}/\``));
    expect(missing).toEqual([]);
  });

  it('cites nothing outside the repository', () => {
    expect(map).not.toMatch(/\.\.\/shared|ARCHITECTURE\.md/);
  });
});
