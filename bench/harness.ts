// Shared by bench/run.ts, scale.ts, memory.ts and lighthouse.ts: start the production
// build as its own process, seed students through its API, and the hot paths as autocannon cases.
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { join, resolve } from 'node:path';
import { randomBytes, randomUUID } from 'node:crypto';
import autocannon from 'autocannon';
import { CLIENT_ID } from '@blok/contract';
import webpush from 'web-push';
import { dropSchema } from '@blok/db';

export const ROOT = resolve(import.meta.dirname, '..');
export const PASSWORD = 'Bench#2024x';

export interface Blok {
  url: string;
  proc: ChildProcess;
  stop(): Promise<void>;
}

/**
 * The production bundle (NODE_ENV=production, JSON logs at info to a discarded stdout), its own process.
 * `server`: another build's server.js (an A/B in one run); `nodeArgs`: before it (e.g. --cpu-prof).
 */
export async function startBlok(databaseUrl: string, dir: string, jwtSecret: string, options: { server?: string; nodeArgs?: string[] } = {}): Promise<Blok> {
  const port = 43_000 + Math.floor(Math.random() * 1000);
  const vapid = webpush.generateVAPIDKeys();
  const env = {
    ...process.env,
    NODE_ENV: 'production',
    // the built-in test checkout, chosen explicitly (decision 015): no Mollie account here
    PAYMENTS: 'test',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATABASE_URL: databaseUrl,
    JWT_SECRET: jwtSecret,
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
    // as in bench/run.ts: no job runner (its lease writes are not on the measured paths)
    JOBS: 'off',
    VAPID_PUBLIC_KEY: vapid.publicKey,
    VAPID_PRIVATE_KEY: vapid.privateKey,
  };
  const proc = spawn(process.execPath, [...(options.nodeArgs ?? []), options.server ?? join(ROOT, 'apps/api/dist/server.js')], { cwd: ROOT, env, stdio: ['ignore', 'ignore', 'inherit'] });
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (proc.exitCode !== null) return;
    const exited = new Promise((r) => proc.once('exit', r));
    proc.kill('SIGTERM');
    await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
    if (proc.exitCode === null) proc.kill('SIGKILL');
  };
  for (let i = 0; i < 1200; i++) {
    if (proc.exitCode !== null) throw new Error(`blok exited with ${proc.exitCode}`);
    const ok = await fetch(`${url}/api/health`).then((r) => r.ok, () => false);
    if (ok) return { url, proc, stop };
    await new Promise((r) => setTimeout(r, 250));
  }
  await stop();
  throw new Error('blok did not start');
}

