#!/usr/bin/env node
// Soak and chaos runs against the BUILT API (`npm run build` first), on loopback only, bounded in
// time and in clients (decision 012). Simulated students register, read, start practice sessions,
// answer with Idempotency-Keys, refresh their tokens and sign in again (a typo first, with their
// device cookie: decision 017); every answer the API acknowledged (200) is read back at the end and
// must be stored.
//
//   npm run soak                                   200 students, 60 s, SQLite
//   npm run soak -- --seconds=15 --students=40     the short run of `npm test`
//   npm run chaos                                  SQLite: kill -9 the API mid-run and restart it
//   npm run chaos -- --database=postgres           two API processes, PostgreSQL restarted mid-run
//   add --record to append the figures to docs/reliability.md
//
// Exit code 1 when any request answered 5xx (503 while the database is down in a chaos run is the
// wanted answer, not a failure), or when an acknowledged answer is not stored.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { appendFileSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { cpus, tmpdir, totalmem } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(join(root, 'packages', 'db', 'package.json'));

const args = Object.fromEntries(
  process.argv.slice(2).map((a) => {
    const [k, v] = a.replace(/^--/, '').split('=');
    return [k, v ?? 'true'];
  }),
);
const MODE = args.mode ?? 'soak';
const SECONDS = Number(args.seconds ?? 60);
const STUDENTS = Number(args.students ?? 200);
const DATABASE = args.database ?? 'sqlite';
const PG_URL = args['pg-url'] ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const CLIENT_ID = 'blok-web';
const PASSWORD = 'Geheim#2024';
const SERVER = join(root, 'apps', 'api', 'dist', 'server.js');

if (!existsSync(SERVER)) {
  console.error('apps/api/dist/server.js is missing: run `npm run build` first');
  process.exit(2);
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const log = (...a) => console.log(`[${MODE}]`, ...a);

// ------------------------------------------------------------------ servers

async function freePort() {
  const { createServer } = await import('node:net');
  return new Promise((res) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => res(port));
    });
  });
}

function startServer(port, databaseUrl) {
  const child = spawn(process.execPath, [SERVER], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
      NODE_ENV: 'test',
      JWT_SECRET: 'reliability-secret-0123456789abcdef0123456789abcdef',
      LOG_LEVEL: 'error',
      SEED_DEMO: 'true',
      // Every simulated student comes from 127.0.0.1: the per-address guards would see one huge
      // lecture hall. They are tested elsewhere; here they stay out of the way. Not the failure
      // ceiling (LOGIN_FAILURE_LIMIT_IP, 300): the students' typos come with their device cookies
      // and must not meet it (decision 017).
      API_RATE_LIMIT_PER_MINUTE: '10000000',
      LOGIN_RATE_LIMIT_IP: '1000000',
      REGISTER_RATE_LIMIT_IP: '1000000',
      // Past it a login's or registration's Idempotency-Key is not stored, and a retried
      // registration whose answer was lost would meet its own account (409).
      IDEMPOTENCY_ANONYMOUS_LIMIT_IP: '1000000',
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (d) => (stderr = (stderr + d.toString()).slice(-4000)));
  const exited = new Promise((res) => child.once('exit', (code, signal) => res(signal ?? code)));
  return { child, port, exited, stderr: () => stderr };
}

async function waitHealthy(port, timeoutMs = 60_000) {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    try {
      const r = await fetch(`http://127.0.0.1:${port}/api/health`);
      if (r.ok) return;
    } catch {
      // not listening yet
    }
    await sleep(200);
  }
  throw new Error(`API on ${port} did not become healthy`);
}

// ------------------------------------------------------------------ the client

const stats = { requests: 0, byStatus: new Map(), byCode: new Map(), latencies: [], networkErrors: 0, fiveXX: [], acknowledged: [] };

function record(status, ms) {
  stats.requests += 1;
  stats.byStatus.set(status, (stats.byStatus.get(status) ?? 0) + 1);
  stats.latencies.push(ms);
  if (status >= 500 && !(status === 503 && MODE === 'chaos')) stats.fiveXX.push(status);
}

