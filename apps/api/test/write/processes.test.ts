import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT_ID } from '@blok/contract';
import { dropSchema, migrateToLatest, openDatabase, sql, type DatabaseHandle, type DialectName } from '@blok/db';
import { enqueueJob } from '../../src/jobs/queue.ts';
import { CHOICE, DIALECTS, PASSWORD, newDeviceId, uniqueEmail } from '../helpers.ts';
import { makePdf } from '../courses/pdf-maker.ts';

const ROOT = resolve(import.meta.dirname, '../../../..');
const FIXTURE = resolve(import.meta.dirname, '../fixtures/api-process.ts');

interface Proc {
  child: ChildProcess;
  port: number;
  exited: Promise<NodeJS.Signals | number | null>;
}

/** Starts a real API process (node + tsx) on a free port and waits until it listens. */
function startProcess(env: Record<string, string>): Promise<Proc> {
  const child = spawn(process.execPath, ['--import', 'tsx', FIXTURE], {
    cwd: ROOT,
    env: { ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'silent', SEED_DEMO: 'false', PORT: '0', JOBS: 'on', JOBS_POLL_INTERVAL_MS: '50', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<NodeJS.Signals | number | null>((res) => child.once('exit', (code, signal) => res(signal ?? code)));
  return new Promise((resolvePort, reject) => {
    let out = '';
    let err = '';
    const timer = setTimeout(() => reject(new Error(`process did not start: ${out} ${err}`)), 30_000);
    child.stderr!.on('data', (d: Buffer) => (err += d.toString()));
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      const m = /READY (\d+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolvePort({ child, port: Number(m[1]), exited });
      }
    });
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`process exited (${String(code)}) before it listened: ${err}`));
    });
  });
}

async function until(check: () => Promise<boolean>, timeoutMs = 45_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('condition not reached in time');
}

/**
 * Two API processes on one database (decision 007): each job's effect happens exactly once, a job of
 * a process killed mid-job (kill -9) is taken over after its lease, and concurrent logins across
 * the processes leave one active device.
 */
