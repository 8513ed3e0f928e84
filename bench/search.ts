// The one search (issue 41, decision 040; not a test):
//   npm run bench:search -w @blok/bench                                             SQLite
//   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run bench:search -w @blok/bench
// Builds the app in this process over a fresh database with the demo content (Blok's summaries),
// registers SEARCH_STUDENTS (20) students and gives them SEARCH_PAGES (10,000) pages of PDF text
// between them (through the search service, as an upload writes them; words drawn from a Dutch
// vocabulary, 300 a page: the common words, course stems and 8,000 more words drawn by Zipf's law), then sends SEARCH_QUERIES (400) searches of one or two words through the
// API (GET /api/search, the whole pipeline: authentication, schema, the query, the snippets), each
// from the next student, after one warm-up search each. Reports p50, p95 and the worst, and writes
// its table between the search markers of RESULTS.md.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes, randomUUID } from 'node:crypto';
import { dropSchema, migrateToLatest, openDatabase, type DatabaseHandle } from '@blok/db';
import { buildApp } from '../apps/api/src/app.ts';
import { loadEnv } from '../apps/api/src/env.ts';
import { importContent } from '../apps/api/src/content/importer.ts';
import { ROOT, machine, writeSection } from './harness.ts';

const STUDENTS = Number(process.env.SEARCH_STUDENTS ?? 20);
const PAGES = Number(process.env.SEARCH_PAGES ?? 10_000);
const QUERIES = Number(process.env.SEARCH_QUERIES ?? 400);
const url = process.env.BENCH_DATABASE_URL;
const dialect = url ? 'postgres' : 'sqlite';

// a vocabulary: common words, and rarer course words (some with accents)
const COMMON = 'de het een en van in op dat is voor met niet zijn aan ook als bij door maar om naar dan wordt deze over uit kan hun tot er nog wel meer'.split(' ');
const STEMS = ['cognit', 'disson', 'attitud', 'gedrag', 'percept', 'motivat', 'emot', 'geheug', 'leer', 'conditioner', 'attribut', 'stereotyp', 'vooroordel', 'conformit', 'gehoorzam', 'groepsdenk', 'sociaal', 'identit', 'persoonlijk', 'intelligent', 'ontwikkel', 'hechting', 'neuron', 'synaps', 'hormoon', 'stress', 'depress', 'angst', 'therapie', 'diagnos', 'statist', 'variant', 'correlat', 'regress', 'hypothes', 'steekproef', 'validit', 'betrouwbaar', 'experiment', 'observat', 'café', 'één', 'reïntegrat', 'financiël', 'economisch', 'markt', 'vraag', 'aanbod', 'prijs', 'elasticit'];
const ENDINGS = ['', 'e', 'en', 'ie', 'ief', 'ieve', 'isch', 'ische', 'iteit', 'ing', 'ingen', 'er', 'ers'];
const rand = (n: number) => Math.floor(Math.random() * n);
// A course's vocabulary beyond the stems: 8,000 made-up words of Dutch syllables, drawn with Zipf's
// law (the n-th word about 1/n as often), as words in real text are; the common words make up about
// 45 % of a page, as in Dutch prose.
const SYLLABLES = 'be ge ver ont aan af in op uit over na voor door sa me la ti ko ri ne de ka mo lu pe ra so ta vi wo zo ning heid lijk baar isch atie ering teit schap'.split(' ');
const VOCABULARY = [...STEMS.flatMap((s) => ENDINGS.map((e) => s + e)), ...Array.from({ length: 8000 }, () => Array.from({ length: 2 + rand(3) }, () => SYLLABLES[rand(SYLLABLES.length)]).join(''))];
const ZIPF = (() => {
  const weights = VOCABULARY.map((_, i) => 1 / (i + 1));
  const total = weights.reduce((a, b) => a + b, 0);
  let sum = 0;
  return weights.map((w) => (sum += w / total));
})();
const zipfWord = () => {
  const x = Math.random();
  let lo = 0;
  let hi = ZIPF.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (ZIPF[mid]! < x) lo = mid + 1;
    else hi = mid;
  }
  return VOCABULARY[lo]!;
};
const word = () => (Math.random() < 0.45 ? COMMON[rand(COMMON.length)]! : zipfWord());
const pageText = () => Array.from({ length: 300 }, word).join(' ');

