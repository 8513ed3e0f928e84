// Lighthouse (issues 14 and 43, not a test): the production build's web app on a mobile preset, median of 5.
//   npm run build && npm run bench:lighthouse
// Starts Blok as in production (NODE_ENV=production, apps/api/dist/server.js, which serves the web
// build) on a fresh SQLite file under a temp dir, registers a student through the API, and runs
// Lighthouse 12.8.2 (the last release on Node 20) in Debian's Chromium on the login page (the
// machine's control: it changes least, so a run whose login is below 95 was a busy machine), the
// signed-out landing page (`/`), the signed-in Home (`/home`) and the reader signed in. Every run gets
// its own fresh browser profile, so each one is a cold first visit. Writes a table into bench/RESULTS.md (between <!-- bench:lighthouse -->
// markers) and everything into bench/results-lighthouse.json.
// LIGHTHOUSE_RUNS=<n> changes the number of runs per page (default 5). LIGHTHOUSE_PORT picks the port
// (default 3390); WEB_DIST (read by the server) serves another web build than apps/web/dist;
// LIGHTHOUSE_SERVER runs another build of the API than apps/api/dist/server.js (an A/B of a server change).
// LIGHTHOUSE_PAGES=login,landing,home,reader runs only those pages; LIGHTHOUSE_SAVE=<dir> keeps each run's whole
// report there (<page>-<run>.json: the main-thread breakdown, bootup time, the LCP element) and its trace
// (<page>-<run>.trace.json, for Chromium's performance panel).
// LIGHTHOUSE_AGAINST=<web build dir> is an A/B in one run: a second Blok on LIGHTHOUSE_PORT + 1 serves
// that build (WEB_DIST) over the same database and secret, and every page runs against both, interleaved,
// so a busy minute hits both builds alike (e.g. the build before a change, copied aside with its
// dist-server to a folder inside the repository: elsewhere the server renderer cannot import its
// packages and that server sends every page plain); its rows are named by LIGHTHOUSE_AGAINST_NAME
// (default: the directory).
// LIGHTHOUSE_CPU_PROFILE=1 adds V8's sampling profiler to the saved traces (diagnosis only).
// LIGHTHOUSE_NO_WRITE=1 prints the table but writes neither RESULTS.md nor the results JSON (for
// trials and partial runs). Each run prints its longest main-thread tasks (Lighthouse's long-tasks
// audit: script and simulated ms), to see what blocks the main thread.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { join, resolve } from 'node:path';
import { randomBytes } from 'node:crypto';
import { launch, type LaunchedChrome } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';
import webpush from 'web-push';
import { call as harnessCall } from './harness.ts';
import { CLIENT_ID, KEEP_ME_LOGGED_IN_VALUE, REFRESH_TOKEN_LIFETIME_SECONDS } from '@blok/contract/auth-constants';

const ROOT = resolve(import.meta.dirname, '..');
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 5);
const PORT = Number(process.env.LIGHTHOUSE_PORT ?? 3390);
const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const AGAINST = process.env.LIGHTHOUSE_AGAINST;
const AGAINST_NAME = process.env.LIGHTHOUSE_AGAINST_NAME ?? AGAINST;
const NO_WRITE = process.env.LIGHTHOUSE_NO_WRITE === '1';
const ONLY = process.env.LIGHTHOUSE_PAGES?.split(',').map((s) => s.trim()).filter(Boolean);
const SAVE = process.env.LIGHTHOUSE_SAVE;
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
type Category = (typeof CATEGORIES)[number];
/** The issue's goals per category (0-100). */
const GOALS: Record<Category, number> = { performance: 95, accessibility: 100, 'best-practices': 100, seo: 90 };
const METRICS = {
  'first-contentful-paint': 'FCP',
  'largest-contentful-paint': 'LCP',
  'total-blocking-time': 'TBT',
  'cumulative-layout-shift': 'CLS',
  'speed-index': 'SI',
  'total-byte-weight': 'weight',
} as const;

