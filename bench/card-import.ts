// Card import under hostile and large uploads (issue 38; not a test):
//   npm run build && npm run bench:import
//   MALLOC_ARENA_MAX=2 npm run bench:import          (what production sets; see the README)
// Starts the production build on a fresh SQLite database and a second client (its own process)
// that polls GET /api/health every 50 ms. Then, one at a time, uploads the hostile packages of
// apps/api/test/card-import/hostile/ and the worst honest ones (a 1,000-card text import, a package
// with 380 pictures, previewed and imported), then the bursts: three students sending the worst
// hostile files at once while a fourth previews a two-line text, and 18 students sending a 47 MB
// package at once. For each: the time to answer, the status, the server's resident memory (VmRSS
// of its process, sampled every 50 ms) before and at its peak, and the health poll's worst wait.
// Then IMPORT_IDLE_SECONDS (300) idle, and RSS after. Writes its table between the card-import
// markers of RESULTS.md and everything to results-card-import.json.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes, randomUUID } from 'node:crypto';
import { ROOT, load, machine, register, rssMb, startBlok, writeSection, type Blok } from './harness.ts';
import { startPoller } from './health-poller.ts';
import { picturePackage, thousandCards, zipOf } from './import-files.ts';

const IDLE_SECONDS = Number(process.env.IMPORT_IDLE_SECONDS ?? 300);
const HOSTILE = join(ROOT, 'apps/api/test/card-import/hostile');

interface Row {
  name: string;
  status: string;
  seconds: number;
  rssBeforeMb: number;
  rssPeakMb: number;
  healthWorstMs: number;
  note?: string;
}