const dir = mkdtempSync(join(tmpdir(), 'blok-search-bench-'));
const schema = `bench_search_${randomBytes(4).toString('hex')}`;
let handle: DatabaseHandle | undefined;
try {
  handle = url ? await openDatabase({ url, schema, poolSize: 10 }) : await openDatabase({ url: `file:${join(dir, 'search.db')}` });
  await migrateToLatest(handle.db);
  await importContent(handle.db, join(ROOT, 'packages/content/courses'), { dialect });
  const env = loadEnv({ NODE_ENV: 'test', LOG_LEVEL: 'error', SEED_DEMO: 'false', JOBS: 'off', API_RATE_LIMIT_PER_MINUTE: '1000000', REGISTER_RATE_LIMIT_IP: '100000' });
  const app = await buildApp({ env, database: handle, serveWeb: false, logger: false });
  await app.ready();

  console.log(`${dialect}: ${STUDENTS} students, ${PAGES} pages`);
  const students: Array<{ userId: string; auth: string }> = [];
  for (let i = 0; i < STUDENTS; i++) {
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/register',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ device_id: `bench-${i}-${randomUUID()}`, grant_type: 'external_register', client_id: 'blok-web', email: `search.${i}.${randomUUID()}@example.nl`, password: 'Geheim#2024', university: 'uva', study: 'psychologie', year: 'bachelor-1' }).toString(),
    });
    const auth = `Bearer ${res.json().access_token as string}`;
    const me = await app.inject({ method: 'GET', url: '/api/user/profile', headers: { authorization: auth } });
    students.push({ userId: me.json().id as string, auth });
  }
  const perStudent = Math.ceil(PAGES / STUDENTS);
  const started = Date.now();
  for (const [i, s] of students.entries()) {
    // files of 50 pages, as lecture slides are
    for (let f = 0; f < perStudent; f += 50) {
      const pages = Array.from({ length: Math.min(50, perStudent - f) }, pageText);
      await app.services.uow.run((tx) => app.services.search.pagesAdded(tx, { userId: s.userId, courseId: randomUUID(), courseName: `Vak ${i}`, fileId: randomUUID(), fileName: `Hoorcollege ${f / 50 + 1}.pdf`, pages }));
    }
  }
  console.log(`indexed in ${((Date.now() - started) / 1000).toFixed(1)} s`);

  const search = (s: { auth: string }, q: string) => app.inject({ method: 'GET', url: `/api/search?q=${encodeURIComponent(q)}`, headers: { authorization: s.auth } });
  for (const s of students) await search(s, 'warm');
  const times: number[] = [];
  let hits = 0;
  for (let i = 0; i < QUERIES; i++) {
    const q = i % 3 === 0 ? `${STEMS[rand(STEMS.length)]}` : i % 3 === 1 ? `${STEMS[rand(STEMS.length)]}${ENDINGS[rand(ENDINGS.length)]} ${STEMS[rand(STEMS.length)]}` : `${COMMON[rand(COMMON.length)]} ${STEMS[rand(STEMS.length)]}`;
    const t = process.hrtime.bigint();
    const res = await search(students[i % students.length]!, q);
    times.push(Number(process.hrtime.bigint() - t) / 1e6);
    if (res.statusCode !== 200) throw new Error(`search answered ${res.statusCode}: ${res.body}`);
    hits += (res.json().hits as unknown[]).length;
  }
  // where the time goes: the index's query alone, for the same kind of searches (SEARCH_PROFILE=1)
  if (process.env.SEARCH_PROFILE) {
    const { SearchRepository } = await import('../apps/api/src/search/repository.ts');
    const { searchTerms } = await import('../packages/domain/src/search.ts');
    const repo = new SearchRepository(handle.db, dialect);
    const q: number[] = [];
    for (let i = 0; i < 200; i++) {
      const terms = searchTerms(`${COMMON[rand(COMMON.length)]} ${STEMS[rand(STEMS.length)]}`);
      const t = process.hrtime.bigint();
      await repo.search(students[i % students.length]!.userId, terms, 20);
      q.push(Number(process.hrtime.bigint() - t) / 1e6);
    }
    q.sort((a, b) => a - b);
    console.log('index query alone: p50', q[100]!.toFixed(1), 'ms, p95', q[190]!.toFixed(1), 'ms');
    const v: number[] = [];
    for (let i = 0; i < 200; i++) {
      const t = process.hrtime.bigint();
      await app.services.search.search(students[i % students.length]!.userId, `${COMMON[rand(COMMON.length)]} ${STEMS[rand(STEMS.length)]}`);
      v.push(Number(process.hrtime.bigint() - t) / 1e6);
    }
    v.sort((a, b) => a - b);
    console.log('search service (sync, query, snippets): p50', v[100]!.toFixed(1), 'ms, p95', v[190]!.toFixed(1), 'ms');
  }
  times.sort((a, b) => a - b);
  const at = (p: number) => times[Math.min(times.length - 1, Math.floor((p / 100) * times.length))]!;
  const row = { dialect, students: STUDENTS, pages: PAGES, queries: QUERIES, p50: at(50), p95: at(95), max: times[times.length - 1]!, meanHits: hits / QUERIES };
  console.log(row);
  await app.close();

  const jsonFile = join(ROOT, 'bench/results-search.json');
  let all: Record<string, unknown> = {};
  try {
    all = JSON.parse(readFileSync(jsonFile, 'utf8')) as Record<string, unknown>;
  } catch {
    /* first run */
  }
  all[dialect] = { ...row, machine: machine(), at: new Date().toISOString() };
  writeFileSync(jsonFile, `${JSON.stringify(all, null, 2)}\n`);
  const fmt = (n: number) => `${n.toFixed(1)} ms`;
  const lines = Object.values(all).map((r) => {
    const x = r as typeof row;
    return `| ${x.dialect} | ${x.pages.toLocaleString('en')} pages of ${x.students} students + the demo summaries | ${x.queries} | ${fmt(x.p50)} | ${fmt(x.p95)} | ${fmt(x.max)} | ${x.meanHits.toFixed(1)} |`;
  });
  writeSection(
    join(ROOT, 'bench/RESULTS.md'),
    'search',
    `| engine | index | searches | p50 | p95 | worst | hits per search |\n| --- | --- | --- | --- | --- | --- | --- |\n${lines.join('\n')}\n`,
    (f) => readFileSync(f, 'utf8'),
    (f, t) => writeFileSync(f, t),
  );
} finally {
  await handle?.close();
  if (url) await dropSchema(url, schema);
  rmSync(dir, { recursive: true, force: true });
}
