// Benchmarks (not tests): Blok's hot paths against bare twins, measured in one run.
//   npm run build && npm run bench
//   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run bench   (PostgreSQL, own schema)
// Starts the production build (NODE_ENV=production, apps/api/dist/server.js) and the twin
// (bench/twin.ts) as separate processes on one fresh database, seeds students, and drives both with
// autocannon from this process in interleaved rounds. Writes its table into bench/RESULTS.md and
// everything measured into bench/results-<dialect>.json.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { join, resolve } from 'node:path';
import { randomBytes, randomUUID } from 'node:crypto';
import autocannon from 'autocannon';
import { CLIENT_ID } from '@blok/contract';
import { dropSchema, openDatabase } from '@blok/db';
import webpush from 'web-push';
import { PASSWORD, ROOT, call, median, register, rssMb } from './harness.ts';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const STUDENTS = Number(process.env.BENCH_STUDENTS ?? 60);
const ONLY = process.env.BENCH_ONLY ? new RegExp(process.env.BENCH_ONLY, 'i') : undefined;
const REFRESH_REQUESTS = Number(process.env.BENCH_REFRESH_REQUESTS ?? 3000);
const pgUrl = process.env.BENCH_DATABASE_URL;
/**
 * BENCH_AGAINST='NAME=value …': an A/B of two Blok configurations instead of Blok against its twin.
 * The second server is Blok's own build again, with these variables added (e.g.
 * `STAND_INS_OFF=pg-prepared`); its columns are the "twin" ones, and the run only prints
 * its table.
 */
const AGAINST = process.env.BENCH_AGAINST
  ? Object.fromEntries(process.env.BENCH_AGAINST.trim().split(/\s+/).map((pair) => [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)]))
  : undefined;
const dir = mkdtempSync(join(tmpdir(), 'blok-bench-'));
const schema = `bench_${randomBytes(4).toString('hex')}`;
const databaseUrl = pgUrl ? `${pgUrl}${pgUrl.includes('?') ? '&' : '?'}options=-c%20search_path%3D${schema}` : `file:${join(dir, 'bench.db')}`;
const JWT_SECRET = randomBytes(32).toString('hex');
const VAPID = webpush.generateVAPIDKeys();

interface Server {
  name: 'blok' | 'twin';
  url: string;
  proc: ChildProcess;
}

async function start(name: Server['name'], port: number): Promise<Server> {
  const env = {
    ...process.env,
    NODE_ENV: 'production',
    // the built-in test checkout, chosen explicitly (decision 015): no Mollie account here
    PAYMENTS: 'test',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATABASE_URL: databaseUrl,
    // both processes with the same durability (Blok's default: NORMAL, decision 014)
    SQLITE_SYNCHRONOUS: process.env.SQLITE_SYNCHRONOUS ?? 'NORMAL',
    JWT_SECRET,
    ACCESS_TOKEN_TTL_SECONDS: '3600',
    API_RATE_LIMIT_PER_MINUTE: '100000000',
    LOGIN_RATE_LIMIT_IP: '100000000',
    IDEMPOTENCY_ANONYMOUS_LIMIT_IP: '100000000',
    LOGIN_RATE_LIMIT_ACCOUNT: '100000000',
    LOGIN_RATE_LIMIT_ACCOUNT_IP: '100000000',
    LOGIN_FAILURE_LIMIT_IP: '100000000',
    REGISTER_RATE_LIMIT_IP: '100000000',
    MAIL_OUTBOX_DIR: join(dir, 'outbox'),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    // No job runner: its lease writes would contend with the twin's for SQLite's one writer, and the
    // twin has none. JOBS=on in production; jobs are not on the measured paths.
    JOBS: 'off',
    VAPID_PUBLIC_KEY: VAPID.publicKey,
    VAPID_PRIVATE_KEY: VAPID.privateKey,
    ...(name === 'twin' ? AGAINST : undefined),
  };
  // BENCH_CPU_PROF=<dir>: Blok and the twin each write V8 CPU profiles into <dir>/blok and <dir>/twin
  // when they end (one file per thread: the twin's tsx loader thread writes its own; the largest file
  // is the main thread's). bench/profile.mjs sums one.
  const prof = process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${join(resolve(process.env.BENCH_CPU_PROF), name)}`] : [];
  const args = name === 'blok' || AGAINST ? [...prof, join(ROOT, 'apps/api/dist/server.js')] : [...prof, '--import', 'tsx', join(ROOT, 'bench/twin.ts')];
  // Blok logs as in production (JSON to stdout, info); the output is discarded, not its cost.
  // BENCH_BLOK_LOG=<file> keeps it (e.g. to see what a non-2xx answer was).
  const log = name === 'blok' && process.env.BENCH_BLOK_LOG ? openSync(resolve(process.env.BENCH_BLOK_LOG), 'a') : 'ignore';
  const proc = spawn(process.execPath, args, { cwd: ROOT, env, stdio: ['ignore', log, 'inherit'] });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 600; i++) {
    if (proc.exitCode !== null) throw new Error(`${name} exited with ${proc.exitCode}`);
    const ok = await fetch(`${url}/api/health`).then((r) => r.ok, () => false);
    if (ok) return { name, url, proc };
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${name} did not start`);
}


