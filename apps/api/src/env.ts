import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { randomBytes } from 'node:crypto';
import { isIP } from 'node:net';
import { z } from 'zod';
import { DEFAULT_PUSH_ENDPOINT_HOSTS } from './push/endpoint-policy.ts';

/**
 * Blok's stand-ins for well-kept libraries (decision 019), each switched back to its library by
 * naming it in STAND_INS_OFF.
 */
export const STAND_INS = {
  /** AccessTokens.sign's node:crypto HMAC instead of jose's SignJWT */
  'token-signer': 'jose SignJWT',
  /** named prepared statements on PostgreSQL instead of unnamed queries */
  'pg-prepared': 'unprepared queries',
  /** the SQLite checkpoint thread instead of SQLite's own automatic checkpoints */
  'sqlite-checkpointer': "SQLite's automatic checkpoints",
} as const;
export type StandIn = keyof typeof STAND_INS;
const STAND_IN_NAMES = Object.keys(STAND_INS) as StandIn[];
/** Stand-ins issue 42 gave back to their libraries: no switch any more, the library always runs. */
const RETIRED_STAND_INS = ['request-limit', 'security-headers', 'compress-json', 'access-log'];

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

/** The most proxies TRUST_PROXY may count: no real chain in front of Blok is longer (1 or 2 is usual). */
export const MAX_TRUST_PROXY_HOPS = 5;
/** The widest IPv4 range TRUST_PROXY takes: a /8 (10.0.0.0/8, the largest private network). */
const MIN_TRUST_PROXY_IPV4_PREFIX = 8;
/** The widest IPv6 range TRUST_PROXY takes outside the private ones (fc00::/7, fe80::/10): a /16. */
const MIN_TRUST_PROXY_IPV6_PREFIX = 16;

const TRUSTS_EVERYONE = 'would trust any client to name its own address: give the number of proxies in front (e.g. 1) or their addresses/CIDRs';

