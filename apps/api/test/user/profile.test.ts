import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROFILE_PICTURE_MAX_BYTES } from '@blok/contract';
import { MAX_INPUT_PIXELS, PICTURE_WORKERS, pictureWork } from '../../src/uploads/picture-work.ts';
import { DIALECTS, PASSWORD, bearer, createTestApp, fixedResolver, login, newDeviceId, refresh, signedInUser, type TestContext } from '../helpers.ts';

const NAME = { firstName: 'Sanne', middleName: 'van', lastName: 'Dijk', university: 'uva', study: 'psychologie', year: 'bachelor-2' };

async function png(width = 640, height = 480): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 80, b: 40 } } })
    .png()
    .toBuffer();
}

describe.each(DIALECTS)('profile on %s', (dialect) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp(dialect, { LOGIN_RATE_LIMIT_IP: '1000', REGISTER_RATE_LIMIT_IP: '1000' }, { pushResolver: fixedResolver({ 'fcm.googleapis.com': ['142.250.179.138'] }) });
  });
  afterAll(async () => ctx?.close());

  const put = (url: string, headers: Record<string, string>, payload: unknown) => ctx.app.inject({ method: 'PUT', url, headers, payload: payload as object });

  it('edits the name and the study choice and shows them on the profile', async () => {
    const { headers } = await signedInUser(ctx.app);
    const res = await put('/api/user/profile', headers, NAME);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject(NAME);
    const again = await ctx.app.inject({ method: 'GET', url: '/api/user/profile', headers });
    expect(again.json()).toMatchObject({ ...NAME, profilePictureUrl: '/images/default-profile.svg', hasSubscription: false, subscriptionUrl: '/shop' });
  });

  it('refuses an empty first name, a name with digits and a study that is not in the catalogue', async () => {
    const { headers } = await signedInUser(ctx.app);
    for (const body of [
      { ...NAME, firstName: '  ' },
      { ...NAME, lastName: 'D1jk' },
      { ...NAME, firstName: 'x'.repeat(51) },
      { ...NAME, study: 'geneeskunde', university: 'tiu' },
    ]) {
      const res = await put('/api/user/profile', headers, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error).toMatch(/invalid_request/);
    }
    const profile = await ctx.app.inject({ method: 'GET', url: '/api/user/profile', headers });
    expect(profile.json().firstName).toBe('');
  });

  it('re-encodes an uploaded picture as a 256 px WebP and serves it without a token', async () => {
    const { headers } = await signedInUser(ctx.app);
    const res = await put('/api/user/profile/picture', { ...headers, 'content-type': 'image/png' }, await png());
    expect(res.statusCode).toBe(200);
    const url = res.json().profilePictureUrl as string;
    expect(url).toMatch(/^\/api\/profile-pictures\/[0-9a-f-]{36}$/);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/user/profile', headers })).json().profilePictureUrl).toBe(url);
    const picture = await ctx.app.inject({ method: 'GET', url });
    expect(picture.statusCode).toBe(200);
    expect(picture.headers['content-type']).toBe('image/webp');
    const meta = await sharp(picture.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 256, height: 256 });

    // A new upload replaces the old picture, which is gone.
    const jpeg = await sharp(await png(300, 900)).jpeg().toBuffer();
    const second = await put('/api/user/profile/picture', { ...headers, 'content-type': 'image/jpeg' }, jpeg);
    expect(second.statusCode).toBe(200);
    expect(second.json().profilePictureUrl).not.toBe(url);
    expect((await ctx.app.inject({ method: 'GET', url })).statusCode).toBe(404);

    const removed = await ctx.app.inject({ method: 'DELETE', url: '/api/user/profile/picture', headers });
    expect(removed.json().profilePictureUrl).toBe('/images/default-profile.svg');
  });

  it('refuses a picture over 5 MB, a type outside jpg/png/webp and a file that lies about its type', async () => {
    const { headers } = await signedInUser(ctx.app);
    const big = Buffer.concat([await png(), randomBytes(5 * 1024 * 1024)]);
    const tooLarge = await put('/api/user/profile/picture', { ...headers, 'content-type': 'image/png' }, big);
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json()).toEqual({ error: 'file_too_large', error_description: 'Je foto is groter dan 5 MB. Kies een kleinere foto.' });
    const huge = await put('/api/user/profile/picture', { ...headers, 'content-type': 'image/png' }, randomBytes(11 * 1024 * 1024));
    expect(huge.statusCode).toBe(413);
    expect(huge.json().error).toBe('file_too_large');

    const gif = await put('/api/user/profile/picture', { ...headers, 'content-type': 'image/gif' }, Buffer.from('GIF89a'));
    expect(gif.statusCode).toBe(415);
    expect(gif.json().error).toBe('unsupported_file_type');

    const text = await put('/api/user/profile/picture', { ...headers, 'content-type': 'image/png' }, Buffer.from('<script>alert(1)</script>'.repeat(100)));
    expect(text.statusCode).toBe(415);
    expect(text.json()).toEqual({ error: 'unsupported_file_type', error_description: 'Kies een foto in jpg, png of webp.' });

    const jpegAsPng = await put('/api/user/profile/picture', { ...headers, 'content-type': 'image/png' }, await sharp(await png()).jpeg().toBuffer());
    expect(jpegAsPng.statusCode).toBe(415);

    const json = await put('/api/user/profile/picture', { ...headers, 'content-type': 'application/json' }, { picture: 'nee' });
    expect(json.statusCode).toBe(415);

    const profile = await ctx.app.inject({ method: 'GET', url: '/api/user/profile', headers });
    expect(profile.json().profilePictureUrl).toBe('/images/default-profile.svg');
  });

  it('refuses a picture of more than 25 megapixels before decoding it, and decodes uploads a few at a time', async () => {
    const { headers } = await signedInUser(ctx.app);
    // 5200 x 5000 of one colour: a small PNG (tens of KB) that decodes to 78 MB.
    const bomb = await png(5200, 5000);
    expect(bomb.length).toBeLessThan(PROFILE_PICTURE_MAX_BYTES);
    const res = await put('/api/user/profile/picture', { ...headers, 'content-type': 'image/png' }, bomb);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ error: 'file_too_large', error_description: 'Je foto heeft meer dan 25 megapixel. Kies een kleinere foto.' });
    expect(MAX_INPUT_PIXELS).toBe(25_000_000);

    // Six students upload at once: all succeed, never more than PICTURE_WORKERS decoded together.
    const students = await Promise.all(Array.from({ length: 6 }, () => signedInUser(ctx.app)));
    const photo = await sharp(await png(2000, 1500)).jpeg().toBuffer();
    pictureWork.peak = 0;
    const answers = await Promise.all(students.map((s) => put('/api/user/profile/picture', { ...s.headers, 'content-type': 'image/jpeg' }, photo)));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(pictureWork.peak).toBeGreaterThan(0);
    expect(pictureWork.peak).toBeLessThanOrEqual(PICTURE_WORKERS);
  });

  it('refuses a password change with a wrong current password or a weak new one', async () => {
    const { headers } = await signedInUser(ctx.app);
    const wrong = await put('/api/user/password', headers, { currentPassword: 'Verkeerd#1', newPassword: 'Nieuw#2025x', newPasswordConfirmation: 'Nieuw#2025x' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ error: 'invalid_current_password', error_description: 'Je huidige wachtwoord klopt niet.' });
    const weak = await put('/api/user/password', headers, { currentPassword: PASSWORD, newPassword: 'zwakwachtwoord', newPasswordConfirmation: 'zwakwachtwoord' });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().error).toBe('weak_password');
    const mismatch = await put('/api/user/password', headers, { currentPassword: PASSWORD, newPassword: 'Nieuw#2025x', newPasswordConfirmation: 'Nieuw#2025y' });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().error_description).toBe('Deze wachtwoorden komen niet overeen');
  });

  it('changes the password, keeps this device signed in and signs the others out', async () => {
    const first = await signedInUser(ctx.app);
    // A second sign-in (another device) holds its own refresh token.
    const other = await login(ctx.app, { username: first.email, password: PASSWORD, device_id: newDeviceId() });
    const otherTokens = other.json();
    const changed = await put('/api/user/password', bearer(otherTokens.access_token), {
      currentPassword: PASSWORD,
      newPassword: 'Nieuw#2025x',
      newPasswordConfirmation: 'Nieuw#2025x',
    });
    expect(changed.statusCode).toBe(204);
    expect((await refresh(ctx.app, first.tokens.refresh_token)).statusCode).toBeGreaterThanOrEqual(400);
    expect((await refresh(ctx.app, otherTokens.refresh_token)).statusCode).toBe(200);
    expect((await login(ctx.app, { username: first.email, password: PASSWORD, device_id: newDeviceId() })).statusCode).toBe(400);
    expect((await login(ctx.app, { username: first.email, password: 'Nieuw#2025x', device_id: newDeviceId() })).statusCode).toBe(200);
  });

  it('deletes the account with every personal row: profile, picture, push, reset links, mails', async () => {
    const { headers, email } = await signedInUser(ctx.app);
    await put('/api/user/profile', headers, NAME);
    await put('/api/user/profile/picture', { ...headers, 'content-type': 'image/png' }, await png());
    await put('/api/user/push-preference', headers, {
      dailyReminder: { enabled: true, time: '19:00', days: [1, 2, 3] },
      flashcardsDue: { enabled: true },
      subjectNews: { enabled: false },
    });
    await ctx.app.inject({
      method: 'POST',
      url: '/api/user/push-subscriptions',
      headers,
      payload: { endpoint: 'https://fcm.googleapis.com/fcm/send/abc', keys: { p256dh: 'B'.repeat(87), auth: 'A'.repeat(22) } },
    });
    await ctx.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email } });
    // A mistyped password leaves throttling counters keyed by her address.
    await login(ctx.app, { username: email, password: 'Verkeerd#123', device_id: newDeviceId(), ip: '10.1.2.3' });
    // ... and a mistyped current password one keyed by her id
    const wrong = { currentPassword: 'Verkeerd#123', newPassword: 'Nieuw#2025x', newPasswordConfirmation: 'Nieuw#2025x' };
    expect((await ctx.app.inject({ method: 'PUT', url: '/api/user/password', headers, payload: wrong })).statusCode).toBe(400);
    const me = (await ctx.app.inject({ method: 'GET', url: '/api/user/profile', headers })).json();

    const db = ctx.handle.db;
    const personal = async () => {
      const counts: Record<string, number> = {};
      for (const table of ['users', 'devices', 'refresh_tokens', 'profile_pictures', 'push_preferences', 'push_subscriptions', 'password_reset_tokens', 'mail_outbox'] as const) {
        const column = table === 'users' ? 'id' : 'user_id';
        const row = await db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where(column, '=', me.id)
          .executeTakeFirstOrThrow();
        counts[table] = Number(row.n);
      }
      const jobs = await db.selectFrom('jobs').select('id').where('state', '=', 'queued').where('payload', 'like', `%${me.id}%`).execute();
      const limits = await db.selectFrom('rate_limits').select('key').where((eb) => eb.or([eb('key', 'like', `%${email}%`), eb('key', 'like', `%${me.id}%`)])).execute();
      return { ...counts, queuedJobs: jobs.length, rateLimits: limits.length };
    };
    const before = await personal();
    expect(before).toMatchObject({ users: 1, profile_pictures: 1, push_preferences: 1, push_subscriptions: 1, password_reset_tokens: 1, mail_outbox: 1 });
    expect(before.queuedJobs).toBeGreaterThan(0);
    expect(before.rateLimits).toBeGreaterThanOrEqual(4);

    const res = await ctx.app.inject({ method: 'DELETE', url: '/api/user/profile', headers, payload: { password: PASSWORD } });
    expect(res.statusCode).toBe(204);
    const after = await personal();
    expect(Object.values(after).every((n) => n === 0), JSON.stringify(after)).toBe(true);
    // Mail jobs of the deleted account find nothing to send.
    expect(await ctx.app.jobs.runDue()).toBeGreaterThanOrEqual(0);
  });

  it('deletes the account only with her password (issue 26)', async () => {
    const { headers } = await signedInUser(ctx.app);
    const del = (payload?: unknown) =>
      ctx.app.inject({ method: 'DELETE', url: '/api/user/profile', headers, ...(payload === undefined ? {} : { payload: payload as object }) });
    const alive = async () => (await ctx.app.inject({ method: 'GET', url: '/api/user/profile', headers })).statusCode === 200;

    for (const payload of [undefined, {}, { password: '' }]) {
      const res = await del(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().error).toBe('invalid_request');
    }
    expect(await alive()).toBe(true);

    const wrong = await del({ password: 'Verkeerd#123' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ error: 'invalid_current_password', error_description: 'Dit wachtwoord klopt niet.' });
    expect(await alive()).toBe(true);

    expect((await del({ password: PASSWORD })).statusCode).toBe(204);
    expect(await alive()).toBe(false);
  });

  it('stops guessing the password of a signed-in account to delete it', async () => {
    const small = await createTestApp(dialect, { LOGIN_RATE_LIMIT_IP: '1000', REGISTER_RATE_LIMIT_IP: '1000', LOGIN_RATE_LIMIT_ACCOUNT: '3' });
    try {
      const { headers } = await signedInUser(small.app);
      const guess = () => small.app.inject({ method: 'DELETE', url: '/api/user/profile', headers, payload: { password: 'Verkeerd#123' } });
      const answers = [];
      for (let i = 0; i < 5; i++) answers.push((await guess()).statusCode);
      expect(answers.filter((s) => s === 429).length).toBeGreaterThan(0);
      const blocked = await small.app.inject({ method: 'DELETE', url: '/api/user/profile', headers, payload: { password: PASSWORD } });
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json().error).toBe('too_many_requests');
      expect((await small.app.inject({ method: 'GET', url: '/api/user/profile', headers })).statusCode).toBe(200);
    } finally {
      await small.close();
    }
  });
});