// ------------------------------------------------------------------ seed (through Blok's API)

interface Student {
  email: string;
  deviceId: string;
  access: string;
  refresh: string;
  sessionId: string;
  pairs: Array<{ listId: string; questionId: string; answerId: string }>;
  /** a flashcard session over the subject's largest set, and its number of cards */
  flashcardSessionId: string;
  flashcardCount: number;
}



interface Fixture {
  students: Student[];
  loginStudents: Array<{ email: string }>;
  /** their own students: refresh rotates tokens, and a lost rotation would sign a device out */
  refreshStudents: Student[];
  summaryId: string;
  chapterId: string;
}

async function seed(base: string): Promise<Fixture> {
  const students: Student[] = [];
  let summaryId = '';
  let chapterId = '';
  for (let i = 0; i < STUDENTS; i++) {
    const s = await register(base, i);
    const lib = await call<{ subjects: Array<{ id: string }> }>(base, '/api/library', { token: s.access });
    // the subject with the most questions, for long sessions
    let best: { id: string; lists: Array<{ id: string; totalQuestions: number }>; summaries: Array<{ id: string }> } | undefined;
    for (const subject of lib.subjects) {
      const d = await call<{ id: string; questionLists: Array<{ id: string; totalQuestions: number }>; summaries: Array<{ id: string }> }>(base, `/api/subjects/${subject.id}`, { token: s.access });
      const total = (x?: typeof best) => (x ? x.lists.reduce((n, l) => n + l.totalQuestions, 0) : -1);
      const candidate = { id: d.id, lists: d.questionLists, summaries: d.summaries };
      if (total(candidate) > total(best)) best = candidate;
      if (i > 0) break;
    }
    if (!summaryId) {
      const summary = await call<{ id: string; chapters: Array<{ chapterId: string; locked: boolean }> }>(base, `/api/summaries/${best!.summaries[0]!.id}`, { token: s.access });
      summaryId = summary.id;
      chapterId = summary.chapters.find((c) => !c.locked)!.chapterId;
    }
    const [first, ...rest] = best!.lists;
    const { id: sessionId } = await call<{ id: string }>(base, `/api/session/${first!.id}/start-all`, {
      method: 'POST',
      token: s.access,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ questionListIds: rest.slice(0, 9).map((l) => l.id) }),
    });
    const overview = await call<{ questions: Array<{ questionId: string; questionListId: string; type: string; answers: Array<{ id: string }> }> }>(base, `/api/session/${sessionId}`, { token: s.access });
    const pairs = overview.questions.filter((q) => q.type === 'SELECT' && q.answers.length > 0).map((q) => ({ listId: q.questionListId, questionId: q.questionId, answerId: q.answers[0]!.id }));
    // flashcards: a session over the largest set of a subject that has cards
    let flashcardSessionId = '';
    let flashcardCount = 0;
    for (const subjectId of [best!.id, ...lib.subjects.map((x) => x.id)]) {
      const sets = await call<{ sets: Array<{ id: string; cardCount: number }> }>(base, `/api/flashcard-sets?subjectId=${subjectId}`, { token: s.access });
      const set = [...sets.sets].sort((a, b) => b.cardCount - a.cardCount)[0];
      if (!set || set.cardCount === 0) continue;
      const started = await call<{ id: string; cardCount: number }>(base, '/api/flashcard-sessions', {
        method: 'POST',
        token: s.access,
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ subjectId, source: 'set', flashcardSetId: set.id }),
      });
      flashcardSessionId = started.id;
      flashcardCount = started.cardCount;
      break;
    }
    students.push({ ...s, sessionId, pairs, flashcardSessionId, flashcardCount });
  }
  const refreshStudents: Student[] = [];
  for (let i = 0; i < CONNECTIONS + 10; i++) refreshStudents.push({ ...(await register(base, 20_000 + i)), sessionId: '', pairs: [], flashcardSessionId: '', flashcardCount: 0 });
  const loginStudents = [];
  for (let i = 0; i < 10; i++) loginStudents.push({ email: (await register(base, 10_000 + i)).email });
  return { students, loginStudents, refreshStudents, summaryId, chapterId };
}