const dir = mkdtempSync(join(tmpdir(), 'blok-lighthouse-'));
const base = `http://127.0.0.1:${PORT}`;
const againstBase = `http://127.0.0.1:${PORT + 1}`;
/** One secret for both servers of an A/B: a token of one is good at the other (same database). */
const JWT_SECRET = randomBytes(32).toString('hex');

function startBlok(port = PORT, webDist?: string): ChildProcess {
  const vapid = webpush.generateVAPIDKeys();
  const env = {
    ...process.env,
    NODE_ENV: 'production',
    // the built-in test checkout, chosen explicitly (decision 015): no Mollie account here
    PAYMENTS: 'test',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATABASE_URL: `file:${join(dir, 'lighthouse.db')}`,
    JWT_SECRET,
    ACCESS_TOKEN_TTL_SECONDS: '3600',
    MAIL_OUTBOX_DIR: join(dir, 'outbox'),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    ...(webDist ? { WEB_DIST: webDist } : {}),
    JOBS: 'off',
    VAPID_PUBLIC_KEY: vapid.publicKey,
    VAPID_PRIVATE_KEY: vapid.privateKey,
  };
  return spawn(process.execPath, [process.env.LIGHTHOUSE_SERVER ?? join(ROOT, 'apps/api/dist/server.js')], { cwd: ROOT, env, stdio: ['ignore', 'ignore', 'inherit'] });
}

