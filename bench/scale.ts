// Scale run (not a test): the hot paths on a small database and on a large one, same students.
//   npm run build && npm run bench:scale                                                  (SQLite file)
//   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run bench:scale        (own schema, dropped after)
// 1. creates two databases, small and large; on each, the production build imports the demo content
//    on start and SCALE_FIXTURE_STUDENTS (40) students are seeded through its API (practice sessions,
//    reading progress, flashcard sessions): the students whose requests are measured;
// 2. seeds SCALE_STUDENTS (100 000) more students and SCALE_ANSWERS (1 000 000) saved answers into
//    the large one with SQL (bench/seed-scale.ts); on PostgreSQL, vacuums and analyzes every table of
//    both (the server may run without autovacuum, as CI's does);
// 3. serves both at once and measures every hot path (and exam-ready's plan, readiness and progress
//    calls) on each: SCALE_CONNECTIONS (10) connections,
//    a 1 s warm-up, SCALE_ROUNDS (3) interleaved runs of SCALE_SECONDS (4) s (save-answer and
//    refresh: a fixed count of requests);
// 4. writes p50/p99 of both and the large/small ratios into RESULTS.md (between its markers) and
//    bench/results-scale-<dialect>.json.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { Agent, request } from 'node:http';
import { openDatabase } from '@blok/db';
import { ROOT, call, dropBenchSchema, hotPaths, load, machine, measure, median, rssMb, seedFixture, startBlok, writeSection, type Blok, type Case, type Fixture, type Measurement, type Req } from './harness.ts';
import { analyzeSchema, seedScale } from './seed-scale.ts';

const STUDENTS = Number(process.env.SCALE_STUDENTS ?? 100_000);
const ANSWERS = Number(process.env.SCALE_ANSWERS ?? 1_000_000);
const FIXTURE = Number(process.env.SCALE_FIXTURE_STUDENTS ?? 40);
const CONNECTIONS = Number(process.env.SCALE_CONNECTIONS ?? 10);
const ROUNDS = Number(process.env.SCALE_ROUNDS ?? 3);
const SECONDS = Number(process.env.SCALE_SECONDS ?? 4);
const REFRESH_REQUESTS = Number(process.env.SCALE_REFRESH_REQUESTS ?? 1000);
const SERIAL = Number(process.env.SCALE_SERIAL_REQUESTS ?? 300);
const ONLY = process.env.BENCH_ONLY ? new RegExp(process.env.BENCH_ONLY, 'i') : undefined;
const GOAL = 1.3;

const pgUrl = process.env.BENCH_DATABASE_URL;
const dialect = pgUrl ? 'postgres' : 'sqlite';
const dir = mkdtempSync(join(tmpdir(), 'blok-scale-'));
const JWT_SECRET = randomBytes(32).toString('hex');

/** One database (the small or the large one) and the Blok serving it. */
interface Target {
  label: 'small' | 'large';
  schema: string;
  /** what Blok is started with */
  databaseUrl: string;
  blok?: Blok;
  fixture?: Fixture;
  cases?: Case[];
  rows: Record<string, Measurement[]>;
}

function target(label: Target['label']): Target {
  const schema = `bench_scale_${label}_${randomBytes(4).toString('hex')}`;
  const databaseUrl = pgUrl ? `${pgUrl}${pgUrl.includes('?') ? '&' : '?'}options=-c%20search_path%3D${schema}` : `file:${join(dir, `${label}.db`)}`;
  return { label, schema, databaseUrl, rows: {} };
}

/**
 * One request at a time, alternating small and large request by request (keep-alive, µs clock): the
 * latency of each server with no queue in front of it. On a shared machine the concurrent runs' p50
 * moves with everyone else's load between two runs; here a change of load hits both alike within
 * milliseconds, so the ratio of these medians is the steadier answer to "is the large database slower".
 */
