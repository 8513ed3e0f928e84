// Bundles the API (and the workspace packages it imports as TypeScript) into dist/server.js.
// npm dependencies stay external and load from node_modules at run time.
import { build } from 'esbuild';
import { cpSync, rmSync } from 'node:fs';

const workspaceOrRelative = /^(\.|\/|@blok\/)/;

rmSync(new URL('./dist', import.meta.url), { recursive: true, force: true });
await build({
  // the card import's parsing thread and the work threads are entries of their own: runner.ts starts
  // dist/card-import-worker.js, threads/pool.ts dist/work-worker.js
  entryPoints: [
    'src/server.ts',
    'src/cli/content-import.ts',
    { in: 'src/card-import/worker.ts', out: 'card-import-worker' },
    { in: 'src/threads/worker.ts', out: 'work-worker' },
    { in: 'src/courses/pdf-worker.ts', out: 'course-pdf-worker' },
    { in: 'src/web-render/worker.ts', out: 'web-render-worker' },
  ],
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  // dynamic imports become chunks of their own: the parsing thread loads the Anki reader (SQLite,
  // sanitize-html) on its first package, not before a text
  splitting: true,
  target: 'node20',
  sourcemap: true,
  logLevel: 'warning',
  plugins: [
    {
      name: 'externalize-npm',
      setup(b) {
        b.onResolve({ filter: /.*/ }, (args) => {
          if (args.kind === 'entry-point' || workspaceOrRelative.test(args.path) || args.path.startsWith('node:')) return undefined;
          return { path: args.path, external: true };
        });
      },
    },
  ],
  // import.meta.dirname in bundled modules points at dist/, so content paths are passed explicitly.
  define: { 'process.env.BLOK_BUNDLED': '"1"' },
});
// The demo content ships beside the bundle so the seed finds it.
cpSync(new URL('../../packages/content/courses', import.meta.url), new URL('./dist/courses', import.meta.url), { recursive: true });