export function rssMb(proc: ChildProcess): number {
  const status = readFileSync(`/proc/${proc.pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

export const machine = () => `${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, ${(totalmem() / 2 ** 30).toFixed(1)} GiB, Node ${process.version}`;
export const load = () => loadavg().map((n) => n.toFixed(1)).join(' / ');

export async function call<T>(base: string, path: string, init: RequestInit & { token?: string } = {}): Promise<T> {
  const headers = new Headers(init.headers);
  if (init.token) headers.set('authorization', `Bearer ${init.token}`);
  if (init.method && init.method !== 'GET') headers.set('idempotency-key', randomUUID());
  const res = await fetch(`${base}${path}`, { ...init, headers });
  const text = await res.text();
  if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${path}: ${res.status} ${text}`);
  return (text ? JSON.parse(text) : null) as T;
}

export interface Student {
  email: string;
  deviceId: string;
  access: string;
  refresh: string;
  sessionId: string;
  pairs: Array<{ listId: string; questionId: string; answerId: string }>;
  flashcardSessionId: string;
  cardCount: number;
}

export async function register(base: string, tag: string | number): Promise<Pick<Student, 'email' | 'deviceId' | 'access' | 'refresh'>> {
  const email = `bench.${tag}.${randomBytes(3).toString('hex')}@example.nl`;
  const deviceId = `bench-${randomBytes(8).toString('hex')}`;
  const form = new URLSearchParams({ device_id: deviceId, grant_type: 'external_register', client_id: CLIENT_ID, email, password: PASSWORD, university: 'uva', study: 'psychologie', year: 'bachelor-1' });
  const t = await call<{ access_token: string; refresh_token: string }>(base, '/api/auth/register', { method: 'POST', body: form });
  return { email, deviceId, access: t.access_token, refresh: t.refresh_token };
}

export interface Fixture {
  students: Student[];
  /** their own students: refresh rotates tokens, and a lost rotation would sign a device out */
  refreshStudents: Student[];
  summaryId: string;
  chapterId: string;
}

/**
 * Students through Blok's API, as bench/run.ts: each with a practice session over up to 10 lists of the
 * subject with the most questions, reading progress in one summary, and a flashcard session of a set.
 */
export async function seedFixture(base: string, count: number, refreshCount: number): Promise<Fixture> {
  const students: Student[] = [];
  let summaryId = '';
  let chapterId = '';
  type Detail = { id: string; questionLists: Array<{ id: string; totalQuestions: number }>; summaries: Array<{ id: string }> };
  let best: Detail | undefined;
  let flashcards: { subjectId: string; setId: string } | undefined;
  for (let i = 0; i < count; i++) {
    const s = await register(base, `s${i}`);
    if (!best) {
      const lib = await call<{ subjects: Array<{ id: string }> }>(base, '/api/library', { token: s.access });
      const total = (x?: Detail) => (x ? x.questionLists.reduce((n, l) => n + l.totalQuestions, 0) : -1);
      for (const subject of lib.subjects) {
        const d = await call<Detail>(base, `/api/subjects/${subject.id}`, { token: s.access });
        if (total(d) > total(best)) best = d;
        if (!flashcards) {
          const o = await call<{ sets: Array<{ id: string; cardCount?: number }> }>(base, `/api/flashcard-sets?subjectId=${subject.id}`, { token: s.access }).catch(() => undefined);
          if (o?.sets[0]) flashcards = { subjectId: subject.id, setId: o.sets[0].id };
        }
      }
      const summary = await call<{ id: string; chapters: Array<{ chapterId: string; locked: boolean }> }>(base, `/api/summaries/${best!.summaries[0]!.id}`, { token: s.access });
      summaryId = summary.id;
      chapterId = summary.chapters.find((c) => !c.locked)!.chapterId;
    }
    const [first, ...rest] = best!.questionLists;
    const { id: sessionId } = await call<{ id: string }>(base, `/api/session/${first!.id}/start-all`, {
      method: 'POST',
      token: s.access,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ questionListIds: rest.slice(0, 9).map((l) => l.id) }),
    });
    const overview = await call<{ questions: Array<{ questionId: string; questionListId: string; type: string; answers: Array<{ id: string }> }> }>(base, `/api/session/${sessionId}`, { token: s.access });
    const pairs = overview.questions.filter((q) => q.type === 'SELECT' && q.answers.length > 0).map((q) => ({ listId: q.questionListId, questionId: q.questionId, answerId: q.answers[0]!.id }));
    await call(base, `/api/summaries/${summaryId}/progress`, { method: 'PUT', token: s.access, headers: { 'content-type': 'application/json' }, body: JSON.stringify({ chapterId, position: 0.3 }) });
    let flashcardSessionId = '';
    let cardCount = 0;
    if (flashcards) {
      const fs = await call<{ id: string; cards: unknown[] }>(base, '/api/flashcard-sessions', {
        method: 'POST',
        token: s.access,
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ subjectId: flashcards.subjectId, source: 'set', flashcardSetId: flashcards.setId }),
      });
      flashcardSessionId = fs.id;
      cardCount = fs.cards.length;
    }
    students.push({ ...s, sessionId, pairs, flashcardSessionId, cardCount });
  }
  const refreshStudents: Student[] = [];
  for (let i = 0; i < refreshCount; i++) refreshStudents.push({ ...(await register(base, `r${i}`)), sessionId: '', pairs: [], flashcardSessionId: '', cardCount: 0 });
  return { students, refreshStudents, summaryId, chapterId };
}

export type Req = { method?: string; path?: string; headers?: Record<string, string>; body?: string };
export interface Case {
  name: string;
  /** before each measured run: put the state back */
  prepare?: (base: string) => Promise<void>;
  /** fixed number of requests instead of a duration (each request consumes state) */
  amount?: () => number;
  request: (context: Record<string, unknown>) => Req;
  onResponse?: (status: number, body: string, context: Record<string, unknown>) => void;
}

