// Benchmarks (not tests): bundle-size budgets and API throughput ratios, measured in one run.
//   npm run bench                 SQLite
//   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run bench
// Prints a table; exits 1 when a bundle budget is exceeded.
import { mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { randomBytes } from 'node:crypto';
import { CLIENT_ID } from '@blok/contract';
import { dropSchema } from '@blok/db';
import { buildApp } from '../apps/api/src/app.ts';
import { loadEnv } from '../apps/api/src/env.ts';

const ROOT = resolve(import.meta.dirname, '..');

/** Gzipped bytes budgets for what a first visit downloads before the router renders a screen. */
const BUDGETS = { initialJsGzip: 170 * 1024, cssGzip: 30 * 1024, largestLazyChunkGzip: 60 * 1024 };

function bundleReport(): boolean {
  const dist = join(ROOT, 'apps/web/dist');
  const indexHtml = join(dist, 'index.html');
  try {
    statSync(indexHtml);
  } catch {
    console.log('bundle: apps/web/dist missing, run `npm run build` first');
    return true;
  }
  const html = readFileSync(indexHtml, 'utf8');
  const initial = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]!);
  const gz = (f: string) => gzipSync(readFileSync(join(dist, f))).length;
  const initialJs = initial.filter((f) => f.endsWith('.js')).reduce((n, f) => n + gz(f), 0);
  const css = initial.filter((f) => f.endsWith('.css')).reduce((n, f) => n + gz(f), 0);
  const lazy = readdirSync(join(dist, 'assets'))
    .filter((f) => f.endsWith('.js') && !initial.includes(`assets/${f}`))
    .map((f) => ({ f, size: gz(`assets/${f}`) }))
    .sort((a, b) => b.size - a.size);
  const rows = [
    ['initial JS (gzip)', initialJs, BUDGETS.initialJsGzip],
    ['initial CSS (gzip)', css, BUDGETS.cssGzip],
    [`largest lazy chunk (gzip) ${lazy[0]?.f ?? ''}`, lazy[0]?.size ?? 0, BUDGETS.largestLazyChunkGzip],
  ] as const;
  let ok = true;
  console.log('\nbundle budgets');
  for (const [name, size, budget] of rows) {
    const pass = size <= budget;
    ok &&= pass;
    console.log(`  ${pass ? 'ok  ' : 'OVER'} ${name}: ${(size / 1024).toFixed(1)} KiB of ${(budget / 1024).toFixed(0)} KiB`);
  }
  return ok;
}

async function throughput(): Promise<void> {
  const url = process.env.BENCH_DATABASE_URL;
  const dir = mkdtempSync(join(tmpdir(), 'blok-bench-'));
  const schema = `bench_${randomBytes(4).toString('hex')}`;
  const env = loadEnv({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATABASE_URL: url ?? `file:${join(dir, 'bench.db')}`,
    SEED_DEMO: 'true',
    API_RATE_LIMIT_PER_MINUTE: '10000000',
    LOGIN_RATE_LIMIT_IP: '100000',
    REGISTER_RATE_LIMIT_IP: '100000',
  });
  const app = await buildApp({ env, logger: false, serveWeb: false, databaseSchema: url ? schema : undefined });
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  try {
    const form = new URLSearchParams({
      device_id: `bench-${randomBytes(6).toString('hex')}`,
      grant_type: 'external_register',
      client_id: CLIENT_ID,
      email: `bench.${Date.now()}@example.nl`,
      password: 'Bench#2024x',
      university: 'uva',
      study: 'psychologie',
      year: 'bachelor-1',
    });
    const reg = await fetch(`${address}/api/auth/register`, { method: 'POST', body: form });
    const { access_token } = (await reg.json()) as { access_token: string };
    const auth = { authorization: `Bearer ${access_token}` };

    const cases: Array<[string, string, Record<string, string>]> = [
      ['GET /api/health', '/api/health', {}],
      ['GET /api/catalogue', '/api/catalogue', {}],
      ['GET /api/user/profile', '/api/user/profile', auth],
      ['GET /api/library', '/api/library', auth],
    ];
    const REQUESTS = 2000;
    const CONCURRENCY = 16;
    const results: Array<[string, number]> = [];
    for (const [name, path, headers] of cases) {
      const probe = await fetch(`${address}${path}`, { headers });
      if (!probe.ok) {
        console.log(`  skip ${name}: ${probe.status}`);
        continue;
      }
      let sent = 0;
      const start = performance.now();
      await Promise.all(
        Array.from({ length: CONCURRENCY }, async () => {
          while (sent < REQUESTS) {
            sent++;
            const r = await fetch(`${address}${path}`, { headers });
            await r.arrayBuffer();
          }
        }),
      );
      results.push([name, REQUESTS / ((performance.now() - start) / 1000)]);
    }
    const base = results[0]?.[1] ?? 1;
    console.log(`\nAPI throughput on ${app.database.dialect} (${REQUESTS} requests, concurrency ${CONCURRENCY}, one process)`);
    for (const [name, rps] of results) console.log(`  ${name.padEnd(24)} ${rps.toFixed(0).padStart(7)} req/s   ratio to health ${(rps / base).toFixed(2)}`);
  } finally {
    await app.close();
    if (url) await dropSchema(url, schema);
    rmSync(dir, { recursive: true, force: true });
  }
}

const bundleOk = bundleReport();
await throughput();
process.exit(bundleOk ? 0 : 1);
