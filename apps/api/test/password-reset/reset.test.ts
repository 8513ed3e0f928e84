import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, PASSWORD, createTestApp, login, newDeviceId, refresh, signedInUser, uniqueEmail, type TestApp, type TestContext } from '../helpers.ts';

const NEW_PASSWORD = 'Nieuw#wachtwoord1';

/** The reset link out of a raw mail (quoted-printable soft line breaks and escapes undone). */
function linkIn(raw: string): string {
  const text = raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  const match = /https?:\/\/[^\s"<>]+\/auth\/reset-password\?token=([\w-]+)/.exec(text);
  if (!match) throw new Error(`no reset link in mail:\n${raw}`);
  return match[0];
}
const tokenOf = (link: string) => new URL(link).searchParams.get('token')!;
const randomIp = () => `10.${randomBytes(1)[0]}.${randomBytes(1)[0]}.${randomBytes(1)[0]}`;

function forgot(app: TestApp, email: string, ip = randomIp()) {
  return app.inject({ method: 'POST', url: '/api/auth/forgot-password', remoteAddress: ip, payload: { email } });
}
function reset(app: TestApp, token: string, password = NEW_PASSWORD, passwordConfirmation = password) {
  return app.inject({ method: 'POST', url: '/api/auth/reset-password', payload: { token, password, passwordConfirmation } });
}

describe.each(DIALECTS)('password reset through the outbox on %s', (dialect) => {
  let ctx: TestContext;
  let outbox: string;
  beforeAll(async () => {
    outbox = mkdtempSync(join(tmpdir(), 'blok-outbox-'));
    ctx = await createTestApp(dialect, { LOGIN_RATE_LIMIT_IP: '1000', REGISTER_RATE_LIMIT_IP: '1000', MAIL_OUTBOX_DIR: outbox, FORGOT_PASSWORD_RATE_LIMIT: '3' });
  });
  afterAll(async () => {
    await ctx?.close();
    rmSync(outbox, { recursive: true, force: true });
  });

  /** Requests a link and delivers the mail (the job); returns the link from the outbox file. */
  async function requestLink(email: string): Promise<string> {
    const before = new Set(readdirSync(outbox));
    const res = await forgot(ctx.app, email);
    expect(res.statusCode).toBe(202);
    await ctx.app.jobs.runDue();
    const files = readdirSync(outbox).filter((f) => !before.has(f));
    expect(files).toHaveLength(1);
    const raw = readFileSync(join(outbox, files[0]!), 'utf8');
    expect(raw).toContain(`To: ${email}`);
    expect(raw).toContain('Subject: Stel een nieuw wachtwoord in voor Blok');
    return linkIn(raw);
  }

  it('answers the same for an address with and without an account, and mails only the first', async () => {
    const { email } = await signedInUser(ctx.app);
    const known = await forgot(ctx.app, email);
    const unknown = await forgot(ctx.app, uniqueEmail('niemand'));
    expect(known.statusCode).toBe(202);
    expect(unknown.statusCode).toBe(202);
    expect(unknown.json()).toEqual(known.json());
    const before = readdirSync(outbox).length;
    await ctx.app.jobs.runDue();
    expect(readdirSync(outbox).length).toBe(before + 1);
    // Once delivered, the link no longer sits in the database.
    const mails = await ctx.handle.db.selectFrom('mail_outbox').selectAll().where('to_address', '=', email).execute();
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ text_body: '', html_body: '', transport: 'outbox' });
    expect(mails[0]!.sent_at).not.toBeNull();
  });

  it('sets the new password once with the link, signs every device out, and refuses the link again', async () => {
    const { email, tokens } = await signedInUser(ctx.app);
    const link = await requestLink(email);
    expect(link).toMatch(/^http:\/\/localhost(:\d+)?\/auth\/reset-password\?token=/);
    expect((await reset(ctx.app, tokenOf(link))).statusCode).toBe(204);
    expect((await refresh(ctx.app, tokens.refresh_token)).statusCode).toBeGreaterThanOrEqual(400);
    expect((await login(ctx.app, { username: email, password: PASSWORD, device_id: newDeviceId() })).statusCode).toBe(400);
    expect((await login(ctx.app, { username: email, password: NEW_PASSWORD, device_id: newDeviceId() })).statusCode).toBe(200);
    const again = await reset(ctx.app, tokenOf(link), 'Nog#eenkeer22');
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ error: 'invalid_reset_token', error_description: 'Deze link is verlopen of al gebruikt. Vraag een nieuwe link aan.' });
  });

  it('signs her device out plainly (invalid_token), not with the notice of a login elsewhere', async () => {
    const { email, tokens, headers } = await signedInUser(ctx.app);
    const link = await requestLink(email);
    expect((await reset(ctx.app, tokenOf(link))).statusCode).toBe(204);
    // The device she was signed in on: its next request and its refresh both end the session plainly.
    const request = await ctx.app.inject({ method: 'GET', url: '/api/user/profile', headers });
    expect(request.statusCode).toBe(401);
    expect(request.json().error).toBe('invalid_token');
    const renewed = await refresh(ctx.app, tokens.refresh_token);
    expect(renewed.statusCode).toBe(400);
    expect(renewed.json().error).toBe('invalid_grant');
    const devices = await ctx.handle.db.selectFrom('devices').innerJoin('users', 'users.id', 'devices.user_id').select('devices.revoked_reason').where('users.email', '=', email).execute();
    expect(devices.map((d) => d.revoked_reason)).toEqual(['password']);
  });

  it('refuses a link older than an hour', async () => {
    const { email } = await signedInUser(ctx.app);
    const link = await requestLink(email);
    await ctx.handle.db
      .updateTable('password_reset_tokens')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('expires_at', '>', new Date().toISOString())
      .execute();
    const res = await reset(ctx.app, tokenOf(link));
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('invalid_reset_token');
  });

  it('checks passwordSecurity and the confirmation before using the link', async () => {
    const { email } = await signedInUser(ctx.app);
    const link = await requestLink(email);
    const weak = await reset(ctx.app, tokenOf(link), 'alleenletters');
    expect(weak.statusCode).toBe(400);
    expect(weak.json()).toEqual({ error: 'weak_password', error_description: 'Dit wachtwoord komt niet overeen met het veiligheidsbeleid' });
    const mismatch = await reset(ctx.app, tokenOf(link), NEW_PASSWORD, `${NEW_PASSWORD}x`);
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().error_description).toBe('Deze wachtwoorden komen niet overeen');
    expect((await reset(ctx.app, tokenOf(link))).statusCode).toBe(204);
  });

  it('refuses an unknown token and malformed bodies with 400', async () => {
    expect((await reset(ctx.app, randomBytes(32).toString('base64url'))).json().error).toBe('invalid_reset_token');
    const missing = await ctx.app.inject({ method: 'POST', url: '/api/auth/reset-password', payload: { password: NEW_PASSWORD } });
    expect(missing.statusCode).toBe(400);
    const noEmail = await ctx.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: {} });
    expect(noEmail.statusCode).toBe(400);
  });

  it('rate limits requests per address and per IP', async () => {
    const email = uniqueEmail('druk');
    for (let i = 0; i < 3; i += 1) expect((await forgot(ctx.app, email)).statusCode).toBe(202);
    const limited = await forgot(ctx.app, email);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error).toBe('too_many_requests');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    const ip = randomIp();
    for (let i = 0; i < 3; i += 1) expect((await forgot(ctx.app, uniqueEmail(), ip)).statusCode).toBe(202);
    expect((await forgot(ctx.app, uniqueEmail(), ip)).statusCode).toBe(429);
  });
});