let ports = [];
let rr = 0;
const base = () => `http://127.0.0.1:${ports[rr++ % ports.length]}/api`;
let stopAt = 0;

/**
 * One call; a lost connection or a 503 is retried (the same Idempotency-Key) until it answers,
 * within 90 s: that is what the web app's client does too, and what makes "acknowledged" honest.
 */
async function call(method, path, { token, body, form, key, cookie } = {}) {
  const idempotencyKey = method === 'GET' ? undefined : (key ?? randomUUID());
  const giveUp = Date.now() + 90_000;
  for (;;) {
    const headers = { accept: 'application/json' };
    if (token) headers.authorization = `Bearer ${token}`;
    if (idempotencyKey) headers['idempotency-key'] = idempotencyKey;
    if (cookie) headers.cookie = cookie;
    let payload;
    if (form) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      payload = new URLSearchParams(form).toString();
    } else if (body !== undefined) {
      headers['content-type'] = 'application/json';
      payload = JSON.stringify(body);
    }
    const started = performance.now();
    try {
      const res = await fetch(`${base()}${path}`, { method, headers, body: payload, signal: AbortSignal.timeout(30_000) });
      const text = await res.text();
      record(res.status, performance.now() - started);
      if (res.status >= 400) {
        const code = /"error":"([a-z_]+)"/.exec(text)?.[1] ?? 'none';
        const name = `${res.status} ${code} ${method} ${path.replace(/[0-9a-f-]{36}/g, ':id').replace(/\/[a-z0-9-]+-vragen\b/g, '/:list')}`;
        stats.byCode.set(name, (stats.byCode.get(name) ?? 0) + 1);
      }
      if ((res.status === 503 || res.status === 409) && Date.now() < giveUp) {
        // 503: the database is away; 409 request_in_progress: the first try of this key still runs
        if (res.status === 503 || text.includes('request_in_progress')) {
          await sleep(300);
          continue;
        }
      }
      return { status: res.status, json: text ? JSON.parse(text) : null, setCookie: res.headers.get('set-cookie') };
    } catch (err) {
      stats.networkErrors += 1;
      if (Date.now() > giveUp) throw err;
      await sleep(300);
    }
  }
}

