import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT_ID } from '@blok/contract';
import { DIALECTS, PASSWORD, createTestApp, newDeviceId, registerUser, uniqueEmail, type TestApp, type TestContext } from '../helpers.ts';

const WRONG = 'Fout#00000';
/** A small per-address failure ceiling, so that a lecture hall of 30 meets it as 300 meet 300. */
const CEILING = 20;

/** A password login as a browser sends it: from an address, with the cookies it keeps. */
function login(app: TestApp, fields: { username: string; password: string; ip: string; cookie?: string }, headers: Record<string, string> = {}) {
  return app.inject({
    method: 'POST',
    url: '/api/auth/login',
    remoteAddress: fields.ip,
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...(fields.cookie ? { cookie: fields.cookie } : {}), ...headers },
    payload: new URLSearchParams({ grant_type: 'password', client_id: CLIENT_ID, client_secret: '', username: fields.username, password: fields.password, device_id: newDeviceId() }).toString(),
  });
}

/** The `name=value` a browser sends back from a Set-Cookie answer. */
function cookieOf(res: { headers: Record<string, unknown> }): string {
  const header = res.headers['set-cookie'];
  const line = Array.isArray(header) ? String(header[0]) : String(header ?? '');
  if (!line.startsWith('blok_device_')) throw new Error(`no device cookie in ${line}`);
  return line.split(';')[0]!;
}

/** Students who registered on their own laptops earlier: each browser keeps its device cookie. */
async function students(app: TestApp, count: number, prefix: string) {
  const list: Array<{ email: string; cookie: string }> = [];
  for (let i = 0; i < count; i += 1) {
    const { res, email } = await registerUser(app, { email: uniqueEmail(`${prefix}${i}`) });
    expect(res.statusCode, res.body).toBe(200);
    list.push({ email, cookie: cookieOf(res) });
  }
  return list;
}