describe.each(DIALECTS)('password reset over SMTP on %s', (dialect) => {
  let ctx: TestContext;
  let smtp: SMTPServer;
  const received: Array<{ to: string[]; raw: string }> = [];
  beforeAll(async () => {
    // A real SMTP server on loopback. STARTTLS is off: the package's built-in certificate expired.
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks).toString('utf8') });
          callback();
        });
      },
    });
    await new Promise<void>((ok) => smtp.listen(0, '127.0.0.1', ok));
    const port = (smtp.server.address() as { port: number }).port;
    ctx = await createTestApp(dialect, {
      LOGIN_RATE_LIMIT_IP: '1000',
      REGISTER_RATE_LIMIT_IP: '1000',
      SMTP_URL: `smtp://127.0.0.1:${port}`,
      MAIL_FROM: 'Blok <noreply@blok.example>',
      PUBLIC_URL: 'https://blok.example',
    });
  });
  afterAll(async () => {
    await ctx?.close();
    await new Promise<void>((ok) => smtp.close(ok));
  });

  it('sends the mail over SMTP by a job, with a link on PUBLIC_URL that resets the password', async () => {
    const { email } = await signedInUser(ctx.app);
    expect((await forgot(ctx.app, email)).statusCode).toBe(202);
    expect(received.filter((m) => m.to.includes(email))).toHaveLength(0);
    await ctx.app.jobs.runDue();
    const mails = received.filter((m) => m.to.includes(email));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.raw).toMatch(/^From: Blok <noreply@blok\.example>/m);
    const link = linkIn(mails[0]!.raw);
    expect(link.startsWith('https://blok.example/auth/reset-password?token=')).toBe(true);
    expect((await reset(ctx.app, tokenOf(link))).statusCode).toBe(204);
    expect((await login(ctx.app, { username: email, password: NEW_PASSWORD, device_id: newDeviceId() })).statusCode).toBe(200);
  });
});