async function student(n) {
  const deviceId = `soak-${randomBytes(6).toString('hex')}`;
  const email = `soak.${Date.now().toString(36)}.${n}.${randomBytes(3).toString('hex')}@example.nl`;
  const reg = await call('POST', '/auth/register', {
    form: { device_id: deviceId, grant_type: 'external_register', client_id: CLIENT_ID, email, password: PASSWORD, university: 'uva', study: 'psychologie', year: 'bachelor-1' },
  });
  if (reg.status !== 200) throw new Error(`register ${reg.status} ${JSON.stringify(reg.json)}`);
  let tokens = reg.json;
  // Her browser keeps the device cookie of its sign-in (decision 017) and sends it with her logins.
  // A registration answered again from its Idempotency-Key (the first answer was lost) carries
  // none: her browser is then unknown until it signs in again.
  let deviceCookie = reg.setCookie?.split(';')[0] ?? '';
  const library = await call('GET', '/library', { token: tokens.access_token });
  const subject = library.json?.subjects?.[0];
  if (!subject) throw new Error('empty library: is the demo content seeded?');
  const detail = (await call('GET', `/subjects/${subject.id}`, { token: tokens.access_token })).json;
  const summary = detail.summaries?.[0];
  const lists = detail.questionLists ?? [];
  let round = 0;
  while (Date.now() < stopAt) {
    round += 1;
    if (summary) {
      const s = (await call('GET', `/summaries/${summary.id}`, { token: tokens.access_token })).json;
      const chapter = s?.chapters?.find((c) => !c.locked) ?? s?.chapters?.[0];
      if (chapter) {
        await call('GET', `/summaries/${summary.id}/chapters/${chapter.chapterId}`, { token: tokens.access_token });
        await call('PUT', `/summaries/${summary.id}/progress`, { token: tokens.access_token, body: { chapterId: chapter.chapterId, position: Math.min(1, round / 10) } });
      }
    }
    const list = lists[(n + round) % Math.max(1, lists.length)];
    if (list) {
      const started = await call('POST', `/session/${list.id}/start-all`, { token: tokens.access_token });
      if (started.status === 201) {
        const sessionId = started.json.id;
        for (let q = 0; q < 6 && Date.now() < stopAt; q += 1) {
          const overview = (await call('GET', `/session/${sessionId}`, { token: tokens.access_token })).json;
          const question = overview?.question;
          if (!question) break;
          const body = { sessionId, questionId: question.questionId, ...answerOf(question, n + q) };
          const saved = await call('POST', `/question-list/${question.questionListId}/save-answer`, { token: tokens.access_token, body });
          if (saved.status === 200) stats.acknowledged.push({ token: () => tokens.access_token, sessionId, body });
          await call('GET', `/session/${sessionId}/next`, { token: tokens.access_token });
        }
      }
    }
    if (round % 4 === 2) {
      // Signing in again with a typo first (a lecture hall behind one address): the typo is
      // refused, the right password signs her in with new tokens and a new device cookie.
      const form = { grant_type: 'password', client_id: CLIENT_ID, client_secret: '', username: email, device_id: deviceId };
      const typo = await call('POST', '/auth/login', { form: { ...form, password: `${PASSWORD}x` }, cookie: deviceCookie });
      if (typo.status !== 400) throw new Error(`typo login ${typo.status} ${JSON.stringify(typo.json)}`);
      const r = await call('POST', '/auth/login', { form: { ...form, password: PASSWORD }, cookie: deviceCookie });
      if (r.status !== 200) throw new Error(`login ${r.status} ${JSON.stringify(r.json)}`);
      tokens = r.json;
      deviceCookie = r.setCookie?.split(';')[0] ?? deviceCookie;
    }
    if (round % 3 === 0) {
      const r = await call('POST', '/auth/login', { form: { grant_type: 'refresh_token', refresh_token: tokens.refresh_token, client_id: CLIENT_ID, client_secret: '', device_id: deviceId } });
      if (r.status === 200) tokens = r.json;
      else throw new Error(`refresh ${r.status} ${JSON.stringify(r.json)}`);
    }
  }
  return tokens;
}

/**
 * A student's answer to a question of any type (issue 40): a choice, an open text, a typed text or
 * number, an order, pairs or the gaps of a cloze, picked by `k` so that students differ.
 */
function answerOf(question, k) {
  const interaction = question.interaction ?? { items: [], targets: [], clozeParts: [], unit: null };
  switch (question.type) {
    case 'SELECT':
      return { answerId: question.answers[k % question.answers.length].id };
    case 'OPEN':
      return { textAnswer: `Mijn antwoord ${k}` };
    case 'TYPED':
      return { textAnswer: `antwoord ${k}` };
    case 'NUMERIC':
      return { textAnswer: `${k},5` };
    case 'ORDERING': {
      const ids = interaction.items.map((i) => i.id);
      return { order: k % 2 === 0 ? ids : [...ids].reverse() };
    }
    case 'MATCHING':
      return { pairs: interaction.items.map((item, i) => ({ left: item.id, right: interaction.targets[(i + k) % interaction.targets.length].id })) };
    case 'CLOZE':
      return { gaps: interaction.clozeParts.slice(1).map((_, i) => `woord ${k}.${i}`) };
    default:
      throw new Error(`a question type the soak does not know: ${question.type}`);
  }
}

