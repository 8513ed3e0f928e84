import { readFileSync, readdirSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join, relative } from 'node:path';
import { defineConfig } from 'vitest/config';

// One Vitest run for every workspace: unit tests beside the code, API tests against real databases,
// and the web app's component tests (its own config, jsdom).

const root = import.meta.dirname;
const API_TESTS = ['apps/api/src', 'apps/api/test'];

function testFiles(dir: string): string[] {
  return readdirSync(join(root, dir), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.test.ts'))
    .map((entry) => relative(root, join(entry.parentPath, entry.name)));
}

/**
 * The API's test files share one module graph per worker (`isolate: false`): each file builds its own
 * app over its own database, so nothing of one file reaches the next, and importing the app once per
 * worker instead of once per file halves the API stage's CPU time (9 question files: 17.3 s of CPU and
 * 52 s isolated, 7.1 s and 26 s shared; bench/RESULTS.md). A file that replaces a module with
 * `vi.mock` would change it for the files after it, so such files run isolated, found by their text.
 */
const mocking = API_TESTS.flatMap(testFiles).filter((file) => /\bvi\.(?:do)?[mM]ock\(/.test(readFileSync(join(root, file), 'utf8')));

const api = {
  include: ['apps/api/src/**/*.test.ts', 'apps/api/test/**/*.test.ts'],
  environment: 'node',
  testTimeout: 30_000,
  hookTimeout: 60_000,
} as const;

export default defineConfig({
  test: {
    // A worker per core. Vitest's default leaves one core to its own process (cores - 1): on CI's two
    // cores that is one worker, and the run kept one core idle most of the time (433 s, 1.0 core busy
    // on average; with two workers 329 s, bench/RESULTS.md "CI time").
    maxWorkers: availableParallelism(),
    projects: [
      {
        test: {
          name: 'packages',
          include: ['packages/*/src/**/*.test.ts'],
          environment: 'node',
        },
      },
      { test: { ...api, name: 'api', exclude: mocking, isolate: false } },
      ...(mocking.length > 0 ? [{ test: { ...api, name: 'api-isolated', include: mocking } }] : []),
      {
        test: {
          name: 'scripts',
          include: ['scripts/**/*.test.mjs'],
          environment: 'node',
        },
      },
      'apps/web',
    ],
  },
});