/** The hot paths of bench/run.ts plus the flashcards' next card (the session) and answer card. */
export function hotPaths(f: Fixture, refreshRequests: number): Case[] {
  let rr = 0;
  const next = () => f.students[rr++ % f.students.length]!;
  const bearer = (s: Student) => ({ authorization: `Bearer ${s.access}` });
  const json = { 'content-type': 'application/json' };
  const form = { 'content-type': 'application/x-www-form-urlencoded' };
  let pairs: Array<{ s: Student; p: Student['pairs'][number] }> = [];
  const idle = [...f.refreshStudents];
  const withCards = f.students.filter((s) => s.flashcardSessionId);
  let cardRr = 0;
  const all: Case[] = [
    { name: 'library list', request: () => ({ path: '/api/library', headers: bearer(next()) }) },
    { name: 'home/continue', request: () => ({ path: '/api/home/continue', headers: bearer(next()) }) },
    { name: 'summary chapter', request: () => ({ path: `/api/summaries/${f.summaryId}/chapters/${f.chapterId}`, headers: bearer(next()) }) },
    { name: 'session overview', request: () => { const s = next(); return { path: `/api/session/${s.sessionId}`, headers: bearer(s) }; } },
    { name: 'session next question', request: () => { const s = next(); return { path: `/api/session/${s.sessionId}/next`, headers: bearer(s) }; } },
    {
      name: 'save-answer',
      prepare: async (base) => {
        for (const s of f.students) {
          for (let attempt = 0; ; attempt++) {
            try {
              await call(base, `/api/session/${s.sessionId}/reset`, { method: 'PUT', token: s.access });
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
          headers: { ...bearer(s), ...json, 'idempotency-key': randomUUID() },
          body: JSON.stringify({ sessionId: s.sessionId, questionId: p.questionId, answerId: p.answerId }),
        };
      },
    },
    {
      name: 'refresh token',
      prepare: async () => void idle.splice(0, idle.length, ...f.refreshStudents),
      // a fixed number, every response awaited (see bench/run.ts)
      amount: () => refreshRequests,
      request: (context) => {
        const s = idle.shift();
        context.s = s;
        if (!s) return { method: 'POST', path: '/api/auth/login', headers: form, body: 'grant_type=refresh_token' };
        return { method: 'POST', path: '/api/auth/login', headers: { ...form, 'idempotency-key': randomUUID() }, body: new URLSearchParams({ grant_type: 'refresh_token', client_id: CLIENT_ID, refresh_token: s.refresh, device_id: s.deviceId }).toString() };
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
  ];
  if (withCards.length) {
    all.push(
      { name: 'flashcards next card', request: () => { const s = withCards[cardRr++ % withCards.length]!; return { path: `/api/flashcard-sessions/${s.flashcardSessionId}`, headers: bearer(s) }; } },
      {
        name: 'flashcards answer card',
        request: () => {
          const i = cardRr++;
          const s = withCards[i % withCards.length]!;
          const position = Math.floor(i / withCards.length) % s.cardCount;
          return { method: 'POST', path: `/api/flashcard-sessions/${s.flashcardSessionId}/answer`, headers: { ...bearer(s), ...json, 'idempotency-key': randomUUID() }, body: JSON.stringify({ position, known: i % 3 !== 0 }) };
        },
      },
    );
  }
  return all;
}

export interface Measurement {
  reqPerSec: number;
  p50: number;
  p99: number;
  requests: number;
  non2xx: number;
  errors: number;
}

export async function measure(url: string, c: Case, connections: number, seconds: number): Promise<Measurement> {
  const amount = c.amount?.();
  const result = await autocannon({
    url,
    connections,
    timeout: 60,
    ...(amount ? { amount } : { duration: seconds }),
    requests: [
      {
        setupRequest: (req: Req, context: Record<string, unknown>) => ({ ...req, ...c.request(context) }),
        ...(c.onResponse ? { onResponse: c.onResponse } : {}),
      },
    ],
  } as autocannon.Options);
  return { reqPerSec: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, requests: result.requests.total, non2xx: result.non2xx, errors: result.errors };
}

export const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};

/** Replaces the text between `<!-- bench:<name> -->` and its closing marker in RESULTS.md (appended when missing). */
export function writeSection(file: string, name: string, text: string, read: (f: string) => string, write: (f: string, t: string) => void) {
  let results: string;
  try {
    results = read(file);
  } catch {
    results = '# Bench results\n';
  }
  const open = `<!-- bench:${name} -->`;
  const close = `<!-- /bench:${name} -->`;
  const block = `${open}\n${text}${close}`;
  const i = results.indexOf(open);
  const j = results.indexOf(close);
  write(file, i >= 0 && j > i ? `${results.slice(0, i)}${block}${results.slice(j + close.length)}` : `${results.trimEnd()}\n\n${block}\n`);
}

/** Drops a PostgreSQL schema of the bench, retrying while the servers' connections close; says so if it stays. */
export async function dropBenchSchema(url: string, schema: string): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await dropSchema(url, schema);
      return;
    } catch (err) {
      if (attempt >= 5) {
        console.error(`could not drop schema ${schema}: ${String(err)}`);
        return;
      }
      await new Promise((r) => setTimeout(r, 1000));
    }
  }
}