const dir = mkdtempSync(join(tmpdir(), 'blok-import-bench-'));
let blok: Blok | undefined;
let poller: ReturnType<typeof startPoller> | undefined;
try {
  console.log('building the packages');
  const pictures = await picturePackage();
  const text = thousandCards();
  // 47 MB: a package of one stored entry of random bytes (no collection: refused once read)
  const big = await zipOf([{ name: 'collection.anki21', bytes: randomBytes(47 * 1024 * 1024), compress: false }]);
  const hostile = Object.fromEntries(['zstd-second-frame-window', 'zstd-192mib-window', 'generated-column', 'ten-mb-field'].map((n) => [n, readFileSync(join(HOSTILE, `${n}.apkg`))]));

  blok = await startBlok(`file:${join(dir, 'import.db')}`, dir, randomBytes(32).toString('hex'));
  const b = blok;
  const students = await Promise.all(Array.from({ length: 30 }, (_, i) => register(b.url, `import${i}`)));
  let next = 0;
  const student = () => students[next++ % students.length]!;
  poller = startPoller(b.url);
  const p = poller;
  await new Promise((r) => setTimeout(r, 3000));
  const startRss = rssMb(b.proc);
  const idleHealth = await p.mark();
  console.log(`up: rss ${startRss.toFixed(0)} MiB, idle health worst ${idleHealth.worst} ms (${idleHealth.count} polls)`);

  const upload = async (path: string, body: Buffer, type = 'application/octet-stream', token = student().access) => {
    const t = performance.now();
    const res = await fetch(`${b.url}${path}`, { method: 'POST', body: new Uint8Array(body), headers: { authorization: `Bearer ${token}`, 'content-type': type, 'idempotency-key': randomUUID() } });
    const json = (await res.json().catch(() => ({}))) as { error?: string; cardCount?: number };
    return { status: res.status, error: json.error, cards: json.cardCount, seconds: (performance.now() - t) / 1000, retryAfter: res.headers.get('retry-after') };
  };

  /** Runs `work`, sampling RSS every 50 ms; the row with the health poll's worst wait meanwhile. */
  const rows: Row[] = [];
  async function measured(name: string, work: () => Promise<{ status: string; seconds: number; note?: string }>): Promise<void> {
    await new Promise((r) => setTimeout(r, 1000));
    await p.mark();
    const before = rssMb(b.proc);
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, rssMb(b.proc))), 50);
    const r = await work();
    clearInterval(sampler);
    peak = Math.max(peak, rssMb(b.proc));
    const health = await p.mark();
    const row = { name, status: r.status, seconds: r.seconds, rssBeforeMb: before, rssPeakMb: peak, healthWorstMs: health.worst, note: r.note };
    rows.push(row);
    console.log(`${name}: ${row.status} in ${row.seconds.toFixed(2)} s, rss ${before.toFixed(0)} -> peak ${peak.toFixed(0)} MiB, health worst ${health.worst} ms  (load ${load()})`);
  }
  const one = (path: string, body: Buffer, type?: string) => async () => {
    const r = await upload(path, body, type);
    return { status: `${r.status}${r.error ? ` ${r.error}` : ''}${r.cards !== undefined ? ` (${r.cards} kaarten)` : ''}`, seconds: r.seconds };
  };

  for (const [name, bytes] of Object.entries(hostile)) await measured(`${name}.apkg (${(bytes.length / 1024).toFixed(1)} KB), preview`, one('/api/card-imports/preview?source=apkg', bytes));
  await measured('1,000-card text, preview', one('/api/card-imports/preview?source=text', text, 'text/plain'));
  await measured('1,000-card text, import', one('/api/card-imports?source=text&title=Duizend', text, 'text/plain'));
  await measured(`380 pictures (${(pictures.length / 1024 / 1024).toFixed(1)} MB), preview`, one('/api/card-imports/preview?source=apkg', pictures));
  await measured('380 pictures, import', one('/api/card-imports?source=apkg&title=Dia%27s', pictures));

  // three students send the worst hostile files at once; a fourth previews two lines meanwhile
  await measured('burst: 3 students x 2 hostile zstd files + another student\'s 2-line text', async () => {
    const t = performance.now();
    const hostiles = [0, 1, 2].flatMap(() => {
      const s = student().access;
      return [upload('/api/card-imports/preview?source=apkg', hostile['zstd-second-frame-window']!, undefined, s), upload('/api/card-imports/preview?source=apkg', hostile['zstd-192mib-window']!, undefined, s)];
    });
    await new Promise((r) => setTimeout(r, 100));
    const small = await upload('/api/card-imports/preview?source=text', Buffer.from('cel\tkleinste eenheid van leven\nmitose\tceldeling'), 'text/plain');
    const all = await Promise.all(hostiles);
    const statuses = [...new Set(all.map((r) => `${r.status}${r.error ? ` ${r.error}` : ''}`))].join(', ');
    return { status: `text ${small.status} in ${small.seconds.toFixed(2)} s; hostile: ${statuses}`, seconds: (performance.now() - t) / 1000, note: `slowest hostile ${Math.max(...all.map((r) => r.seconds)).toFixed(2)} s` };
  });
  await measured('burst: hostile files, 10 MB field and 380 pictures at once + another student\'s 2-line text', async () => {
    const t = performance.now();
    const heavy = [
      upload('/api/card-imports/preview?source=apkg', pictures),
      upload('/api/card-imports/preview?source=apkg', hostile['ten-mb-field']!),
      upload('/api/card-imports/preview?source=apkg', hostile['generated-column']!),
      upload('/api/card-imports/preview?source=apkg', hostile['zstd-192mib-window']!),
    ];
    await new Promise((r) => setTimeout(r, 100));
    const small = await upload('/api/card-imports/preview?source=text', Buffer.from('cel\tkleinste eenheid van leven\nmitose\tceldeling'), 'text/plain');
    const all = await Promise.all(heavy);
    return { status: `text ${small.status} in ${small.seconds.toFixed(2)} s; others: ${all.map((r) => r.status).join(', ')}`, seconds: (performance.now() - t) / 1000, note: `slowest ${Math.max(...all.map((r) => r.seconds)).toFixed(2)} s` };
  });
  // 18 students send a 47 MB package at once: the queue admits workers + queue, the rest get 429 before their body is read
  await measured('burst: 18 students x 47 MB upload', async () => {
    const t = performance.now();
    const all = await Promise.all(Array.from({ length: 18 }, () => upload('/api/card-imports/preview?source=apkg', big)));
    const counts = new Map<string, number>();
    for (const r of all) counts.set(`${r.status}${r.error ? ` ${r.error}` : ''}`, (counts.get(`${r.status}${r.error ? ` ${r.error}` : ''}`) ?? 0) + 1);
    return { status: [...counts].map(([k, n]) => `${n}x ${k}`).join(', '), seconds: (performance.now() - t) / 1000, note: `slowest ${Math.max(...all.map((r) => r.seconds)).toFixed(2)} s` };
  });
  // the same student twice at once: the second is refused
  await measured('same student, two packages at once', async () => {
    const s = student().access;
    const t = performance.now();
    const [a, c] = await Promise.all([upload('/api/card-imports/preview?source=apkg', pictures, undefined, s), new Promise((r) => setTimeout(r, 50)).then(() => upload('/api/card-imports/preview?source=apkg', pictures, undefined, s))]);
    return { status: `first ${a.status}, second ${c.status} ${c.error ?? ''} (Retry-After ${c.retryAfter ?? '-'})`, seconds: (performance.now() - t) / 1000 };
  });

  const afterBursts = rssMb(b.proc);
  console.log(`idle ${IDLE_SECONDS} s`);
  const idleSamples: Array<{ t: number; rssMb: number }> = [];
  for (let s = 0; s <= IDLE_SECONDS; s += 10) {
    idleSamples.push({ t: s, rssMb: rssMb(b.proc) });
    if (s % 60 === 0) console.log(`idle t=${s} s rss ${idleSamples.at(-1)!.rssMb.toFixed(0)} MiB`);
    if (s < IDLE_SECONDS) await new Promise((r) => setTimeout(r, 10_000));
  }
  const afterIdle = rssMb(b.proc);

  const fmt = (n: number) => n.toFixed(0);
  const date = new Date().toISOString().slice(0, 16).replace('T', ' ');
  const table = [
    `${date} UTC, ${machine()}, load average after ${load()}, MALLOC_ARENA_MAX=${process.env.MALLOC_ARENA_MAX ?? 'unset'}; idle health poll worst ${idleHealth.worst} ms.`,
    '',
    '| upload | answer | time to answer | RSS before → peak (MiB) | growth | health worst |',
    '|---|---|---|---|---|---|',
    ...rows.map((r) => `| ${r.name} | ${r.status}${r.note ? ` (${r.note})` : ''} | ${r.seconds.toFixed(2)} s | ${fmt(r.rssBeforeMb)} → ${fmt(r.rssPeakMb)} | +${fmt(r.rssPeakMb - r.rssBeforeMb)} | ${r.healthWorstMs} ms |`),
    '',
    `RSS at start ${fmt(startRss)} MiB, after the bursts ${fmt(afterBursts)} MiB, after ${IDLE_SECONDS} s idle ${fmt(afterIdle)} MiB (${(afterIdle / startRss).toFixed(2)}x start).`,
    '',
  ].join('\n');
  console.log(`\n${table}`);
  writeSection(join(ROOT, 'bench/RESULTS.md'), 'card-import', table, (f) => readFileSync(f, 'utf8'), (f, t) => writeFileSync(f, t));
  writeFileSync(join(ROOT, 'bench/results-card-import.json'), `${JSON.stringify({ date, machine: machine(), load: load(), mallocArenaMax: process.env.MALLOC_ARENA_MAX ?? null, startRss, idleHealth, rows, afterBursts, afterIdle, idleSamples }, null, 2)}\n`);
} finally {
  poller?.stop();
  await blok?.stop();
  rmSync(dir, { recursive: true, force: true });
}
