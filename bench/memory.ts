// Memory run (not a test): Blok's resident memory idle and under the bench's load.
//   npm run build && npm run bench:memory                                              (SQLite)
//   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run bench:memory    (own schema, dropped after)
// Starts the production build on a fresh database, seeds MEMORY_STUDENTS (40) students through its
// API, samples its resident memory (VmRSS) every 10 s: MEMORY_IDLE_SECONDS (30) idle, MEMORY_SECONDS
// (300) under load (the hot paths of bench/scale.ts in turn, 10 s each, MEMORY_CONNECTIONS (10)
// connections), and MEMORY_IDLE_SECONDS idle again. Reports idle, after 1, 3 and 5 minutes, the maximum
// and the growth under load after a minute of warm-up (least-squares slope, MiB per minute) in
// RESULTS.md (between its markers) and bench/results-memory-<dialect>.json.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { openDatabase } from '@blok/db';
import { ROOT, dropBenchSchema, hotPaths, load, machine, measure, rssMb, seedFixture, startBlok, writeSection, type Blok } from './harness.ts';

const SECONDS = Number(process.env.MEMORY_SECONDS ?? 300);
const IDLE_SECONDS = Number(process.env.MEMORY_IDLE_SECONDS ?? 30);
const STUDENTS = Number(process.env.MEMORY_STUDENTS ?? 40);
const CONNECTIONS = Number(process.env.MEMORY_CONNECTIONS ?? 10);
const SAMPLE_MS = 10_000;
const WARM_UP_SECONDS = 60;
/** growth beyond this (MiB per minute under load, after the warm-up) counts as growing: 60 MiB an hour */
const GROWTH_LIMIT = 1;

const pgUrl = process.env.BENCH_DATABASE_URL;
const dialect = pgUrl ? 'postgres' : 'sqlite';
const dir = mkdtempSync(join(tmpdir(), 'blok-memory-'));
const schema = `bench_memory_${randomBytes(4).toString('hex')}`;
const databaseUrl = pgUrl ? `${pgUrl}${pgUrl.includes('?') ? '&' : '?'}options=-c%20search_path%3D${schema}` : `file:${join(dir, 'memory.db')}`;

interface Sample {
  /** seconds since the load began (negative: idle before it) */
  t: number;
  phase: 'idle' | 'load' | 'after';
  rssMb: number;
}

/** Least-squares slope of y over x. */
function slope(points: Array<[number, number]>): number {
  const n = points.length;
  if (n < 2) return 0;
  const mx = points.reduce((s, [x]) => s + x, 0) / n;
  const my = points.reduce((s, [, y]) => s + y, 0) / n;
  const sxy = points.reduce((s, [x, y]) => s + (x - mx) * (y - my), 0);
  const sxx = points.reduce((s, [x]) => s + (x - mx) ** 2, 0);
  return sxx === 0 ? 0 : sxy / sxx;
}

