import { execFile } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdirSync, readFileSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type APIRequestContext, type Page, type TestInfo } from '@playwright/test';

export { expect };

/** The web app's OAuth client id (CLIENT_ID in packages/contract). Tests speak the wire format. */
export const CLIENT_ID = 'blok-web';

/** KEEP_ME_LOGGED_IN_VALUE and the refresh token's lifetime (packages/contract auth-constants). */
const KEEP_ME_LOGGED_IN = '1';
const REFRESH_LIFETIME_SECONDS = 30 * 86_400;
/** REFRESH_COOKIE_HEADER: the web app's token calls get the refresh token as an HttpOnly cookie (decision 034). */
export const REFRESH_COOKIE_HEADER = 'blok-refresh-cookie';

/** Meets the spec's password rules (length, letter, digit, special character). */
export const PASSWORD = 'Geheim#2024';

/** A valid catalogue choice: ids for the API, Dutch display names for the dropdowns. */
export const CHOICE = {
  university: { id: 'uva', name: 'Universiteit van Amsterdam' },
  study: { id: 'psychologie', name: 'Psychologie' },
  year: { id: 'bachelor-1', name: 'Bachelor 1' },
} as const;

export interface TestUser {
  email: string;
  password: string;
}

/** A unique e-mail address per call, across workers and retries. */
export function uniqueEmail(prefix = 'e2e'): string {
  return `${prefix}.${Date.now().toString(36)}.${randomBytes(4).toString('hex')}@example.nl`;
}

const deviceId = () => `e2e-${randomBytes(8).toString('hex')}`;

/** Creates users over HTTP, the way the web app does (form-encoded OAuth-style calls). */
export class Api {
  constructor(private readonly request: APIRequestContext) {}

  async createUser(overrides: Partial<TestUser> = {}): Promise<TestUser> {
    const user = { email: overrides.email ?? uniqueEmail(), password: overrides.password ?? PASSWORD };
    const response = await this.request.post('/api/auth/register', {
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      data: new URLSearchParams({
        device_id: deviceId(),
        grant_type: 'external_register',
        client_id: CLIENT_ID,
        email: user.email,
        password: user.password,
        university: CHOICE.university.id,
        study: CHOICE.study.id,
        year: CHOICE.year.id,
      }).toString(),
    });
    if (!response.ok()) {
      throw new Error(`register ${user.email} failed: ${response.status()} ${await response.text()}`);
    }
    return user;
  }
}

/** The login form's fields and button, by their Dutch accessible names. */
export function loginForm(page: Page) {
  return {
    email: page.getByLabel('E-mailadres', { exact: true }),
    password: page.getByLabel('Wachtwoord', { exact: true }),
    submit: page.getByRole('button', { name: 'Inloggen', exact: true }),
  };
}

/**
 * Signs in through the login screen and waits for Home: for the specs about signing in (the form,
 * its device cookie, the single-device rule). The password check (argon2) may take longer than
 * expect's default on a loaded machine, so this one wait is longer.
 */
export async function signInWithForm(page: Page, user: TestUser): Promise<void> {
  await page.goto('/auth/login');
  const form = loginForm(page);
  await form.email.fill(user.email);
  await form.password.fill(user.password);
  await form.submit.click();
  await expect(page).toHaveURL(/\/home$/, { timeout: 15_000 });
}

/**
 * Signs in the way the login screen does, without typing into it, and opens Home: the one sign-in of
 * every journey that is not about signing in. It makes the login screen's own call (the password
 * grant with the refresh-cookie header, from the page's context, so the server's device cookie and
 * HttpOnly refresh cookie land in this browser) and stores what the web app stores after it
 * (lib/auth/session.ts signIn: the access-token cookies and the local keys), saving each journey a
 * load of the login screen. `signInWithForm` is the same through the form.
 */
export async function signIn(page: Page, user: TestUser, path = '/home'): Promise<void> {
  // First leave the app for a cheap page of its origin: a screen still running (a sign-out clearing
  // its cookies) must not touch the new session, and the local keys are set from this page.
  await page.goto('/api/health');
  const device = randomUUID();
  const response = await page.request.post('/api/auth/login', {
    headers: { [REFRESH_COOKIE_HEADER]: '1' },
    form: {
      grant_type: 'password',
      client_id: CLIENT_ID,
      client_secret: '',
      device_id: device,
      username: user.email,
      password: user.password,
      persistent: KEEP_ME_LOGGED_IN,
    },
  });
  if (!response.ok()) throw new Error(`login ${user.email} failed: ${response.status()} ${await response.text()}`);
  const tokens = (await response.json()) as { access_token: string; expires_in: number };
  const url = new URL(response.url()).origin;
  const expires = Date.now() + tokens.expires_in * 1000;
  const cookie = (name: string, value: string, lifetime: number) => ({ name, value, url, sameSite: 'Strict' as const, expires: Math.floor(Date.now() / 1000) + lifetime });
  await page.context().addCookies([
    cookie('access_token', tokens.access_token, tokens.expires_in),
    cookie('access_token_expires_at', String(expires), tokens.expires_in),
    cookie('signed_in', '1', REFRESH_LIFETIME_SECONDS),
  ]);
  await page.evaluate(
    ({ device, keep }) => {
      localStorage.setItem('device_id', device);
      localStorage.setItem('provider', 'blok');
      localStorage.setItem('keep_me_logged_in', keep);
      localStorage.setItem('is_authenticated', 'true');
    },
    { device, keep: KEEP_ME_LOGGED_IN },
  );
  await page.goto(path);
  if (path === '/home') await expect(page).toHaveURL(/\/home$/, { timeout: 15_000 });
}