describe.each(DIALECTS)('two API processes on one %s database', (dialect: DialectName) => {
  let handle: DatabaseHandle;
  let databaseUrl: string;
  let cleanup: () => Promise<void>;
  const procs: Proc[] = [];
  const secret = randomBytes(32).toString('hex');

  beforeAll(async () => {
    if (dialect === 'postgres') {
      const base = process.env.TEST_DATABASE_URL!;
      const schema = `t_${randomBytes(6).toString('hex')}`;
      handle = await openDatabase({ url: base, schema, poolSize: 4 });
      databaseUrl = `${base}${base.includes('?') ? '&' : '?'}options=${encodeURIComponent(`-c search_path=${schema}`)}`;
      cleanup = async () => {
        await handle.close();
        await dropSchema(base, schema);
      };
    } else {
      const dir = mkdtempSync(join(tmpdir(), 'blok-procs-'));
      databaseUrl = `file:${join(dir, 'test.db')}`;
      handle = await openDatabase({ url: databaseUrl });
      cleanup = async () => {
        await handle.close();
        rmSync(dir, { recursive: true, force: true });
      };
    }
    await migrateToLatest(handle.db);
    await sql`create table job_effects (job_id text not null, worker text not null)`.execute(handle.db);
  });

  afterAll(async () => {
    for (const p of procs) if (p.child.exitCode === null && p.child.signalCode === null) p.child.kill('SIGTERM');
    await Promise.all(procs.map((p) => p.exited));
    await cleanup?.();
  });

  const effects = async () => (await sql<{ job_id: string; worker: string }>`select job_id, worker from job_effects`.execute(handle.db)).rows;

  it('runs each of 200 due jobs exactly once across both processes', async () => {
    // both processes are up before the jobs are due: a process that starts first must not drain
    // them all before the other polls (its start takes 11-14 s on a loaded machine)
    // one secret, as several processes of one deployment share it: a token of the one is good at the other
    procs.push(...(await Promise.all([startProcess({ DATABASE_URL: databaseUrl, JWT_SECRET: secret }), startProcess({ DATABASE_URL: databaseUrl, JWT_SECRET: secret })])));
    for (let i = 0; i < 200; i += 1) await enqueueJob(handle.db, { name: 'test.effect', payload: { i } });
    await until(async () => {
      const left = await handle.db.selectFrom('jobs').select('id').where('name', '=', 'test.effect').where('state', '!=', 'done').execute();
      return left.length === 0;
    });
    const rows = await effects();
    expect(rows).toHaveLength(200);
    expect(new Set(rows.map((r) => r.job_id)).size).toBe(200);
    if (dialect === 'postgres') expect(new Set(rows.map((r) => r.worker)).size).toBe(2);
  }, 90_000);

  it('leaves exactly one active device after concurrent logins through both processes', async () => {
    const [a, b] = procs;
    const email = uniqueEmail('procs');
    const form = (fields: Record<string, string>) => ({
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(fields).toString(),
    });
    const reg = await fetch(`http://127.0.0.1:${a!.port}/api/auth/register`, form({ device_id: newDeviceId(), grant_type: 'external_register', client_id: CLIENT_ID, email, password: PASSWORD, ...CHOICE }));
    expect(reg.status).toBe(200);
    const logins = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        fetch(`http://127.0.0.1:${(i % 2 === 0 ? a : b)!.port}/api/auth/login`, form({ grant_type: 'password', client_id: CLIENT_ID, client_secret: '', username: email, password: PASSWORD, device_id: newDeviceId() })),
      ),
    );
    expect(logins.map((r) => r.status)).toEqual([200, 200, 200, 200, 200, 200]);
    const user = await handle.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow();
    const active = await handle.db.selectFrom('devices').select('id').where('user_id', '=', user.id).where('revoked_at', 'is', null).execute();
    expect(active).toHaveLength(1);
  }, 60_000);

  it('serves a PDF uploaded through one process from the other, whole and in ranges (issue 41)', async () => {
    const [a, b] = procs;
    const url = (p: Proc, path: string) => `http://127.0.0.1:${p.port}/api${path}`;
    const reg = await fetch(url(a!, '/auth/register'), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ device_id: newDeviceId(), grant_type: 'external_register', client_id: CLIENT_ID, email: uniqueEmail('procs-pdf'), password: PASSWORD, ...CHOICE }).toString(),
    });
    expect(reg.status).toBe(200);
    const auth = { authorization: `Bearer ${((await reg.json()) as { access_token: string }).access_token}` };
    const write = (p: Proc, method: string, path: string, body: BodyInit, type: string) =>
      fetch(url(p, path), { method, body, headers: { ...auth, 'content-type': type, 'idempotency-key': crypto.randomUUID() } });
    const created = await write(a!, 'POST', '/courses', JSON.stringify({ name: 'Sociale psychologie' }), 'application/json');
    expect(created.status).toBe(201);
    const courseId = ((await created.json()) as { course: { id: string } }).course.id;
    // three chunks of 256 KB and a bit
    const pdf = Buffer.concat([makePdf(['Gedeeld tussen processen', 'Tweede pagina']), Buffer.from(`%${'z'.repeat(600 * 1024)}\n`)]);
    const up = await write(a!, 'POST', `/courses/${courseId}/files?name=Hoorcollege.pdf`, new Uint8Array(pdf), 'application/pdf');
    expect(up.status, await up.clone().text()).toBe(201);
    const fileId = ((await up.json()) as { id: string }).id;
    const file = `/courses/${courseId}/files/${fileId}/file`;
    const whole = await fetch(url(b!, file), { headers: auth });
    expect(whole.status).toBe(200);
    expect(Buffer.from(await whole.arrayBuffer()).equals(pdf)).toBe(true);
    const range = await fetch(url(b!, file), { headers: { ...auth, range: `bytes=${256 * 1024 - 5}-${256 * 1024 + 4}` } });
    expect(range.status).toBe(206);
    expect(Buffer.from(await range.arrayBuffer()).equals(pdf.subarray(256 * 1024 - 5, 256 * 1024 + 5))).toBe(true);
    const pages = await fetch(url(b!, `/courses/${courseId}/files/${fileId}/pages`), { headers: auth });
    expect(((await pages.json()) as { pages: Array<{ text: string }> }).pages.map((p) => p.text)).toEqual(['Gedeeld tussen processen', 'Tweede pagina']);
    // deleted through the one, gone in the other
    expect((await fetch(url(b!, `/courses/${courseId}/files/${fileId}`), { method: 'DELETE', headers: { ...auth, 'idempotency-key': crypto.randomUUID() } })).status).toBe(204);
    expect((await fetch(url(a!, file), { headers: auth })).status).toBe(404);
  }, 60_000);

  it('takes over the job of a process killed mid-job (kill -9) once its lease expires, and runs it once', async () => {
    // Stop the healthy processes first, so that the crashing one claims the job.
    for (const p of procs.splice(0)) {
      p.child.kill('SIGTERM');
      await p.exited;
    }
    await enqueueJob(handle.db, { name: 'test.crash', dedupeKey: 'crash-once' });
    const crashing = await startProcess({ DATABASE_URL: databaseUrl, CRASH_ON_JOB: '1', JOBS_LEASE_SECONDS: '2' });
    expect(await crashing.exited).toBe('SIGKILL');
    const job = await handle.db.selectFrom('jobs').selectAll().where('dedupe_key', '=', 'crash-once').executeTakeFirstOrThrow();
    expect(job).toMatchObject({ state: 'running', attempts: 1 });
    const crashId = job.id;
    expect((await effects()).filter((e) => e.job_id === crashId)).toHaveLength(0); // rolled back with the process

    const healthy = await startProcess({ DATABASE_URL: databaseUrl, JOBS_LEASE_SECONDS: '2' });
    procs.push(healthy);
    await until(async () => (await handle.db.selectFrom('jobs').select('state').where('id', '=', crashId).executeTakeFirstOrThrow()).state === 'done').catch(async (err: unknown) => {
      console.error(await handle.db.selectFrom('jobs').selectAll().where('id', '=', crashId).executeTakeFirst(), healthy.child.exitCode);
      throw err;
    });
    expect((await effects()).filter((e) => e.job_id === crashId)).toHaveLength(1);
    const done = await handle.db.selectFrom('jobs').selectAll().where('id', '=', crashId).executeTakeFirstOrThrow();
    expect(done.attempts).toBe(2);
  }, 90_000);
});