let blok: Blok | undefined;
try {
  if (pgUrl) await (await openDatabase({ url: pgUrl, schema })).close();
  blok = await startBlok(databaseUrl, dir, randomBytes(32).toString('hex'));
  console.log(`blok up; seeding ${STUDENTS} students through the API`);
  const fixture = await seedFixture(blok.url, STUDENTS, CONNECTIONS + 10);
  const cases = hotPaths(fixture, 1000);
  const samples: Sample[] = [];
  let loadStart = Date.now() + IDLE_SECONDS * 1000;
  let phase: Sample['phase'] = 'idle';
  const sample = () => {
    const s = { t: Math.round((Date.now() - loadStart) / 1000), phase, rssMb: rssMb(blok!.proc) };
    samples.push(s);
    console.log(`${s.phase.padEnd(5)} t=${String(s.t).padStart(4)} s  rss ${s.rssMb.toFixed(1)} MiB  load ${load()}`);
  };
  const loads: string[] = [load()];

  // idle
  const idleStart = Date.now();
  loadStart = idleStart + IDLE_SECONDS * 1000;
  sample();
  while (Date.now() - idleStart < IDLE_SECONDS * 1000) {
    await new Promise((r) => setTimeout(r, SAMPLE_MS));
    sample();
  }

  // load: the hot paths in turn until the time is up, sampled every 10 s meanwhile
  phase = 'load';
  loadStart = Date.now();
  const timer = setInterval(sample, SAMPLE_MS);
  let requests = 0;
  let failed = 0;
  try {
    for (let i = 0; Date.now() - loadStart < SECONDS * 1000; i++) {
      const c = cases[i % cases.length]!;
      await c.prepare?.(blok.url);
      const left = Math.ceil((SECONDS * 1000 - (Date.now() - loadStart)) / 1000);
      const m = await measure(blok.url, c, CONNECTIONS, Math.max(1, Math.min(10, left)));
      requests += m.requests;
      failed += m.non2xx + m.errors;
      if (i % cases.length === cases.length - 1) loads.push(load());
    }
  } finally {
    clearInterval(timer);
  }
  const loadSeconds = (Date.now() - loadStart) / 1000;
  sample();

  // idle again
  phase = 'after';
  const afterStart = Date.now();
  while (Date.now() - afterStart < IDLE_SECONDS * 1000) {
    await new Promise((r) => setTimeout(r, SAMPLE_MS));
    sample();
  }

  // report
  const idle = samples.filter((s) => s.phase === 'idle');
  const underLoad = samples.filter((s) => s.phase === 'load');
  const after = samples.filter((s) => s.phase === 'after');
  // the sample nearest to that point of the load, if the load lasted that long
  const at = (seconds: number) => (underLoad.some((s) => s.t >= seconds - 5) ? underLoad.filter((s) => s.t <= seconds + 5).at(-1)?.rssMb : undefined);
  const idleMb = idle.at(-1)!.rssMb;
  const maxMb = Math.max(...samples.map((s) => s.rssMb));
  const warm = underLoad.filter((s) => s.t >= WARM_UP_SECONDS);
  const growth = slope(warm.map((s) => [s.t / 60, s.rssMb]));
  const grew = growth > GROWTH_LIMIT;
  const date = new Date().toISOString();
  const fmt = (n: number | undefined) => (n === undefined ? '–' : n.toFixed(0));
  const table = [
    `## memory, ${dialect}, ${date}`,
    '',
    `${machine()}; the production build, ${STUDENTS} students seeded through the API; ${IDLE_SECONDS} s idle, ${loadSeconds.toFixed(0)} s under load (the hot paths of the scale run in turn, 10 s each, autocannon with ${CONNECTIONS} connections: ${requests.toLocaleString('en-US')} requests, ${failed} non-2xx), ${IDLE_SECONDS} s idle again; resident memory (VmRSS) every 10 s. Load average (1 min) ${Math.min(...loads.map((l) => Number(l.split(' / ')[0]))).toFixed(1)}–${Math.max(...loads.map((l) => Number(l.split(' / ')[0]))).toFixed(1)} on ${cpus().length} cores.`,
    '',
    '| idle MiB | after 1 min MiB | after 3 min MiB | after 5 min MiB | max MiB | idle again MiB | growth after 1 min of load |',
    '|---|---|---|---|---|---|---|',
    `| ${fmt(idleMb)} | ${fmt(at(60))} | ${fmt(at(180))} | ${fmt(at(300))} | ${fmt(maxMb)} | ${fmt(after.at(-1)?.rssMb)} | ${growth >= 0 ? '+' : ''}${growth.toFixed(2)} MiB/min: ${grew ? `**grew** (more than ${GROWTH_LIMIT} MiB/min)` : `did not grow (limit ${GROWTH_LIMIT} MiB/min)`} |`,
    '',
    `Samples (s since the load began: MiB): ${samples.map((s) => `${s.t}: ${s.rssMb.toFixed(0)}`).join(', ')}.`,
    '',
  ].join('\n');
  console.log(`\n${table}`);
  writeFileSync(join(ROOT, `bench/results-memory-${dialect}.json`), `${JSON.stringify({ dialect, date, machine: machine(), connections: CONNECTIONS, seconds: SECONDS, idleSeconds: IDLE_SECONDS, requests, failed, idleMb, maxMb, growthMbPerMinute: growth, grew, loads, samples }, null, 2)}\n`);
  writeSection(join(ROOT, 'bench/RESULTS.md'), `memory-${dialect}`, table, (f) => readFileSync(f, 'utf8'), writeFileSync);
} finally {
  await blok?.stop();
  if (pgUrl) await dropBenchSchema(pgUrl, schema);
  rmSync(dir, { recursive: true, force: true });
}