/**
 * A name for what a journey writes into shared content, its own per attempt: a retry (or a repeat)
 * meets the database the attempt before it left. The first attempt keeps the name as written.
 */
export function perAttempt(name: string, testInfo: TestInfo): string {
  return testInfo.repeatEachIndex === 0 && testInfo.retry === 0 ? name : `${name} ${testInfo.repeatEachIndex + 1}.${testInfo.retry + 1}`;
}

/** `npm run user:role` against the run's database, as an operator gives a studio role. */
export async function giveRole(email: string, role: 'author' | 'editor' | 'admin'): Promise<void> {
  await promisify(execFile)(process.execPath, ['--import', 'tsx', 'apps/api/src/cli/user-role.ts', email, role], {
    cwd: resolve(import.meta.dirname, '..'),
    env: { ...process.env, DATABASE_URL: `file:${join(process.env.E2E_RUN_DIR!, 'e2e.db')}` },
  });
}

/** The reset link of the newest outbox mail to this address (the API writes .eml files without SMTP). */
export function resetLinkFor(email: string): string | null {
  const dir = join(process.env.E2E_RUN_DIR!, 'outbox');
  let files: string[] = [];
  try {
    files = readdirSync(dir);
  } catch {
    return null;
  }
  for (const file of files.sort().reverse()) {
    const raw = readFileSync(join(dir, file), 'utf8');
    if (!raw.includes(`To: ${email}`)) continue;
    const text = raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    return /https?:\/\/\S+\/auth\/reset-password\?token=[\w-]+/.exec(text)?.[0] ?? null;
  }
  return null;
}

/**
 * Fails on serious or critical axe violations (WCAG 2.x A/AA rules), listing each readably.
 *
 * Axe runs in the page itself (legacy mode): @axe-core/playwright's default opens a blank page per
 * check to merge the frames' results, for pages with cross-origin frames, which the app has none of.
 * That page cost more than the audit: 3.2-4.2 s a check against 1.5 s on the library screen, with
 * the audit itself 0.5 s of it (27-11-2026, one worker; 164 checks in the suite). Only violations
 * are collected in detail (`resultTypes`), as only they are read. The rules and tags are the same.
 */
export async function expectNoAxeViolations(page: Page, label = page.url()): Promise<void> {
  // The page at rest. A toast measured half-way through its slide-in (opacity 0 to 1) failed
  // color-contrast (seen: the offline toast, 1.62:1), and a toast may mount while axe runs. During the
  // audit the page is shown with reduced motion, which the app honours (styles/global.css): what moves
  // ends at once and what comes shows as it will stay. Finite animations still running are awaited.
  await page.emulateMedia({ reducedMotion: 'reduce' });
  try {
    await page.evaluate(() =>
      Promise.all(
        document
          .getAnimations()
          .filter((animation) => Number.isFinite(Number(animation.effect?.getComputedTiming().endTime)))
          .map((animation) => animation.finished.then(() => undefined, () => undefined)),
      ),
    );
    await auditPage(page, label);
  } finally {
    await page.emulateMedia({ reducedMotion: null });
  }
}

async function auditPage(page: Page, label: string): Promise<void> {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
    .options({ resultTypes: ['violations'] })
    .setLegacyMode(true)
    .analyze();
  const blocking = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const report = blocking
    .map((v) => {
      const nodes = v.nodes
        .slice(0, 5)
        .map((n) => `    - ${n.target.join(' ')}\n      ${n.failureSummary?.replace(/\n/g, '\n      ') ?? ''}`)
        .join('\n');
      const more = v.nodes.length > 5 ? `\n    … and ${v.nodes.length - 5} more` : '';
      return `  [${v.impact}] ${v.id}: ${v.help}\n    ${v.helpUrl}\n${nodes}${more}`;
    })
    .join('\n');
  expect(blocking, `axe found serious/critical violations on ${label}:\n${report}`).toEqual([]);
}

const SCREENSHOT_DIR = join(import.meta.dirname, 'screenshots');

/**
 * Saves a full-page screenshot as e2e/screenshots/<name>.png for people to look at. Not on CI, where
 * nobody does (the clone is thrown away): 102 of them cost about 1.1 s each there, the 400 ms wait
 * and the picture. E2E_SCREENSHOTS=1 takes them on CI too.
 */
export async function saveScreenshot(page: Page, name: string, testInfo?: TestInfo): Promise<void> {
  if (process.env.CI && process.env.E2E_SCREENSHOTS !== '1') return;
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const path = join(SCREENSHOT_DIR, `${name}.png`);
  // Let CSS transitions settle so the picture shows the resting state.
  await page.waitForTimeout(400);
  await page.screenshot({ path, fullPage: true, animations: 'disabled' });
  await testInfo?.attach(name, { path, contentType: 'image/png' });
}

export const test = base.extend<{ api: Api }>({
  api: async ({ request }, use) => {
    await use(new Api(request));
  },
});