// ------------------------------------------------------------------ cases

type Req = { method?: string; path?: string; headers?: Record<string, string>; body?: string };
interface Case {
  name: string;
  /** before each measured run: put the state back */
  prepare?: (blok: Server) => Promise<void>;
  /** fixed number of requests instead of a duration (each request consumes state) */
  amount?: () => number;
  request: (target: Server['name'], context: Record<string, unknown>) => Req;
  onResponse?: (status: number, body: string, context: Record<string, unknown>) => void;
}

function cases(f: Fixture): Case[] {
  let rr = 0;
  const next = () => f.students[rr++ % f.students.length]!;
  const bearer = (s: Student) => ({ authorization: `Bearer ${s.access}` });
  // Every write carries a new Idempotency-Key, to both: the twin stores it with the change as Blok
  // does (twin.ts; BENCH_TWIN_KEYS=off: the twin leaves it out). Login's twin only hashes.
  const idem = (): Record<string, string> => ({ 'idempotency-key': randomUUID() });
  let pairs: Array<{ s: Student; p: Student['pairs'][number] }> = [];
  const idle = [...f.refreshStudents];
  let loginRr = 0;
  let flashRr = 0;
  const flashStudents = f.students.filter((s) => s.flashcardSessionId);
  const nextFlash = () => flashStudents[flashRr++ % flashStudents.length]!;
  const form = { 'content-type': 'application/x-www-form-urlencoded' };
  return [
    { name: 'GET /api/health', request: () => ({ path: '/api/health' }) },
    { name: 'library list', request: () => ({ path: '/api/library', headers: bearer(next()) }) },
    { name: 'home/continue', request: () => ({ path: '/api/home/continue', headers: bearer(next()) }) },
    { name: 'summary chapter', request: () => ({ path: `/api/summaries/${f.summaryId}/chapters/${f.chapterId}`, headers: bearer(next()) }) },
    { name: 'session overview', request: () => { const s = next(); return { path: `/api/session/${s.sessionId}`, headers: bearer(s) }; } },
    { name: 'session next question', request: () => { const s = next(); return { path: `/api/session/${s.sessionId}/next`, headers: bearer(s) }; } },
    // the card a student studies: GET the session (cards, position); answering moves to the next card
    ...(flashStudents.length === 0
      ? []
      : [
          { name: 'flashcards next card', request: () => { const s = nextFlash(); return { path: `/api/flashcard-sessions/${s.flashcardSessionId}`, headers: bearer(s) }; } },
          {
            name: 'flashcards answer card',
            request: () => {
              const s = nextFlash();
              // every request answers a card ('Wist ik' or not) somewhere in her session, as a student going round
              const position = Math.floor(flashRr / flashStudents.length) % s.flashcardCount;
              return {
                method: 'POST',
                path: `/api/flashcard-sessions/${s.flashcardSessionId}/answer`,
                headers: { ...bearer(s), 'content-type': 'application/json', ...idem() },
                body: JSON.stringify({ position, known: flashRr % 3 !== 0 }),
              };
            },
          } satisfies Case,
        ]),
    {
      name: 'save-answer',
      prepare: async (blok) => {
        for (const s of f.students) {
          // the server that was just measured may still be finishing its last writes: retry a 503
          for (let attempt = 0; ; attempt++) {
            try {
              await call(blok.url, `/api/session/${s.sessionId}/reset`, { method: 'PUT', token: s.access });
              break;
            } catch (err) {
              if (attempt >= 10 || !String(err).includes(': 503 ')) throw err;
              await new Promise((r) => setTimeout(r, 1000));
            }
          }
        }
        pairs = [];
        const most = Math.max(...f.students.map((s) => s.pairs.length));
        for (let i = 0; i < most; i++) for (const s of f.students) if (s.pairs[i]) pairs.push({ s, p: s.pairs[i]! });
      },
      amount: () => pairs.length,
      request: () => {
        const { s, p } = pairs.shift() ?? { s: f.students[0]!, p: f.students[0]!.pairs[0]! };
        return {
          method: 'POST',
          path: `/api/question-list/${p.listId}/save-answer`,
          headers: { ...bearer(s), 'content-type': 'application/json', ...idem() },
          body: JSON.stringify({ sessionId: s.sessionId, questionId: p.questionId, answerId: p.answerId }),
        };
      },
    },
    {
      name: 'refresh token',
      // autocannon builds each connection's next request ahead: the ones built but never sent at
      // the end of a run hold a student whose token is still current
      prepare: async () => void idle.splice(0, idle.length, ...f.refreshStudents),
      // a fixed number, every response awaited: a run cut off by its duration would leave rotated
      // tokens unseen, and their reuse signs the device out (decision 012)
      amount: () => REFRESH_REQUESTS,
      request: (_target, context) => {
        const s = idle.shift();
        context.s = s;
        if (!s) return { method: 'POST', path: '/api/auth/login', headers: form, body: 'grant_type=refresh_token' };
        return { method: 'POST', path: '/api/auth/login', headers: { ...form, ...idem() }, body: new URLSearchParams({ grant_type: 'refresh_token', client_id: CLIENT_ID, refresh_token: s.refresh, device_id: s.deviceId }).toString() };
      },
      onResponse: (status, body, context) => {
        const s = context.s as Student | undefined;
        if (!s) return;
        if (status === 200) {
          const t = JSON.parse(body) as { access_token: string; refresh_token: string };
          s.refresh = t.refresh_token;
          s.access = t.access_token;
        }
        idle.push(s);
      },
    },
    {
      name: 'login (argon2)',
      request: () => {
        const u = f.loginStudents[loginRr++ % f.loginStudents.length]!;
        return { method: 'POST', path: '/api/auth/login', headers: { ...form, ...idem() }, body: new URLSearchParams({ grant_type: 'password', client_id: CLIENT_ID, username: u.email, password: PASSWORD, device_id: `bench-login-${randomBytes(6).toString('hex')}` }).toString() };
      },
    },
  ];
}