async function serial(pairs: Array<{ t: Target; c: Case }>, count: number): Promise<number[][]> {
  const agents = pairs.map(() => new Agent({ keepAlive: true, maxSockets: 1 }));
  const send = (base: string, agent: Agent, r: Req) =>
    new Promise<{ status: number; body: string; ms: number }>((resolve, reject) => {
      const u = new URL(base);
      const start = process.hrtime.bigint();
      const req = request({ host: u.hostname, port: u.port, path: r.path, method: r.method ?? 'GET', headers: r.headers, agent }, (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (d: string) => (body += d));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body, ms: Number(process.hrtime.bigint() - start) / 1e6 }));
      });
      req.on('error', reject);
      if (r.body) req.write(r.body);
      req.end();
    });
  const out = pairs.map(() => [] as number[]);
  try {
    for (let i = 0; i < count + 20; i++) {
      for (const k of i % 2 ? [...pairs.keys()].reverse() : pairs.keys()) {
        const { t, c } = pairs[k]!;
        const context: Record<string, unknown> = {};
        const r = await send(t.blok!.url, agents[k]!, c.request(context));
        c.onResponse?.(r.status, r.body, context);
        if (r.status >= 300) throw new Error(`serial ${c.name} on ${t.label}: ${r.status} ${r.body}`);
        if (i >= 20) out[k]!.push(r.ms); // the first 20 warm up
      }
    }
  } finally {
    for (const a of agents) a.destroy();
  }
  return out;
}

const ZONE = 'Europe/Amsterdam';

/**
 * Exam-ready (issue 27): each measured student gets an exam plan on the subject of the fixture's
 * summary (her practice session, reading progress and flashcard session are in it), through the API;
 * the calls are today's plan (Home's 'Vandaag'), the subject's readiness and its progress page. The
 * first call of each student builds her aggregates and the day's plan: the warm-up makes it.
 */
async function examReady(base: string, f: Fixture): Promise<Case[]> {
  const token = f.students[0]!.access;
  const lib = await call<{ subjects: Array<{ id: string }> }>(base, '/api/library', { token });
  let subjectId = '';
  for (const subject of lib.subjects) {
    const d = await call<{ summaries: Array<{ id: string }> }>(base, `/api/subjects/${subject.id}`, { token });
    if (d.summaries.some((x) => x.id === f.summaryId)) {
      subjectId = subject.id;
      break;
    }
  }
  if (!subjectId) throw new Error(`no subject of her library holds summary ${f.summaryId}`);
  const examDate = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
  for (const s of f.students) {
    await call(base, `/api/subjects/${subjectId}/exam-plan`, {
      method: 'PUT',
      token: s.access,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ examDate, minutesPerDay: 30, studyDays: [1, 2, 3, 4, 5, 6, 7], timeZone: ZONE }),
    });
  }
  let rr = 0;
  const next = () => f.students[rr++ % f.students.length]!;
  const get = (path: string) => () => ({ path, headers: { authorization: `Bearer ${next().access}` } });
  const zone = encodeURIComponent(ZONE);
  return [
    { name: 'plan today', request: get(`/api/plan/today?timeZone=${zone}`) },
    { name: 'readiness', request: get(`/api/subjects/${subjectId}/readiness?timeZone=${zone}`) },
    { name: 'progress', request: get(`/api/subjects/${subjectId}/progress?timeZone=${zone}`) },
  ];
}