/** The 128 bits of an IPv6 address as a bigint (node:net has validated it). */
function ipv6Bits(address: string): bigint {
  let text = address;
  if (text.includes('.')) {
    const colon = text.lastIndexOf(':');
    const [a, b, c, d] = text.slice(colon + 1).split('.').map(Number) as [number, number, number, number];
    text = `${text.slice(0, colon + 1)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.includes('::') ? text.split('::') : [text, undefined];
  const groups = (part: string | undefined) => (part ? part.split(':') : []);
  const front = groups(head);
  const back = groups(tail);
  const all = tail === undefined ? front : [...front, ...new Array<string>(8 - front.length - back.length).fill('0'), ...back];
  return all.reduce((bits, group) => (bits << 16n) | BigInt(parseInt(group, 16)), 0n);
}

/** Whether the IPv6 network `bits`/`prefix` lies inside `outer`/`outerPrefix`. */
function within(bits: bigint, prefix: number, outer: bigint, outerPrefix: number): boolean {
  return prefix >= outerPrefix && bits >> BigInt(128 - outerPrefix) === outer >> BigInt(128 - outerPrefix);
}

const IPV4_MAPPED = ipv6Bits('::ffff:0:0');
const IPV6_PRIVATE: Array<[bigint, number]> = [
  [ipv6Bits('fc00::'), 7],
  [ipv6Bits('fe80::'), 10],
];

/**
 * Why a TRUST_PROXY value is refused, or null: `true`; a hop count above MAX_TRUST_PROXY_HOPS; an
 * address or CIDR that is none (`1.2.3.4/33` made the start fail with a stack trace); and a
 * catch-all range: `0.0.0.0/0` or `0.0.0.0/1,128.0.0.0/1` trust every client as a proxy, so each
 * could name its own address. A range is catch-all when it is wider than a /8 of IPv4 (also as
 * IPv4-mapped IPv6, which covers every IPv4 client of a dual-stack socket) or, outside the private
 * fc00::/7 and fe80::/10, wider than a /16 of IPv6.
 */
export function trustProxyProblem(value: string): string | null {
  if (value === 'false' || value === '') return null;
  if (value === 'true') return `true ${TRUSTS_EVERYONE}`;
  if (/^\d+$/.test(value)) {
    return Number(value) <= MAX_TRUST_PROXY_HOPS ? null : `${value} proxies (more than ${MAX_TRUST_PROXY_HOPS}) ${TRUSTS_EVERYONE}`;
  }
  for (const entry of value.split(',').map((p) => p.trim())) {
    const match = /^([^/]+)(?:\/(\d{1,3}))?$/.exec(entry);
    const kind = match ? isIP(match[1]!) : 0;
    const prefix = match?.[2] === undefined ? (kind === 4 ? 32 : 128) : Number(match[2]);
    if (!match || kind === 0 || prefix > (kind === 4 ? 32 : 128)) {
      return `"${entry}" is no address or CIDR: give false, the number of proxies in front (e.g. 1), or their addresses/CIDRs, comma-separated`;
    }
    let wide: boolean;
    if (kind === 4) wide = prefix < MIN_TRUST_PROXY_IPV4_PREFIX;
    else {
      const bits = ipv6Bits(match[1]!);
      const mapped = prefix <= 96 ? within(IPV4_MAPPED, 128, bits, prefix) : within(bits, prefix, IPV4_MAPPED, 96);
      if (mapped) wide = prefix - 96 < MIN_TRUST_PROXY_IPV4_PREFIX;
      else wide = prefix < MIN_TRUST_PROXY_IPV6_PREFIX && !IPV6_PRIVATE.some(([net, len]) => within(bits, prefix, net, len));
    }
    if (wide) return `${entry} ${TRUSTS_EVERYONE} (at most a /${MIN_TRUST_PROXY_IPV4_PREFIX} of IPv4, a /${MIN_TRUST_PROXY_IPV6_PREFIX} of IPv6 outside fc00::/7 and fe80::/10)`;
  }
  return null;
}

/** Every environment variable the API reads, validated once at start. Nothing else reads process.env. */
const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /** `file:data/blok.db` (default, SQLite) or `postgres://user@host:5432/db` */
  DATABASE_URL: z.string().default('file:data/blok.db'),
  DATABASE_POOL_SIZE: z.coerce.number().int().positive().default(10),
  /**
   * SQLite only (decision 014): NORMAL (default; WAL) keeps every acknowledged commit through a
   * crash of the process (kill -9) but may lose the last ones on a power loss or kernel crash;
   * FULL flushes each commit to disk, blocking the process for the flush (1–5 ms here).
   */
  SQLITE_SYNCHRONOUS: z.enum(['FULL', 'NORMAL']).default('NORMAL'),
  /** HS256 secret for access tokens, at least 32 characters. Required in production. */
  JWT_SECRET: z.string().min(32).optional(),
  ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().min(30).max(86_400).default(900),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /**
   * Which proxies to trust for X-Forwarded-For (decision 012): `false` (default, clients connect
   * directly), a hop count of 1 to MAX_TRUST_PROXY_HOPS (`1`: one load balancer in front), or a
   * comma-separated list of proxy addresses/CIDRs. Never anything that trusts every client (`true`,
   * a count past any real chain of proxies, a range of half the internet): then any client could
   * pick its own address and escape the per-address limits. See trustProxyProblem.
   */
  TRUST_PROXY: z
    .string()
    .default('false')
    .superRefine((value, ctx) => {
      const problem = trustProxyProblem(value);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    }),
  /**
   * The IPv6 network every per-address counter counts a client by (decision 012): one /64 (default)
   * is what a provider hands a single customer, who could otherwise count as 2^64 clients. 48 or 56
   * count a whole site; 128 counts each address (not recommended).
   */
  IPV6_SUBNET_PREFIX: z.coerce.number().int().min(32).max(128).default(64),
  /** Folder with the built web app; served on / when present. */
  WEB_DIST: z.string().default(resolve(import.meta.dirname, '../../web/dist')),
  /**
   * Her chapter rendered into the reader's page on a thread of its own (decision 048): `on` (default)
   * or `off` (the plain page, the app renders the chapter). Needs the web build's server renderer
   * (apps/web/dist-server, written by its build).
   */
  WEB_SERVER_RENDER: z.enum(['on', 'off']).default('on'),
  /** Longest a rendered page may take before the plain page goes instead, ms. */
  WEB_SERVER_RENDER_TIMEOUT_MS: z.coerce.number().int().min(10).max(5000).default(250),
  /** Load the demo content on start (idempotent). */
  SEED_DEMO: bool.default(true),
  /** Password logins per IP address per window (a lecture hall of 300 behind one NAT fits). */
  LOGIN_RATE_LIMIT_IP: z.coerce.number().int().positive().default(2000),
  /** Failed logins per account from one address per window: what stops guessing a password. */
  LOGIN_RATE_LIMIT_ACCOUNT_IP: z.coerce.number().int().positive().default(10),
  /** Failed logins per account from all addresses together per window (distributed guessing). */
  LOGIN_RATE_LIMIT_ACCOUNT: z.coerce.number().int().positive().default(100),
  /** Failed logins per address over all accounts per window (trying many accounts). */
  LOGIN_FAILURE_LIMIT_IP: z.coerce.number().int().positive().default(300),
  /** Registrations per IP address per window (a lecture hall registering together fits). */
  REGISTER_RATE_LIMIT_IP: z.coerce.number().int().positive().default(600),
  LOGIN_RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().positive().default(900),
  /**
   * Idempotency-Keys one address may store through anonymous requests (login, registration,
   * password reset) per hour, over all processes; past it they run without a stored key (issue 25).
   */
  IDEMPOTENCY_ANONYMOUS_LIMIT_IP: z.coerce.number().int().positive().default(1000),
  /**
   * Days a browser's device cookie proves that it signed in to an account (decision 017): its
   * logins to that account are counted per cookie, past the address's failure ceiling. Browsers
   * keep a cookie at most 400 days.
   */
  LOGIN_DEVICE_COOKIE_DAYS: z.coerce.number().int().min(1).max(400).default(180),
  /** General request limit per IP per minute (per process). */
  API_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(12_000),
  /**
   * Stand-ins to switch back to their libraries (decision 019): a comma-separated list of names
   * (token-signer, pg-prepared, sqlite-checkpointer), or `all`. Empty (default): every stand-in on.
   */
  STAND_INS_OFF: z
    .string()
    .default('')
    .transform((v, ctx) => {
      const names = v.split(',').map((n) => n.trim()).filter(Boolean);
      if (names.length === 1 && names[0] === 'all') return new Set<StandIn>(STAND_IN_NAMES);
      const retired = names.filter((n) => RETIRED_STAND_INS.includes(n));
      if (retired.length > 0) ctx.addIssue({ code: 'custom', message: `${retired.join(', ')}: no stand-in any more, the library always runs (decision 019): leave it out` });
      const unknown = names.filter((n) => !(STAND_IN_NAMES as string[]).includes(n) && !RETIRED_STAND_INS.includes(n));
      if (unknown.length > 0) ctx.addIssue({ code: 'custom', message: `unknown stand-in(s) ${unknown.join(', ')}: use all or some of ${STAND_IN_NAMES.join(', ')}` });
      return new Set(names as StandIn[]);
    }),
  /** Run the leased job runner in this process (off: a process that only serves requests). */
  JOBS: z.enum(['on', 'off', 'true', 'false']).default('on').transform((v) => v === 'on' || v === 'true'),
  /** How often an idle job runner looks for due jobs. */
  JOBS_POLL_INTERVAL_MS: z.coerce.number().int().min(50).max(600_000).default(1000),
  /** How long a claimed job is leased before another process may take it over. */
  JOBS_LEASE_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  /** Serve the API docs (/api/docs, /api/docs/json); default: on, except in production. */
  API_DOCS: bool.optional(),
  /** Public base URL of the app, used for links (subscriptionUrl, accountUrl). */
  PUBLIC_URL: z.string().default(''),
  /** Feature flag (spec section 1: on): flashcards, served to the web app by GET /api/config. */
  FLASHCARDS_ENABLED: bool.default(true),
  /** Feature flag (spec section 1: off): spaced repetition with FSRS; needs FLASHCARDS_ENABLED. */
  LEITNER_ENABLED: bool.default(false),
  /** FSRS: new cards a student starts per day (in her time zone). */
  FSRS_NEW_CARDS_PER_DAY: z.coerce.number().int().min(0).max(1000).default(20),
  /** FSRS: the share of reviews she should still remember (desired retention). */
  FSRS_DESIRED_RETENTION: z.coerce.number().min(0.7).max(0.99).default(0.9),
  /** FSRS: spread intervals a little so cards learned together do not stay due together (off in tests). */
  FSRS_FUZZ: bool.default(true),
  /** Card import (issue 28, decision 024): largest upload (a text or an Anki package), MB. */
  CARD_IMPORT_MAX_FILE_MB: z.coerce.number().int().min(1).max(500).default(50),
  /** Card import: most an Anki package may unpack to (collection, media list and pictures together), MB. */
  CARD_IMPORT_MAX_UNPACKED_MB: z.coerce.number().int().min(1).max(2000).default(200),
  /** Card import: most cards one import makes (one set; a set holds at most 1000). */
  CARD_IMPORT_MAX_CARDS: z.coerce.number().int().min(1).max(1000).default(1000),
  /** Card import: most pictures one import keeps. */
  CARD_IMPORT_MAX_PICTURES: z.coerce.number().int().min(0).max(1000).default(500),
  /** Card import: largest picture kept, KB (a larger one is left out, named in the preview; a card picture is at most 5 MB). */
  CARD_IMPORT_MAX_PICTURE_KB: z.coerce.number().int().min(1).max(5120).default(2048),
  /** Card import: largest note of an Anki package (all its fields) or line of a text, KB; a larger one is left out, named in the preview. */
  CARD_IMPORT_MAX_NOTE_KB: z.coerce.number().int().min(1).max(10240).default(100),
  /** Card import: largest window a zstd frame without a declared size may ask for, MB (the decoder allocates it; Anki writes 2 MB). */
  CARD_IMPORT_ZSTD_MAX_WINDOW_MB: z.coerce.number().int().min(1).max(128).default(8),
  /** Card import (issue 38): threads parsing packages and large texts at once; more uploads wait. */
  CARD_IMPORT_WORKERS: z.coerce.number().int().min(1).max(16).default(2),
  /** Card import: uploads that may wait for a parsing thread (beyond the ones parsing); past it 429. */
  CARD_IMPORT_QUEUE: z.coerce.number().int().min(0).max(64).default(4),
  /** Card import: MB the uploads admitted to the parsing threads may hold together (parsing, waiting, arriving); at least CARD_IMPORT_MAX_FILE_MB. */
  CARD_IMPORT_QUEUE_MB: z.coerce.number().int().min(1).max(8000).default(200),
  /** Card import: longest an upload waits for a parsing thread, seconds; then 429. */
  CARD_IMPORT_QUEUE_WAIT_S: z.coerce.number().int().min(0).max(60).default(5),
  /** Card import: longest one parse may take, seconds; its thread is then stopped and the file refused. */
  CARD_IMPORT_PARSE_TIMEOUT_S: z.coerce.number().int().min(1).max(120).default(8),
  /** Card import: a text up to this many KB is parsed on a thread of its own, never behind packages (0: none). */
  CARD_IMPORT_SMALL_TEXT_KB: z.coerce.number().int().min(0).max(4096).default(256),
  /** Card import: heap cap of a parsing thread, MB. */
  CARD_IMPORT_WORKER_HEAP_MB: z.coerce.number().int().min(64).max(4096).default(256),
  /** Card import: an idle parsing thread ends after this many seconds. */
  CARD_IMPORT_WORKER_IDLE_S: z.coerce.number().int().min(0).max(3600).default(10),
  /** Her own courses (issue 41, decision 039): largest PDF she may upload, MB. */
  COURSE_FILE_MAX_MB: z.coerce.number().int().min(1).max(500).default(50),
  /** Her own courses: most pages of one PDF (a file that has or claims more is refused). */
  COURSE_FILE_MAX_PAGES: z.coerce.number().int().min(1).max(10_000).default(1000),
  /** Her own courses: courses a student without Premium may keep. */
  COURSES_FREE: z.coerce.number().int().min(1).max(1000).default(1),
  /** Her own courses: courses a Premium student may keep. */
  COURSES_PREMIUM: z.coerce.number().int().min(1).max(1000).default(15),
  /** Her own courses: MB all PDFs of a student without Premium may take together. */
  COURSE_STORAGE_FREE_MB: z.coerce.number().int().min(1).max(100_000).default(150),
  /** Her own courses: MB all PDFs of a Premium student may take together. */
  COURSE_STORAGE_PREMIUM_MB: z.coerce.number().int().min(1).max(100_000).default(2048),
  /** Her own courses: longest a PDF's check (pages, text per page) may take before its thread is stopped, s. */
  COURSE_PDF_TIMEOUT_S: z.coerce.number().int().min(1).max(600).default(30),
  /** Her own courses: heap cap of a PDF checking thread, MB. */
  COURSE_PDF_WORKER_HEAP_MB: z.coerce.number().int().min(64).max(4096).default(384),
  /** Her own courses: PDFs checked at once in this process (one per student; the rest wait their turn, then 429). */
  COURSE_PDF_WORKERS: z.coerce.number().int().min(1).max(16).default(1),
  /** Her own courses: PDFs that may wait for a checking thread beyond the running ones. */
  COURSE_PDF_QUEUE: z.coerce.number().int().min(0).max(64).default(4),
  /** Work threads (issue 38): CPU work of large sets off the event loop (rendering an import's sides, writing an .apkg); threads at once. */
  WORK_THREADS: z.coerce.number().int().min(1).max(16).default(2),
  /** Work threads: tasks that may wait for a thread beyond the running ones; past it 429. */
  WORK_QUEUE: z.coerce.number().int().min(0).max(256).default(16),
  /** Work threads: tasks of one student at once (running or waiting); past it 429. */
  WORK_PER_STUDENT: z.coerce.number().int().min(1).max(16).default(2),
  /** Work threads: longest one task may run, seconds; its thread is then stopped (429, try again). */
  WORK_TIMEOUT_S: z.coerce.number().int().min(1).max(600).default(30),
  /** Work threads: heap cap of a work thread, MB. */
  WORK_HEAP_MB: z.coerce.number().int().min(64).max(4096).default(256),
  /** Work threads: an idle work thread ends after this many seconds. */
  WORK_IDLE_S: z.coerce.number().int().min(0).max(3600).default(30),
  /** Mollie API key (test_… or live_…). Unset: the built-in test checkout (see PAYMENTS). */
  MOLLIE_API_KEY: z
    .string()
    .regex(/^(test|live)_[A-Za-z0-9]{20,}$/, 'must be a Mollie API key (test_… or live_…)')
    .optional(),
  /**
   * Who takes payments (decision 015): `mollie` (needs MOLLIE_API_KEY) or `test`, the built-in test
   * checkout where anyone grants herself Premium without paying. Unset: `mollie` when a key is set,
   * else `test` outside production; production without a key refuses to start unless `test` is
   * chosen explicitly.
   */
  PAYMENTS: z.enum(['mollie', 'test']).optional(),
  /** Web Push (VAPID) keys, base64url; generated into data/.vapid-keys.json outside production when unset. */
  VAPID_PUBLIC_KEY: z.string().min(40).optional(),
  VAPID_PRIVATE_KEY: z.string().min(20).optional(),
  /**
   * Hosts push subscriptions may point at (decision 016), comma-separated: a host name, `*.domain`
   * for its subdomains, or `*` for any host. Every host must also resolve to public addresses only.
   * Default: the push services of Chrome, Firefox, Safari and Edge.
   */
  PUSH_ENDPOINT_HOSTS: z
    .string()
    .default(DEFAULT_PUSH_ENDPOINT_HOSTS.join(','))
    .transform((v) => v.split(',').map((h) => h.trim()).filter(Boolean))
    .refine((hosts) => hosts.length > 0 && hosts.every((h) => h === '*' || /^(\*\.)?[a-z0-9.:[\]-]+$/i.test(h)), 'host names, *.domain or *, comma-separated'),
  /** Tests only (refused in production): push endpoints on loopback, the tests' own push service. */
  PUSH_ENDPOINT_ALLOW_LOOPBACK: bool.default(false),
  /** Contact of the sender for push services: a mailto: or https: URL. */
  VAPID_SUBJECT: z.string().regex(/^(mailto:|https:\/\/)/).default('mailto:support@blok.example'),
  /** SMTP server for mail (smtp://user:pass@host:587 or smtps://…). Unset: mail goes to MAIL_OUTBOX_DIR. */
  SMTP_URL: z.string().regex(/^smtps?:\/\//).optional(),
  /** Sender of every mail. */
  MAIL_FROM: z.string().default('Blok <noreply@blok.example>'),
  /** Folder the outbox writes mails to when no SMTP_URL is set (one .eml file per mail). */
  MAIL_OUTBOX_DIR: z.string().default('data/outbox'),
  /** Password reset requests per IP address and per e-mail address per window. */
  FORGOT_PASSWORD_RATE_LIMIT: z.coerce.number().int().positive().default(5),
  /**
   * Password resets with an unknown, used or expired link per IP address per login window: the
   * token is looked up before the new password is hashed, and an address past this stops asking.
   */
  RESET_PASSWORD_FAILURE_LIMIT_IP: z.coerce.number().int().positive().default(20),
});

export type Env = z.infer<typeof EnvSchema> & {
  JWT_SECRET: string;
  jwtSecretSource: 'env' | 'file' | 'generated';
  /** who takes payments: PAYMENTS, or what it defaults to (decision 015) */
  payments: 'mollie' | 'test';
};

/**
 * The payment provider rule (decision 015): Mollie when a key is set; the built-in test checkout
 * (free Premium for anyone) outside production, and in production only when PAYMENTS=test says so.
 */
function paymentsOf(env: z.infer<typeof EnvSchema>): 'mollie' | 'test' {
  if (env.PAYMENTS === 'mollie' && !env.MOLLIE_API_KEY) {
    throw new Error('Invalid environment configuration:\n  MOLLIE_API_KEY: required with PAYMENTS=mollie');
  }
  if (env.PAYMENTS === 'test' && env.MOLLIE_API_KEY) {
    throw new Error('Invalid environment configuration:\n  PAYMENTS: test together with MOLLIE_API_KEY; unset one of them (the test checkout and Mollie never take payments together)');
  }
  if (env.MOLLIE_API_KEY) return 'mollie';
  if (env.NODE_ENV === 'production' && env.PAYMENTS !== 'test') {
    throw new Error(
      'Invalid environment configuration:\n  MOLLIE_API_KEY: required in production; without it the built-in test checkout grants Premium without payment. ' +
        'Set PAYMENTS=test only for a deliberate test installation.',
    );
  }
  return 'test';
}

/**
 * Parses the environment. Without JWT_SECRET outside production, a random secret is created once
 * and kept in data/.jwt-secret so that restarts keep users signed in. Production refuses to start
 * without JWT_SECRET (several API processes must share it).
 */
export function loadEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const parsed = EnvSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`Invalid environment configuration:\n${lines}`);
  }
  const env = parsed.data;
  if (env.MOLLIE_API_KEY && !/^https?:\/\/[^/]/.test(env.PUBLIC_URL)) {
    throw new Error('Invalid environment configuration:\n  PUBLIC_URL: required with MOLLIE_API_KEY (the public https address Mollie sends students back to and calls the webhook on)');
  }
  if (env.NODE_ENV === 'production' && !/^https?:\/\/[^/]/.test(env.PUBLIC_URL)) {
    // Links in mails (password reset) are built from it, never from a request's Host header.
    throw new Error('Invalid environment configuration:\n  PUBLIC_URL: required in production (the public https address, e.g. https://blok.example)');
  }
  if (env.NODE_ENV === 'production' && env.PUSH_ENDPOINT_ALLOW_LOOPBACK) {
    throw new Error('Invalid environment configuration:\n  PUSH_ENDPOINT_ALLOW_LOOPBACK: for tests only, never in production (the server would send to its own machine)');
  }
  if (env.CARD_IMPORT_QUEUE_MB < env.CARD_IMPORT_MAX_FILE_MB) {
    throw new Error('Invalid environment configuration:\n  CARD_IMPORT_QUEUE_MB: at least CARD_IMPORT_MAX_FILE_MB (else the largest upload is never admitted)');
  }
  const payments = paymentsOf(env);
  if (env.JWT_SECRET) return { ...env, payments, JWT_SECRET: env.JWT_SECRET, jwtSecretSource: 'env' };
  if (env.NODE_ENV === 'production') {
    throw new Error('Invalid environment configuration:\n  JWT_SECRET: required in production (at least 32 characters)');
  }
  if (env.NODE_ENV === 'test') return { ...env, payments, JWT_SECRET: randomBytes(32).toString('hex'), jwtSecretSource: 'generated' };
  const file = resolve('data/.jwt-secret');
  if (existsSync(file)) return { ...env, payments, JWT_SECRET: readFileSync(file, 'utf8').trim(), jwtSecretSource: 'file' };
  mkdirSync(dirname(file), { recursive: true });
  const secret = randomBytes(32).toString('hex');
  writeFileSync(file, secret, { mode: 0o600 });
  return { ...env, payments, JWT_SECRET: secret, jwtSecretSource: 'file' };
}