interface Measurement {
  reqPerSec: number;
  /** CPU time (user + system, all threads) the server process spent per answered request, µs */
  cpuUsPerReq: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
}

/** CPU seconds (user + system) a process has used so far, from /proc (clock ticks of 10 ms). */
function cpuSeconds(proc: ChildProcess): number {
  const fields = readFileSync(`/proc/${proc.pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

async function measure(server: Server, c: Case): Promise<Measurement> {
  const amount = c.amount?.();
  const cpuBefore = cpuSeconds(server.proc);
  const startedAt = performance.now();
  let lastResponseAt = startedAt;
  const result = await autocannon({
    url: server.url,
    connections: CONNECTIONS,
    // a loaded machine must not turn slow answers into lost ones
    timeout: 60,
    ...(amount ? { amount } : { duration: SECONDS }),
    requests: [
      {
        setupRequest: (req: Req, context: Record<string, unknown>) => ({ ...req, ...c.request(server.name, context) }),
        ...(c.onResponse || amount
          ? {
              onResponse: (...args: Parameters<NonNullable<Case['onResponse']>>) => {
                lastResponseAt = performance.now();
                c.onResponse?.(...args);
              },
            }
          : {}),
      },
    ],
  } as autocannon.Options);
  // a fixed amount ends within a second or two: autocannon's per-second average is too coarse there,
  // and so is its duration (a run with `amount` ends at its next one-second tick: 2,510 answers in
  // 2.4 s or in 2.9 s both read as 837 req/s), so the run is timed here, to its last answer
  const reqPerSec = amount ? result.requests.total / ((lastResponseAt - startedAt) / 1000) : result.requests.average;
  // CPU per request hardly depends on what else the machine runs (req/s does): the steadier comparison
  // (requests autocannon gave up on at the end still finish afterwards: counted after a short wait)
  await new Promise((r) => setTimeout(r, 1000));
  const cpuUsPerReq = ((cpuSeconds(server.proc) - cpuBefore) * 1e6) / Math.max(1, result.requests.total);
  return { reqPerSec, cpuUsPerReq, p50: result.latency.p50, p99: result.latency.p99, non2xx: result.non2xx, errors: result.errors };
}


const servers: Server[] = [];
try {
  if (pgUrl) await (await openDatabase({ url: pgUrl, schema })).close();
  const blok = await start('blok', 41_000 + Math.floor(Math.random() * 1000));
  servers.push(blok);
  console.log(`blok up at ${blok.url}; seeding ${STUDENTS} students`);
  const fixture = await seed(blok.url);
  const twin = await start('twin', 42_000 + Math.floor(Math.random() * 1000));
  servers.push(twin);
  const memory: Record<string, number> = { idleAfterSeed: rssMb(blok.proc) };
  const all = cases(fixture).filter((c) => !ONLY || ONLY.test(c.name));
  const runs: Record<string, Record<'blok' | 'twin', Measurement[]>> = {};
  // the machine is shared: the 1-minute load average after each measured run says how quiet it was
  const loads: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    for (const c of all) {
      runs[c.name] ??= { blok: [], twin: [] };
      const order = round % 2 === 0 ? [blok, twin] : [twin, blok];
      for (const server of order) {
        await c.prepare?.(blok);
        // measure() waits a second after the run: the server just measured may still answer
        // requests autocannon gave up at the end, whose writes must not meet the next server's
        const m = await measure(server, c);
        runs[c.name]![server.name].push(m);
        loads.push(loadavg()[0]!);
        console.log(`round ${round + 1} ${c.name.padEnd(24)} ${server.name} ${m.reqPerSec.toFixed(0).padStart(7)} req/s ${m.cpuUsPerReq.toFixed(0).padStart(6)} µs CPU/req p50 ${m.p50} ms p99 ${m.p99} ms${m.non2xx ? ` non-2xx ${m.non2xx}` : ''}`);
      }
    }
    memory[`afterRound${round + 1}`] = rssMb(blok.proc);
  }
  const rows = Object.entries(runs).map(([name, r]) => ({
    name,
    blok: median(r.blok.map((m) => m.reqPerSec)),
    twin: median(r.twin.map((m) => m.reqPerSec)),
    ratio: median(r.blok.map((m, i) => m.reqPerSec / r.twin[i]!.reqPerSec)),
    blokCpu: median(r.blok.map((m) => m.cpuUsPerReq)),
    twinCpu: median(r.twin.map((m) => m.cpuUsPerReq)),
    cpuRatio: median(r.blok.map((m, i) => r.twin[i]!.cpuUsPerReq / m.cpuUsPerReq)),
    blokP50: median(r.blok.map((m) => m.p50)),
    blokP99: median(r.blok.map((m) => m.p99)),
    twinP99: median(r.twin.map((m) => m.p99)),
    non2xx: r.blok.reduce((n, m) => n + m.non2xx + m.errors, 0),
  }));
  const dialect = pgUrl ? 'postgres' : 'sqlite';
  const machine = `${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, ${(totalmem() / 2 ** 30).toFixed(1)} GiB, Node ${process.version}`;
  const date = new Date().toISOString();
  const fmt = (n: number) => Math.round(n).toLocaleString('en-US');
  const table = [
    `## ${dialect}, ${date}`,
    '',
    `${machine}; autocannon, ${CONNECTIONS} connections, ${ROUNDS} interleaved rounds of ${SECONDS} s (save-answer: one request per unanswered question), medians; ratio = median of per-round ratios.`,
    '',
    ...(AGAINST ? [`A/B: "twin" is Blok's build again with ${process.env.BENCH_AGAINST?.trim()}; ratio = Blok / that.`, ''] : []),
    `Load average (1 min) after each measured run: median ${median(loads).toFixed(1)}, lowest ${Math.min(...loads).toFixed(1)}, highest ${Math.max(...loads).toFixed(1)} (2 cores; the machine is shared: compare ratios, not req/s).`,
    '',
    'CPU µs/req: CPU time (user + system) of the server process per answered request; CPU ratio = twin µs / Blok µs (median of per-round ratios): the share of the twin\'s speed Blok would reach if CPU were all that limits it.',
    '',
    '| call | Blok req/s | twin req/s | ratio | Blok CPU µs/req | twin CPU µs/req | CPU ratio | Blok p50 ms | Blok p99 ms | twin p99 ms | Blok non-2xx |',
    '|---|---|---|---|---|---|---|---|---|---|---|',
    ...rows.map((r) => `| ${r.name} | ${fmt(r.blok)} | ${fmt(r.twin)} | ${r.ratio.toFixed(2)} | ${fmt(r.blokCpu)} | ${fmt(r.twinCpu)} | ${r.cpuRatio.toFixed(2)} | ${r.blokP50} | ${r.blokP99} | ${r.twinP99} | ${r.non2xx} |`),
    '',
    `Blok resident memory (MiB): ${Object.entries(memory).map(([k, v]) => `${k} ${v.toFixed(0)}`).join(', ')}`,
    '',
  ].join('\n');
  console.log(`\n${table}`);
  // A partial run (BENCH_ONLY) or an A/B (BENCH_AGAINST) only prints its table: the files keep the last full run's.
  if (!ONLY && !AGAINST) {
    writeFileSync(join(ROOT, `bench/results-${dialect}.json`), `${JSON.stringify({ dialect, date, machine, connections: CONNECTIONS, rounds: ROUNDS, seconds: SECONDS, rows, memory, loads, runs }, null, 2)}\n`);
    // RESULTS.md keeps its notes (the profiles); the table of this dialect is replaced between markers.
    const resultsFile = join(ROOT, 'bench/RESULTS.md');
    const results = existsSync(resultsFile) ? readFileSync(resultsFile, 'utf8') : '# Bench results\n';
    const open = `<!-- bench:${dialect} -->`;
    const close = `<!-- /bench:${dialect} -->`;
    const block = `${open}\n${table}${close}`;
    const i = results.indexOf(open);
    const j = results.indexOf(close);
    writeFileSync(resultsFile, i >= 0 && j > i ? `${results.slice(0, i)}${block}${results.slice(j + close.length)}` : `${results.trimEnd()}\n\n${block}\n`);
  }
} finally {
  for (const s of servers) s.proc.kill('SIGTERM');
  await new Promise((r) => setTimeout(r, 500));
  // The servers' connections may still be closing (a run on 24-11 left its schema behind while the
  // error was swallowed): retry, and say so if the schema stays.
  for (let attempt = 1; pgUrl; attempt++) {
    try {
      await dropSchema(pgUrl, schema);
      break;
    } catch (err) {
      if (attempt >= 5) {
        console.error(`could not drop schema ${schema}: ${String(err)}`);
        break;
      }
      await new Promise((r) => setTimeout(r, 1000));
    }
  }
  // BENCH_KEEP_DB=1 leaves the SQLite file (e.g. to look at the stored idempotency keys afterwards)
  if (process.env.BENCH_KEEP_DB === '1') console.log(`kept ${dir}`);
  else rmSync(dir, { recursive: true, force: true });
}