/** Whether an acknowledged answer is the one the overview now shows for its question. */
function sameAnswer(overview, body) {
  const question = overview?.questions?.find((x) => x.questionId === body.questionId);
  if (body.order || body.pairs || body.gaps || (question?.type === 'TYPED' || question?.type === 'NUMERIC')) {
    const response = question?.response;
    if (!response) return false;
    if (body.order) return JSON.stringify(response.order) === JSON.stringify(body.order);
    if (body.pairs) return body.pairs.every((p) => response.pairs.some((r) => r.left === p.left && r.right === p.right));
    if (body.gaps) return JSON.stringify(response.gaps) === JSON.stringify(body.gaps);
    return response.text === body.textAnswer;
  }
  const found = overview?.userAnswers?.find((u) => u.questionId === body.questionId);
  return Boolean(found && (body.textAnswer !== undefined ? found.textAnswer === body.textAnswer : found.answerIds.includes(body.answerId)));
}

/** Reads every acknowledged answer back through the API (the overview is read from the database). */
async function verify() {
  const bySession = new Map();
  for (const a of stats.acknowledged) bySession.set(a.sessionId, [...(bySession.get(a.sessionId) ?? []), a]);
  let stored = 0;
  const lost = [];
  for (const [sessionId, answers] of bySession) {
    const overview = (await call('GET', `/session/${sessionId}`, { token: answers[0].token() })).json;
    for (const a of answers) {
      if (sameAnswer(overview, a.body)) stored += 1;
      else lost.push(`${sessionId}/${a.body.questionId}`);
    }
  }
  return { stored, lost };
}

function percentile(values, p) {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

// ------------------------------------------------------------------ databases

function sqliteIntegrity(file) {
  const Database = require('better-sqlite3');
  const db = new Database(file, { readonly: true });
  try {
    return db.pragma('integrity_check', { simple: true });
  } finally {
    db.close();
  }
}

async function pgQuery(url, text) {
  const pg = require('pg');
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(text)).rows;
  } finally {
    await client.end();
  }
}

function restartPostgres() {
  const versions = existsSync('/etc/postgresql') ? readdirSync('/etc/postgresql').sort() : [];
  const version = versions.at(-1);
  if (!version) throw new Error('no local PostgreSQL cluster to restart (pg_ctlcluster)');
  const r = spawnSync('pg_ctlcluster', ['--skip-systemctl-redirect', version, 'main', 'restart', '-m', 'fast'], { stdio: 'inherit' });
  if (r.status !== 0) throw new Error('pg_ctlcluster restart failed');
}

// ------------------------------------------------------------------ main

