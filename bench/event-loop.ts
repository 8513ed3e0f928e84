// Large honest operations against a health poll (issue 38, item 3; not a test):
//   npm run build && npm run bench:loop
//   LOOP_SERVERS=before=apps/api/dist-before/server.js,after=apps/api/dist/server.js npm run bench:loop
// For each build named in LOOP_SERVERS (default: apps/api/dist-before/server.js as "before" when it
// exists, and apps/api/dist/server.js as "after"), in turn and LOOP_ROUNDS (1) times with the order
// alternating: starts it on a fresh database (SQLite, or BENCH_DATABASE_URL's PostgreSQL in a schema
// of its own), and a second client, its own process, that polls GET /api/health every 50 ms. Then,
// one at a time, what one student legitimately does with large sets: a 1,000-card text import, a
// 380-picture .apkg import, the .apkg and CSV exports of them, opening the 1,000-card set, a
// classmate's copy of the shared 1,000-card set and deleting it (LOOP_REPEAT times), and listing
// 1,000 highlights whose quotes are no longer in the chapter (LOOP_REPEAT times), and a 49 MB,
// 300-page PDF uploaded to a course of hers (issue 41). For each: the
// time to answer and the health poll's worst wait meanwhile (goal: at most 100 ms on a quiet
// machine). Writes the table between the event-loop markers of RESULTS.md and everything to
// results-event-loop.json (LOOP_NO_WRITE=1: only prints). LOOP_ONLY=<regex> runs only matching
// operations (their setup still runs); LOOP_CPU_PROF=<dir> writes V8 CPU profiles of each server;
// LOOP_PICTURES=<file> keeps the picture package between runs.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { randomBytes, randomUUID } from 'node:crypto';
import { openDatabase } from '@blok/db';
import { ROOT, dropBenchSchema, load, machine, register, startBlok, writeSection, type Blok } from './harness.ts';
import { startPoller, type HealthMark } from './health-poller.ts';
import { largePdf, picturePackage, thousandCards } from './import-files.ts';

const ROUNDS = Number(process.env.LOOP_ROUNDS ?? 1);
const REPEAT = Number(process.env.LOOP_REPEAT ?? 3);
const ONLY = process.env.LOOP_ONLY ? new RegExp(process.env.LOOP_ONLY, 'i') : null;
const PROFILE_DIR = process.env.LOOP_CPU_PROF ? resolve(process.env.LOOP_CPU_PROF) : null;
const pgUrl = process.env.BENCH_DATABASE_URL;
// the machine this runs on may be loaded: the 380-picture package must not meet the 8 s parse timeout
process.env.CARD_IMPORT_PARSE_TIMEOUT_S ??= '120';

function servers(): Array<{ name: string; file: string }> {
  if (process.env.LOOP_SERVERS) {
    return process.env.LOOP_SERVERS.split(',').map((part) => {
      const [name, file] = part.split('=');
      return { name: name!, file: resolve(ROOT, file!) };
    });
  }
  const before = join(ROOT, 'apps/api/dist-before/server.js');
  return [...(existsSync(before) ? [{ name: 'before', file: before }] : []), { name: 'after', file: join(ROOT, 'apps/api/dist/server.js') }];
}

interface Measured {
  server: string;
  round: number;
  op: string;
  status: string;
  seconds: number;
  health: HealthMark;
}

const OPS = [
  '1,000-card text import',
  '380-picture .apkg import',
  '.apkg export, 380 pictures',
  'CSV export, 1,000 cards',
  'open the 1,000-card set',
  "copy a shared 1,000-card set",
  'delete the copy',
  'list 1,000 highlights not found',
  '49 MB PDF upload (300 pages)',
] as const;
type Op = (typeof OPS)[number];