const began = Date.now();
const targets = [target('small'), target('large')] as const;
const [small, large] = targets;
try {
  // 1. each database: the demo content (Blok's start imports it) and the measured students, through the API
  for (const t of targets) {
    if (pgUrl) await (await openDatabase({ url: pgUrl, schema: t.schema })).close();
    t.blok = await startBlok(t.databaseUrl, dir, JWT_SECRET);
    console.log(`${t.label}: blok up; seeding ${FIXTURE} students through the API`);
    t.fixture = await seedFixture(t.blok.url, FIXTURE, CONNECTIONS + 10);
    t.cases = [...hotPaths(t.fixture, REFRESH_REQUESTS), ...(await examReady(t.blok.url, t.fixture))].filter((c) => !ONLY || ONLY.test(c.name));
    await t.blok.stop();
  }

  // 2. the large one: everyone else, with SQL
  const handle = await openDatabase({ url: pgUrl ?? large.databaseUrl, ...(pgUrl ? { schema: large.schema } : {}) });
  let counts: Record<string, number>;
  const seedStart = Date.now();
  try {
    const { password_hash: passwordHash } = await handle.db.selectFrom('users').select('password_hash').executeTakeFirstOrThrow();
    console.log(`large: seeding ${STUDENTS} students and ${ANSWERS} saved answers with SQL`);
    counts = await seedScale(handle, { students: STUDENTS, answers: ANSWERS, passwordHash, log: (l) => console.log(l) });
  } finally {
    await handle.close();
  }
  const seedSeconds = (Date.now() - seedStart) / 1000;
  // PostgreSQL: both with the statistics autovacuum would give them (see analyzeSchema)
  if (pgUrl) {
    for (const t of targets) {
      const h = await openDatabase({ url: pgUrl, schema: t.schema });
      try {
        console.log(`${t.label}: vacuum (analyze) of ${await analyzeSchema(h)} tables`);
      } finally {
        await h.close();
      }
    }
  }

  // 3. both served at once, measured path by path in interleaved rounds (small first in odd rounds,
  //    large first in even ones), so that a change of the machine's load hits both alike
  for (const t of targets) t.blok = await startBlok(t.databaseUrl, dir, JWT_SECRET);
  const loads: string[] = [load()];
  const serialRows: Record<string, { small: number; large: number; smallP90: number; largeP90: number }> = {};
  const quantile = (xs: number[], q: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(q * xs.length))]!;
  const names = small.cases!.map((c) => c.name);
  for (const name of names) {
    for (const t of targets) {
      // warm-up: the statement cache, the page cache and the JIT, for this path
      const c = t.cases!.find((x) => x.name === name)!;
      await c.prepare?.(t.blok!.url);
      if (!c.amount) await measure(t.blok!.url, c, CONNECTIONS, 1);
    }
    for (let round = 0; round < ROUNDS; round++) {
      for (const t of round % 2 === 0 ? [small, large] : [large, small]) {
        const c = t.cases!.find((x) => x.name === name)!;
        await c.prepare?.(t.blok!.url);
        const m = await measure(t.blok!.url, c, CONNECTIONS, SECONDS);
        (t.rows[name] ??= []).push(m);
        console.log(`${t.label} ${name.padEnd(24)} ${m.reqPerSec.toFixed(0).padStart(6)} req/s p50 ${m.p50} ms p99 ${m.p99} ms${m.non2xx + m.errors ? ` non-2xx/errors ${m.non2xx + m.errors}` : ''}`);
      }
    }
    // one at a time, alternating (not save-answer: each request consumes an unanswered question)
    if (SERIAL > 0 && name !== 'save-answer') {
      const pairs = targets.map((t) => ({ t, c: t.cases!.find((x) => x.name === name)! }));
      await pairs[0]!.c.prepare?.(small.blok!.url);
      await pairs[1]!.c.prepare?.(large.blok!.url);
      const [s, l] = await serial(pairs, SERIAL);
      serialRows[name] = { small: median(s!), large: median(l!), smallP90: quantile(s!, 0.9), largeP90: quantile(l!, 0.9) };
      console.log(`serial ${name.padEnd(24)} p50 small ${serialRows[name].small.toFixed(2)} ms large ${serialRows[name].large.toFixed(2)} ms`);
    }
    loads.push(load());
  }
  const memory = { small: rssMb(small.blok!.proc), large: rssMb(large.blok!.proc) };
  for (const t of targets) await t.blok!.stop();

  // 4. report
  const rows = names.map((name) => {
    const s = small.rows[name] ?? [];
    const l = large.rows[name] ?? [];
    const sp50 = median(s.map((m) => m.p50));
    const sp99 = median(s.map((m) => m.p99));
    const lp50 = median(l.map((m) => m.p50));
    const lp99 = median(l.map((m) => m.p99));
    return {
      name,
      small: { reqPerSec: median(s.map((m) => m.reqPerSec)), p50: sp50, p99: sp99 },
      large: { reqPerSec: median(l.map((m) => m.reqPerSec)), p50: lp50, p99: lp99 },
      // a latency of 0-1 ms is below autocannon's resolution: compare against at least 1 ms
      p50Ratio: Math.max(lp50, 1) / Math.max(sp50, 1),
      p99Ratio: Math.max(lp99, 1) / Math.max(sp99, 1),
      failed: [...s, ...l].reduce((n, m) => n + m.non2xx + m.errors, 0),
      serial: serialRows[name],
    };
  });
  const date = new Date().toISOString();
  const rowsTotal = Object.values(counts).reduce((a, b) => a + b, 0);
  const fmt = (n: number) => Math.round(n).toLocaleString('en-US');
  const table = [
    `## scale, ${dialect}, ${date}`,
    '',
    `${machine()}; Blok alone (production build), autocannon, ${CONNECTIONS} connections, 1 s warm-up then ${ROUNDS} runs of ${SECONDS} s per path interleaved small/large (save-answer: one request per unanswered question of ${FIXTURE} students; refresh: ${REFRESH_REQUESTS} requests), medians. Both databases hold the demo content and ${FIXTURE} students seeded through the API (the measured ones)${pgUrl ? '; every table of both vacuumed and analyzed before the runs' : ''}. Large: ${fmt(STUDENTS)} students and ${fmt(counts.session_questions ?? 0)} session questions (${fmt(ANSWERS)}+ saved answers), ${fmt(rowsTotal)} rows seeded with SQL in ${seedSeconds.toFixed(0)} s. Load average (1 min) during the runs ${Math.min(...loads.map((l) => Number(l.split(' / ')[0]))).toFixed(1)}–${Math.max(...loads.map((l) => Number(l.split(' / ')[0]))).toFixed(1)} on ${cpus().length} cores. Ratio = large / small (goal ≤ ${GOAL}); latencies below 1 ms count as 1 ms. Serial: after each path's runs, ${SERIAL} requests one at a time on each, alternating small and large request by request (keep-alive; not save-answer), medians in ms: the service time of each with no queue in front of it, steadier than the concurrent p50 on a shared machine.`,
    '',
    '| path | small req/s | small p50 ms | small p99 ms | large req/s | large p50 ms | large p99 ms | p50 ratio | p99 ratio | non-2xx | serial p50 ms small / large | serial ratio |',
    '|---|---|---|---|---|---|---|---|---|---|---|---|',
    ...rows.map((r) => `| ${r.name} | ${fmt(r.small.reqPerSec)} | ${r.small.p50} | ${r.small.p99} | ${fmt(r.large.reqPerSec)} | ${r.large.p50} | ${r.large.p99} | ${r.p50Ratio.toFixed(2)}${r.p50Ratio > GOAL ? ' ⚠' : ''} | ${r.p99Ratio.toFixed(2)}${r.p99Ratio > GOAL ? ' ⚠' : ''} | ${r.failed} | ${r.serial ? `${r.serial.small.toFixed(2)} / ${r.serial.large.toFixed(2)}` : '–'} | ${r.serial ? `${(r.serial.large / r.serial.small).toFixed(2)}${r.serial.large / r.serial.small > GOAL ? ' ⚠' : ''}` : '–'} |`),
    '',
    `Seeded rows: ${Object.entries(counts).map(([t, n]) => `${t} ${fmt(n)}`).join(', ')}. Blok resident memory after the runs: small ${memory.small.toFixed(0)} MiB, large ${memory.large.toFixed(0)} MiB. Whole run ${((Date.now() - began) / 60_000).toFixed(1)} min.`,
    '',
  ].join('\n');
  console.log(`\n${table}`);
  writeFileSync(join(ROOT, `bench/results-scale-${dialect}.json`), `${JSON.stringify({ dialect, date, machine: machine(), connections: CONNECTIONS, rounds: ROUNDS, seconds: SECONDS, students: STUDENTS, answers: ANSWERS, seedSeconds, counts, rows, loads, memory, runs: { small: small.rows, large: large.rows } }, null, 2)}\n`);
  writeSection(join(ROOT, 'bench/RESULTS.md'), `scale-${dialect}`, table, (f) => readFileSync(f, 'utf8'), writeFileSync);
} finally {
  for (const t of targets) await t.blok?.stop();
  if (pgUrl) for (const t of targets) await dropBenchSchema(pgUrl, t.schema);
  rmSync(dir, { recursive: true, force: true });
}