async function main() {
  const started = new Date();
  let databaseUrl;
  let cleanup = async () => undefined;
  let sqliteFile;
  let schema;
  if (DATABASE === 'postgres') {
    schema = `soak_${randomBytes(5).toString('hex')}`;
    await pgQuery(PG_URL, `create schema "${schema}"`);
    databaseUrl = `${PG_URL}${PG_URL.includes('?') ? '&' : '?'}options=${encodeURIComponent(`-c search_path=${schema}`)}`;
    cleanup = async () => pgQuery(PG_URL, `drop schema if exists "${schema}" cascade`);
  } else {
    const dir = mkdtempSync(join(tmpdir(), 'blok-soak-'));
    sqliteFile = join(dir, 'soak.db');
    databaseUrl = `file:${sqliteFile}`;
    cleanup = async () => rmSync(dir, { recursive: true, force: true });
  }

  const processes = DATABASE === 'postgres' && MODE === 'chaos' ? 2 : 1;
  const servers = [];
  for (let i = 0; i < processes; i += 1) {
    const server = startServer(await freePort(), databaseUrl);
    servers.push(server);
    await waitHealthy(server.port);
  }
  ports = servers.map((s) => s.port);
  log(`${STUDENTS} students, ${SECONDS} s, ${DATABASE}, ${processes} API process(es) on ${ports.join(', ')}`);

  stopAt = Date.now() + SECONDS * 1000;
  const chaos = [];
  if (MODE === 'chaos') {
    chaos.push(
      (async () => {
        await sleep((SECONDS * 1000) / 2);
        if (DATABASE === 'sqlite') {
          const [server] = servers;
          // the answers acknowledged so far must survive the kill (decision 014: synchronous=NORMAL)
          stats.acknowledgedBeforeKill = stats.acknowledged.length;
          log(`kill -9 the API process (${stats.acknowledgedBeforeKill} answers acknowledged so far)`);
          server.child.kill('SIGKILL');
          await server.exited;
          const again = startServer(server.port, databaseUrl);
          servers[0] = again;
          await waitHealthy(again.port);
          log('API restarted');
        } else {
          log('restarting PostgreSQL');
          restartPostgres();
          log('PostgreSQL is back');
        }
      })(),
    );
  }

  const outcomes = await Promise.allSettled(Array.from({ length: STUDENTS }, (_, n) => student(n)));
  await Promise.all(chaos);
  const clientErrors = outcomes.filter((o) => o.status === 'rejected').map((o) => String(o.reason?.message ?? o.reason));

  const { stored, lost } = await verify();
  const checks = [];
  for (const s of servers) checks.push([`API on ${s.port} still running`, s.child.exitCode === null && s.child.signalCode === null]);
  if (sqliteFile) {
    const integrity = sqliteIntegrity(sqliteFile);
    checks.push([`PRAGMA integrity_check = ${integrity}`, integrity === 'ok']);
  }
  if (DATABASE === 'postgres') {
    const many = await pgQuery(PG_URL, `select user_id from "${schema}".devices where revoked_at is null group by user_id having count(*) > 1`);
    checks.push([`students with more than one active device: ${many.length}`, many.length === 0]);
  }
  for (const s of servers) {
    const health = await fetch(`http://127.0.0.1:${s.port}/api/health`).then((r) => r.status).catch(() => 0);
    checks.push([`serving again: health ${health}`, health === 200]);
  }

  for (const s of servers) {
    s.child.kill('SIGTERM');
    await Promise.race([s.exited, sleep(10_000)]);
  }
  await cleanup();

  const statuses = [...stats.byStatus.entries()].sort((a, b) => a[0] - b[0]).map(([s, n]) => `${s}: ${n}`).join(', ');
  const p50 = percentile(stats.latencies, 50).toFixed(1);
  const p99 = percentile(stats.latencies, 99).toFixed(1);
  const fiveXX = stats.fiveXX.length;
  const ok = fiveXX === 0 && lost.length === 0 && clientErrors.length === 0 && checks.every(([, pass]) => pass);
  console.log('');
  log(`requests ${stats.requests} (${statuses}); connection errors retried ${stats.networkErrors}`);
  log(`latency p50 ${p50} ms, p99 ${p99} ms`);
  for (const [name, n] of [...stats.byCode.entries()].sort((a, b) => b[1] - a[1]).slice(0, 6)) log(`  ${n} × ${name}`);
  log(`5xx (not counting 503 during chaos): ${fiveXX}`);
  log(`answers acknowledged ${stats.acknowledged.length}, stored ${stored}, lost ${lost.length}${lost.length ? `: ${lost.slice(0, 5).join(', ')}` : ''}`);
  for (const [what, pass] of checks) log(`${pass ? 'ok  ' : 'FAIL'} ${what}`);
  if (clientErrors.length) log(`simulated students that failed: ${clientErrors.length}: ${clientErrors.slice(0, 3).join(' | ')}`);

  if (args.record === 'true') {
    const row = `| ${started.toISOString().slice(0, 16).replace('T', ' ')} | ${MODE} | ${DATABASE} × ${processes} | ${cpus().length} cores, ${Math.round(totalmem() / 2 ** 30)} GiB | ${STUDENTS} / ${SECONDS} s | ${stats.requests} | ${fiveXX} | ${stats.byStatus.get(503) ?? 0} | ${p50} / ${p99} | ${stats.acknowledged.length} / ${stored} | ${ok ? 'pass' : 'FAIL'} |\n`;
    appendFileSync(join(root, 'docs', 'reliability.md'), row);
    log('figures appended to docs/reliability.md');
  }
  // The plain summary line test runners understand: this run counts as one check.
  console.log(`${ok ? 1 : 0} passed, ${ok ? 0 : 1} failed`);
  process.exitCode = ok ? 0 : 1;
}

main().catch((err) => {
  console.error(err);
  console.log('0 passed, 1 failed');
  process.exitCode = 1;
});