async function runServer(name: string, file: string, round: number, files: { text: Buffer; pictures: Buffer; pdf: Buffer }): Promise<{ rows: Measured[]; idle: HealthMark; loadBefore: string; loadAfter: string }> {
  const dir = mkdtempSync(join(tmpdir(), 'blok-loop-bench-'));
  const schema = `bench_loop_${randomBytes(4).toString('hex')}`;
  const databaseUrl = pgUrl ? `${pgUrl}${pgUrl.includes('?') ? '&' : '?'}options=-c%20search_path%3D${schema}` : `file:${join(dir, 'loop.db')}`;
  let blok: Blok | undefined;
  let poller: ReturnType<typeof startPoller> | undefined;
  const rows: Measured[] = [];
  const loadBefore = load();
  try {
    if (pgUrl) await (await openDatabase({ url: pgUrl, schema })).close();
    const profile = PROFILE_DIR ? join(PROFILE_DIR, `${name}-${round}`) : null;
    if (profile) mkdirSync(profile, { recursive: true });
    blok = await startBlok(databaseUrl, dir, randomBytes(32).toString('hex'), { server: file, nodeArgs: profile ? ['--cpu-prof', `--cpu-prof-dir=${profile}`] : [] });
    const b = blok;
    const [owner, classmate, reader] = await Promise.all([register(b.url, `loop-owner`), register(b.url, `loop-classmate`), register(b.url, `loop-reader`)]);

    const request = async (method: string, path: string, token: string, body?: Buffer | object, type?: string) => {
      const headers: Record<string, string> = { authorization: `Bearer ${token}` };
      if (method !== 'GET') headers['idempotency-key'] = randomUUID();
      let payload: BodyInit | undefined;
      if (Buffer.isBuffer(body)) {
        payload = new Uint8Array(body);
        headers['content-type'] = type ?? 'application/octet-stream';
      } else if (body !== undefined) {
        payload = JSON.stringify(body);
        headers['content-type'] = 'application/json';
      }
      const t = performance.now();
      const res = await fetch(`${b.url}${path}`, { method, body: payload, headers });
      const bytes = Buffer.from(await res.arrayBuffer());
      const seconds = (performance.now() - t) / 1000;
      let json: Record<string, unknown> = {};
      if ((res.headers.get('content-type') ?? '').includes('json')) json = JSON.parse(bytes.toString('utf8') || '{}') as Record<string, unknown>;
      return { status: res.status, json, bytes, seconds };
    };

    poller = startPoller(b.url);
    const p = poller;
    await new Promise((r) => setTimeout(r, 3000));
    const idle = await p.mark();
    console.log(`[${name} ${round}] up, idle health worst ${idle.worst} ms (${idle.count} polls), load ${load()}`);

    /** Runs one operation between two marks of the health poll (after a second of quiet). */
    async function measured(op: Op, work: () => Promise<{ status: number; seconds: number; note?: string }>): Promise<{ status: number }> {
      if (ONLY && !ONLY.test(op)) {
        const r = await work();
        return { status: r.status };
      }
      await new Promise((r) => setTimeout(r, 1000));
      await p.mark();
      const r = await work();
      const health = await p.mark();
      const error = (r as { json?: { error?: unknown } }).json?.error;
      const row = { server: name, round, op, status: `${r.status}${typeof error === 'string' ? ` ${error}` : ''}${r.note ? ` ${r.note}` : ''}`, seconds: r.seconds, health };
      rows.push(row);
      console.log(`[${name} ${round}] ${op}: ${row.status} in ${r.seconds.toFixed(2)} s, health worst ${health.worst} ms (${health.count} polls, ${health.failed} failed)  (load ${load()})`);
      return { status: r.status };
    }
    const expect = (what: string, status: number, wanted: number) => {
      if (status !== wanted) throw new Error(`[${name}] ${what}: ${status}, expected ${wanted}`);
    };

    // her sets
    let thousandId = '';
    expect(
      'text import',
      (
        await measured('1,000-card text import', async () => {
          const r = await request('POST', '/api/card-imports?source=text&title=Duizend', owner.access, files.text, 'text/plain');
          thousandId = String(r.json.id ?? '');
          return { ...r, note: `(${(r.json.cards as unknown[] | undefined)?.length ?? 0} kaarten)` };
        })
      ).status,
      201,
    );
    let picturesId = '';
    expect(
      'picture import',
      (
        await measured('380-picture .apkg import', async () => {
          const r = await request('POST', '/api/card-imports?source=apkg&title=Dia%27s', owner.access, files.pictures);
          picturesId = String(r.json.id ?? '');
          return { ...r, note: `(${(r.json.cards as unknown[] | undefined)?.length ?? 0} kaarten)` };
        })
      ).status,
      201,
    );
    await measured('.apkg export, 380 pictures', async () => {
      const r = await request('GET', `/api/card-exports/${picturesId}?format=apkg`, owner.access);
      return { ...r, note: `(${(r.bytes.length / 1024 / 1024).toFixed(1)} MB)` };
    });
    await measured('CSV export, 1,000 cards', async () => {
      const r = await request('GET', `/api/card-exports/${thousandId}?format=csv`, owner.access);
      return { ...r, note: `(${(r.bytes.length / 1024).toFixed(0)} KB)` };
    });
    await measured('open the 1,000-card set', () => request('GET', `/api/own-flashcard-sets/${thousandId}`, owner.access));

    // a classmate copies the shared set and deletes her copy again
    const share = await request('POST', `/api/own-flashcard-sets/${thousandId}/share`, owner.access);
    expect('share', share.status, 200);
    for (let i = 0; i < REPEAT; i++) {
      let copyId = '';
      expect(
        'copy',
        (
          await measured("copy a shared 1,000-card set", async () => {
            const r = await request('POST', `/api/shared-flashcard-sets/${String(share.json.token)}/copy`, classmate.access);
            copyId = String(r.json.id ?? '');
            return r;
          })
        ).status,
        201,
      );
      expect('delete', (await measured('delete the copy', () => request('DELETE', `/api/own-flashcard-sets/${copyId}`, classmate.access))).status, 204);
    }

    // 1,000 highlights in one chapter, made offline before a correction: their quotes are gone
    const library = await request('GET', '/api/library', reader.access);
    let place: { summaryId: string; chapterId: string } | undefined;
    for (const subject of library.json.subjects as Array<{ id: string }>) {
      const detail = await request('GET', `/api/subjects/${subject.id}`, reader.access);
      for (const s of detail.json.summaries as Array<{ id: string }>) {
        const summary = await request('GET', `/api/summaries/${s.id}`, reader.access);
        const chapter = (summary.json.chapters as Array<{ chapterId: string; locked: boolean }>).find((c) => !c.locked);
        if (chapter) place = { summaryId: s.id, chapterId: chapter.chapterId };
        if (place) break;
      }
      if (place) break;
    }
    if (!place) throw new Error('no chapter to highlight in');
    const { summaryId, chapterId } = place;
    const create = async (i: number) => {
      const exact = `Een zin die na de correctie niet meer in het hoofdstuk staat, nummer ${i}; `.repeat(4).trim();
      const r = await request('POST', `/api/summaries/${summaryId}/annotations`, reader.access, {
        id: randomUUID(),
        chapterId,
        color: 'yellow',
        note: i % 3 === 0 ? `Notitie ${i}` : null,
        anchor: { quote: { exact, prefix: 'voor het citaat ', suffix: ' na het citaat' }, position: { start: 100 + i * 7, end: 100 + i * 7 + exact.length } },
      });
      expect('highlight', r.status, 201);
    };
    for (let i = 0; i < 1000; i += 10) await Promise.all(Array.from({ length: 10 }, (_, j) => create(i + j)));
    for (let i = 0; i < REPEAT; i++) {
      await measured('list 1,000 highlights not found', async () => {
        const r = await request('GET', `/api/summaries/${summaryId}/annotations`, reader.access);
        const listed = r.json.annotations as Array<{ found: unknown }> | undefined;
        return { ...r, note: `(${listed?.length ?? 0}, ${listed?.filter((a) => a.found === null).length ?? 0} not found)` };
      });
    }

    // her slides of a whole course in one file, near the 50 MB limit (issue 41): kept in chunks as it
    // streams in, checked by pdf.js on its own thread
    const course = await request('POST', '/api/courses', owner.access, { name: 'Sociale psychologie' });
    expect('course', course.status, 201);
    const courseId = String((course.json.course as { id?: unknown } | undefined)?.id ?? '');
    expect(
      'pdf upload',
      (
        await measured('49 MB PDF upload (300 pages)', async () => {
          const r = await request('POST', `/api/courses/${courseId}/files?name=${encodeURIComponent('Alle hoorcolleges.pdf')}`, owner.access, files.pdf, 'application/pdf');
          return { ...r, note: `(${(files.pdf.length / 1024 / 1024).toFixed(1)} MB, ${String(r.json.pages ?? '?')} pagina's)` };
        })
      ).status,
      201,
    );
    return { rows, idle, loadBefore, loadAfter: load() };
  } finally {
    poller?.stop();
    await blok?.stop();
    if (pgUrl) await dropBenchSchema(pgUrl, schema);
    rmSync(dir, { recursive: true, force: true });
  }
}