/** Issue 25 item 13: device cookies let a browser that signed in before past the address's ceiling. */
describe.each(DIALECTS)('device cookies on %s', (dialect) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp(dialect, { LOGIN_FAILURE_LIMIT_IP: String(CEILING), TRUST_PROXY: '1' });
  });
  afterAll(async () => ctx?.close());

  it('sets a signed, HttpOnly, SameSite cookie for the login path on registration and on login, Secure over https', async () => {
    const { res, email } = await registerUser(ctx.app, { email: uniqueEmail('koekje') });
    const registered = String(res.headers['set-cookie']);
    expect(registered).toMatch(/^blok_device_[\w-]{16}=[\w-]+\.\d+\.[\w-]+; Max-Age=15552000; Path=\/api\/auth\/login; HttpOnly; SameSite=Strict$/);
    const plain = await login(ctx.app, { username: email, password: PASSWORD, ip: '192.0.2.1' });
    expect(plain.statusCode).toBe(200);
    expect(String(plain.headers['set-cookie'])).not.toContain('Secure');
    // the same account's cookie has the same name, a new value (a new nonce) on every sign-in
    expect(cookieOf(plain).split('=')[0]).toBe(registered.split('=')[0]);
    expect(cookieOf(plain)).not.toBe(registered.split(';')[0]);
    const https = await login(ctx.app, { username: email, password: PASSWORD, ip: '10.0.0.2' }, { 'x-forwarded-for': '192.0.2.1', 'x-forwarded-proto': 'https' });
    expect(https.statusCode).toBe(200);
    expect(String(https.headers['set-cookie'])).toMatch(/; SameSite=Strict; Secure$/);
    // a wrong password and a refresh set none
    expect((await login(ctx.app, { username: email, password: WRONG, ip: '192.0.2.1' })).headers['set-cookie']).toBeUndefined();
  });

  it('lets a lecture hall with typos sign in, round after round, with the address at its failure ceiling', async () => {
    const ip = '145.18.0.20';
    const hall = await students(ctx.app, CEILING + 10, 'zaal');
    // Someone in the hall guesses at accounts from a browser that never signed in to them: the
    // address's failure ceiling is met, and a correct password from such a browser waits.
    for (let i = 0; i < CEILING; i += 1) expect((await login(ctx.app, { username: uniqueEmail('vreemd'), password: WRONG, ip })).statusCode).toBe(400);
    expect((await login(ctx.app, { username: hall[0]!.email, password: PASSWORD, ip })).statusCode).toBe(429);
    for (let round = 0; round < 2; round += 1) {
      const codes: number[] = [];
      for (let i = 0; i < hall.length; i += 10) {
        await Promise.all(
          hall.slice(i, i + 10).map(async (s, j) => {
            const typo = await login(ctx.app, { username: s.email, password: WRONG, ip, cookie: s.cookie });
            codes.push(typo.statusCode);
            const right = await login(ctx.app, { username: s.email, password: PASSWORD, ip, cookie: s.cookie });
            codes.push(right.statusCode);
            if (right.statusCode === 200) hall[i + j]!.cookie = cookieOf(right);
          }),
        );
      }
      expect(codes.filter((c) => c === 400)).toHaveLength(hall.length);
      expect(codes.filter((c) => c === 200)).toHaveLength(hall.length);
    }
  }, 120_000);

  it('still stops one address spraying many accounts, also with a cookie of its own account', async () => {
    const ip = '203.0.113.80';
    const victims = await students(ctx.app, CEILING + 5, 'doel');
    const attacker = (await students(ctx.app, 1, 'aanvaller'))[0]!;
    const codes: number[] = [];
    // the attacker's cookie proves its own account only: sent along, it changes nothing for others
    for (const v of victims) codes.push((await login(ctx.app, { username: v.email, password: WRONG, ip, cookie: attacker.cookie })).statusCode);
    expect(codes.slice(0, CEILING)).toEqual(Array.from({ length: CEILING }, () => 400));
    expect(codes.slice(CEILING)).toEqual([429, 429, 429, 429, 429]);
    // a correct password from a browser without that account's cookie waits too
    expect((await login(ctx.app, { username: victims[0]!.email, password: PASSWORD, ip })).statusCode).toBe(429);
    // a forged, tampered or another account's cookie is no cookie
    const [name, value] = victims[1]!.cookie.split('=') as [string, string];
    const [nonce, expires] = value.split('.');
    for (const cookie of [`${name}=${nonce}.${expires}.${'A'.repeat(43)}`, `${name}=${nonce}.${Number(expires) + 1}.${value.split('.')[2]}`, `${name}=${victims[2]!.cookie.split('=')[1]}`]) {
      expect((await login(ctx.app, { username: victims[1]!.email, password: PASSWORD, ip, cookie })).statusCode).toBe(429);
    }
    // the owner's own browser signs in from that address all the same
    expect((await login(ctx.app, { username: victims[1]!.email, password: PASSWORD, ip, cookie: victims[1]!.cookie })).statusCode).toBe(200);
  }, 120_000);

  it('takes a hostile Cookie header for no cookie, never a 500', async () => {
    const [s] = await students(ctx.app, 1, 'vijandig');
    const name = s!.cookie.split('=')[0]!;
    for (const cookie of ['__proto__=x; constructor=y', '=; ;;', `${name}="${'.'.repeat(5)}"`, `${name}=${'x'.repeat(4000)}`, `${name}=a.99999999999999.b`, `${name}=a.b.c.d`]) {
      const res = await login(ctx.app, { username: s!.email, password: WRONG, ip: '192.0.2.200', cookie });
      expect(res.statusCode, cookie).toBe(400);
      expect(res.json().error).toBe('invalid_credentials');
    }
  });

  it('counts failures per cookie: a stolen cookie gets the guesses of one address, and the account stays open to its owner', async () => {
    const [owner] = await students(ctx.app, 1, 'eigenaar');
    const thief = '198.51.100.99';
    const codes: number[] = [];
    for (let i = 0; i < 12; i += 1) codes.push((await login(ctx.app, { username: owner!.email, password: WRONG, ip: thief, cookie: owner!.cookie })).statusCode);
    expect(codes).toEqual([...Array.from({ length: 10 }, () => 400), 429, 429]);
    // the cookie is locked out, not the account: she signs in elsewhere, and gets a new cookie
    const elsewhere = await login(ctx.app, { username: owner!.email, password: PASSWORD, ip: '192.0.2.77' });
    expect(elsewhere.statusCode).toBe(200);
    expect((await login(ctx.app, { username: owner!.email, password: PASSWORD, ip: thief, cookie: cookieOf(elsewhere) })).statusCode).toBe(200);
  });
});