async function waitUntilUp(proc: ChildProcess, at = base): Promise<void> {
  for (let i = 0; i < 600; i++) {
    if (proc.exitCode !== null) throw new Error(`blok exited with ${proc.exitCode}`);
    if (await fetch(`${at}/api/health`).then((r) => r.ok, () => false)) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('blok did not start');
}

const call = <T>(path: string, init: RequestInit & { token?: string } = {}) => harnessCall<T>(base, path, init);

interface Session {
  deviceId: string;
  access: string;
  refresh: string;
  expiresIn: number;
}

/** A new student (through the API, as the register screen does) and the first chapter she can read. */
async function signedInStudent(): Promise<{ session: Session; readerPath: string }> {
  const deviceId = `lighthouse-${randomBytes(8).toString('hex')}`;
  const form = new URLSearchParams({
    device_id: deviceId,
    grant_type: 'external_register',
    client_id: CLIENT_ID,
    email: `lighthouse.${randomBytes(3).toString('hex')}@example.nl`,
    password: 'Lighthouse#2024x',
    university: 'uva',
    study: 'psychologie',
    year: 'bachelor-1',
  });
  const t = await call<{ access_token: string; refresh_token: string; expires_in: number }>('/api/auth/register', { method: 'POST', body: form });
  const session = { deviceId, access: t.access_token, refresh: t.refresh_token, expiresIn: t.expires_in };
  const library = await call<{ subjects: Array<{ id: string }> }>('/api/library', { token: session.access });
  for (const subject of library.subjects) {
    const details = await call<{ summaries: Array<{ id: string }> }>(`/api/subjects/${subject.id}`, { token: session.access });
    for (const { id } of details.summaries) {
      const summary = await call<{ chapters: Array<{ chapterId: string; locked: boolean }> }>(`/api/summaries/${id}`, { token: session.access });
      const chapter = summary.chapters.find((c) => !c.locked);
      if (chapter) return { session, readerPath: `/summary/read/${id}/${chapter.chapterId}` };
    }
  }
  throw new Error('no readable chapter in the seeded content');
}

/**
 * Puts the session where the web app keeps it (src/lib/auth/token-storage.ts): the access token's
 * readable cookies, the `signed_in` marker and the local keys, set on a same-origin page that loads
 * none of the app (robots.txt), and the refresh token in the API's HttpOnly cookie (decision 034).
 */
async function signInBrowser(chrome: LaunchedChrome, session: Session, at: string): Promise<void> {
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
  try {
    const page = await browser.newPage();
    await page.goto(`${at}/robots.txt`);
    // A string, not a function: tsx's transform would put helpers into it that the page lacks.
    const expiresAt = Date.now() + session.expiresIn * 1000;
    const cookie = (name: string, value: string) => `document.cookie = ${JSON.stringify(`${name}=${encodeURIComponent(value)}; path=/; samesite=strict`)};`;
    const local = (key: string, value: string) => `localStorage.setItem(${JSON.stringify(key)}, ${JSON.stringify(value)});`;
    await page.evaluate(
      [
        cookie('access_token', session.access),
        cookie('access_token_expires_at', String(expiresAt)),
        cookie('signed_in', '1'),
        local('provider', 'blok'),
        local('keep_me_logged_in', KEEP_ME_LOGGED_IN_VALUE),
        local('is_authenticated', 'true'),
        local('device_id', session.deviceId),
      ].join('\n'),
    );
    // blok_refresh=<ends>.<token> on /api/auth, HttpOnly (apps/api/src/auth/refresh-cookie.ts)
    const ends = Math.floor(Date.now() / 1000) + REFRESH_TOKEN_LIFETIME_SECONDS;
    await page.setCookie({ name: 'blok_refresh', value: `${ends}.${session.refresh}`, url: `${at}/api/auth`, path: '/api/auth', httpOnly: true, sameSite: 'Strict', expires: ends });
    await page.close();
  } finally {
    await browser.disconnect();
  }
}

type Run = { scores: Record<Category, number>; metrics: Record<string, number>; failing: string[]; longTasks: string[] };

async function runOnce(url: string, session: Session | null, saveAs?: string): Promise<Run> {
  const chrome = await launch({ chromePath: CHROME_PATH, chromeFlags: CHROME_FLAGS, userDataDir: mkdtempSync(join(dir, 'profile-')) });
  try {
    if (session) await signInBrowser(chrome, session, new URL(url).origin);
    // The mobile preset is Lighthouse's default (Moto G Power, slow 4G, simulated throttling).
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: [...CATEGORIES],
      // The profile is fresh, so nothing is cached; only the session set above must survive.
      disableStorageReset: session !== null,
      // LIGHTHOUSE_CPU_PROFILE=1: V8's sampling profiler in the saved trace (which functions ran in a
      // long task). It costs main-thread time of its own: for diagnosis, never for the table.
      ...(process.env.LIGHTHOUSE_CPU_PROFILE === '1' ? { additionalTraceCategories: 'disabled-by-default-v8.cpu_profiler' } : {}),
    });
    if (!result) throw new Error(`lighthouse returned nothing for ${url}`);
    const { lhr } = result;
    if (SAVE && saveAs) {
      mkdirSync(SAVE, { recursive: true });
      writeFileSync(join(SAVE, `${saveAs}.json`), JSON.stringify(lhr));
      const trace = (result.artifacts as { Trace?: unknown }).Trace;
      if (trace) writeFileSync(join(SAVE, `${saveAs}.trace.json`), JSON.stringify(trace));
    }
    if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    // The signed-in page must not have been sent to login: then the session did not take.
    if (session && new URL(lhr.finalDisplayedUrl).pathname !== new URL(url).pathname) throw new Error(`${url} ended on ${lhr.finalDisplayedUrl}`);
    const scores = Object.fromEntries(CATEGORIES.map((c) => [c, Math.round((lhr.categories[c]?.score ?? 0) * 100)])) as Record<Category, number>;
    const metrics = Object.fromEntries(Object.keys(METRICS).map((id) => [id, lhr.audits[id]?.numericValue ?? NaN]));
    // What keeps a category from 100: audits that count and did not pass.
    const failing = CATEGORIES.flatMap((c) =>
      (lhr.categories[c]?.auditRefs ?? [])
        .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 0.9)
        .map((ref) => {
          const audit = lhr.audits[ref.id];
          // the first element it names, so the cause can be found (accessibility, best practices, SEO)
          const items = (audit?.details as { items?: Array<{ node?: { snippet?: string } }> } | undefined)?.items ?? [];
          const snippet = items.find((item) => item.node?.snippet)?.node?.snippet;
          return `${c}: ${ref.id} (${audit?.displayValue ?? audit?.score ?? ''})${snippet ? ` at \`${snippet.slice(0, 120)}\`` : ''}`;
        }),
    );
    // The main thread's long tasks, longest first: which script (or the page itself) and for how long.
    const taskItems = (lhr.audits['long-tasks']?.details as { items?: Array<{ url?: string; duration?: number }> } | undefined)?.items ?? [];
    const longTasks = [...taskItems]
      .sort((a, b) => (b.duration ?? 0) - (a.duration ?? 0))
      .slice(0, 6)
      .map((item) => `${(item.url ?? '').replace(/^https?:\/\/[^/]+/, '').replace(/\/summary\/read\/.+/, '/summary/read/…')}:${Math.round(item.duration ?? 0)}`);
    return { scores, metrics, failing, longTasks };
  } finally {
    await chrome.kill();
  }
}

/** Lighthouse's own trace errors (NO_NAVSTART, NO_FCP) happen now and then on a loaded machine: run again. */
async function withRetries(run: () => Promise<Run>, attempts = 3): Promise<Run> {
  for (let i = 1; ; i++) {
    try {
      return await run();
    } catch (error) {
      if (i >= attempts || !/NO_NAVSTART|NO_FCP|NO_LCP|PROTOCOL_TIMEOUT/.test(String(error))) throw error;
      console.warn(`retrying: ${String(error)}`);
    }
  }
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};

const blok = startBlok();
let against: ChildProcess | null = null;
try {
  await waitUntilUp(blok);
  const { session, readerPath } = await signedInStudent();
  if (AGAINST) {
    // started once the first has migrated the database they share
    against = startBlok(PORT + 1, resolve(AGAINST));
    await waitUntilUp(against, againstBase);
  }
  const pages: Array<{ key: string; name: string; path: string; session: Session | null; at: string }> = [
    { key: 'login', name: 'login', path: '/auth/login', session: null },
    { key: 'landing', name: 'landing page, signed out', path: '/', session: null },
    { key: 'home', name: 'Home, signed in', path: '/home', session },
    { key: 'reader', name: 'reader, signed in', path: readerPath, session },
  ]
    .filter((p) => !ONLY || ONLY.includes(p.key))
    .flatMap((p) => [{ ...p, at: base }, ...(AGAINST ? [{ ...p, key: `${p.key}-against`, name: `${p.name} [${AGAINST_NAME}]`, at: againstBase }] : [])]);
  const load = { before: loadavg() };
  const results = [];
  // Interleaved: every page's first run, then every page's second, so a busy minute hits all pages.
  const runs = new Map<string, Run[]>(pages.map((p) => [p.name, []]));
  for (let i = 0; i < RUNS; i++) {
    for (const p of pages) {
      const run = await withRetries(() => runOnce(`${p.at}${p.path}`, p.session, `${p.key}-${i + 1}`));
      console.log(`${p.name} #${i + 1}: ${CATEGORIES.map((c) => `${c} ${run.scores[c]}`).join(', ')}, TBT ${run.metrics['total-blocking-time']?.toFixed(0)} ms; long tasks ${run.longTasks.join(' ')}`);
      runs.get(p.name)!.push(run);
    }
  }
  const loadAfter = loadavg();
  for (const p of pages) {
    const list = runs.get(p.name)!;
    const scores = Object.fromEntries(CATEGORIES.map((c) => [c, median(list.map((r) => r.scores[c]))])) as Record<Category, number>;
    const metrics = Object.fromEntries(Object.keys(METRICS).map((id) => [id, median(list.map((r) => r.metrics[id]!))]));
    // one line per audit, with what each run that failed it said: "performance: total-blocking-time (430 ms / 850 ms)"
    const byAudit = new Map<string, string[]>();
    for (const line of list.flatMap((r) => r.failing)) {
      const cut = line.indexOf(' (');
      const key = cut > 0 ? line.slice(0, cut) : line;
      const detail = cut > 0 ? line.slice(cut + 2).replace(/\)(?=( at |$))/, '') : '';
      byAudit.set(key, [...(byAudit.get(key) ?? []), detail]);
    }
    const failing = [...byAudit].sort(([a], [b]) => a.localeCompare(b)).map(([key, details]) => `${key} (${[...new Set(details)].join(' / ')})`);
    results.push({ name: p.name, path: p.path.replace(/\/summary\/read\/.+/, '/summary/read/{id}/{chapterId}'), scores, metrics, failing, runs: list });
  }

  const date = new Date().toISOString();
  const machine = `${cpus().length} × ${cpus()[0]?.model.trim()}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}`;
  const fmtLoad = (l: number[]) => l.map((x) => x.toFixed(1)).join(' / ');
  const mark = (c: Category, v: number) => (v >= GOALS[c] ? `${v}` : `**${v}**`);
  const table = [
    `Lighthouse ${RUNS === 1 ? '(1 run)' : `median of ${RUNS} runs`}, mobile preset (simulated slow 4G, 4× CPU slowdown), Chromium ${CHROME_PATH}, each run a fresh profile.`,
    `${date}, ${machine}. Load average (1 / 5 / 15 min) before ${fmtLoad(load.before)}, after ${fmtLoad(loadAfter)}. Below the goal in bold.`,
    '',
    '| page | performance | accessibility | best practices | SEO | FCP ms | LCP ms | TBT ms | CLS | weight KB |',
    '|---|---|---|---|---|---|---|---|---|---|',
    ...results.map(
      (r) =>
        `| ${r.name} (\`${r.path}\`) | ${CATEGORIES.map((c) => mark(c, r.scores[c])).join(' | ')} | ${r.metrics['first-contentful-paint']!.toFixed(0)} | ${r.metrics['largest-contentful-paint']!.toFixed(0)} | ${r.metrics['total-blocking-time']!.toFixed(0)} | ${r.metrics['cumulative-layout-shift']!.toFixed(3)} | ${(r.metrics['total-byte-weight']! / 1024).toFixed(0)} |`,
    ),
    '',
    ...results.filter((r) => r.failing.length > 0).map((r) => `Not passing on ${r.name} (any run): ${r.failing.join('; ')}.`),
    '',
  ].join('\n');
  console.log(`\n${table}`);
  if (NO_WRITE) {
    console.log('LIGHTHOUSE_NO_WRITE=1: bench/RESULTS.md and bench/results-lighthouse.json left as they were.');
  } else {
    writeFileSync(join(ROOT, 'bench/results-lighthouse.json'), `${JSON.stringify({ date, machine, load: { before: load.before, after: loadAfter }, runs: RUNS, lighthouse: '12.8.2', chrome: CHROME_PATH, flags: CHROME_FLAGS, results }, null, 2)}\n`);
    const resultsFile = join(ROOT, 'bench/RESULTS.md');
    const text = existsSync(resultsFile) ? readFileSync(resultsFile, 'utf8') : '# Bench results\n';
    const open = '<!-- bench:lighthouse -->';
    const close = '<!-- /bench:lighthouse -->';
    const block = `${open}\n${table}${close}`;
    const i = text.indexOf(open);
    const j = text.indexOf(close);
    writeFileSync(resultsFile, i >= 0 && j > i ? `${text.slice(0, i)}${block}${text.slice(j + close.length)}` : `${text.trimEnd()}\n\n${block}\n`);
  }
} finally {
  blok.kill('SIGTERM');
  against?.kill('SIGTERM');
  await new Promise((r) => setTimeout(r, 500));
  rmSync(dir, { recursive: true, force: true });
}