console.log('building the files');
// LOOP_PICTURES=<file>: the picture package is kept there between runs (made once: about a minute)
const picturesFile = process.env.LOOP_PICTURES;
const pictures = picturesFile && existsSync(picturesFile) ? readFileSync(picturesFile) : await picturePackage();
if (picturesFile && !existsSync(picturesFile)) writeFileSync(picturesFile, pictures);
const files = { text: thousandCards(), pictures, pdf: largePdf(49, 300) };
const list = servers();
const runs: Array<{ server: string; round: number; idle: HealthMark; loadBefore: string; loadAfter: string }> = [];
const rows: Measured[] = [];
for (let round = 1; round <= ROUNDS; round++) {
  const order = round % 2 === 1 ? list : [...list].reverse();
  for (const s of order) {
    const r = await runServer(s.name, s.file, round, files);
    rows.push(...r.rows);
    runs.push({ server: s.name, round, idle: r.idle, loadBefore: r.loadBefore, loadAfter: r.loadAfter });
  }
}

const date = new Date().toISOString().slice(0, 16).replace('T', ' ');
const names = list.map((s) => s.name);
const cell = (op: string, server: string) => {
  const mine = rows.filter((r) => r.op === op && r.server === server);
  if (mine.length === 0) return ['–', '–'];
  return [mine.map((r) => `${r.seconds.toFixed(2)} s`).join(' / '), mine.map((r) => `${r.health.worst} ms`).join(' / ')];
};
const table = [
  `${date} UTC, ${machine()}, ${pgUrl ? 'PostgreSQL' : 'SQLite'}, ${ROUNDS} round(s), each operation after a second of quiet; repeated ones show every run (a / b / c).`,
  `Load average (1 / 5 / 15 min) at the start and end of each server's run: ${runs.map((r) => `${r.server} ${r.round}: ${r.loadBefore} → ${r.loadAfter}`).join('; ')}.`,
  `Idle health poll worst: ${runs.map((r) => `${r.server} ${r.round} ${r.idle.worst} ms`).join(', ')}.`,
  '',
  `| operation | ${names.map((n) => `${n}: time | ${n}: health worst`).join(' | ')} |`,
  `|---|${names.map(() => '---|---').join('|')}|`,
  ...OPS.filter((op) => rows.some((r) => r.op === op)).map((op) => `| ${op} | ${names.flatMap((n) => cell(op, n)).join(' | ')} |`),
  '',
].join('\n');
console.log(`\n${table}`);
if (process.env.LOOP_NO_WRITE !== '1' && !ONLY) {
  writeSection(join(ROOT, 'bench/RESULTS.md'), pgUrl ? 'event-loop-postgres' : 'event-loop', table, (f) => readFileSync(f, 'utf8'), (f, t) => writeFileSync(f, t));
  writeFileSync(join(ROOT, `bench/results-event-loop${pgUrl ? '-postgres' : ''}.json`), `${JSON.stringify({ date, machine: machine(), servers: list, runs, rows }, null, 2)}\n`);
}
