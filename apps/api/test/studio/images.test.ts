import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditList, StudioDraft, StudioImage } from '@blok/contract';
import { importContent } from '../../src/content/importer.ts';
import { sniffImageType } from '../../src/studio/image.ts';
import { DIALECTS, createTestApp, signedInUser, type TestApp, type TestContext } from '../helpers.ts';

/** fx-psychologie (psychologie, bachelor 1) with chapters fx-psy-h1..h3 and its own image fx-diagram.svg. */
const LIBRARY_DIR = join(import.meta.dirname, '..', 'fixtures', 'library-courses');
const SUBJECT = 'fx-psychologie';
const OTHER = 'fx-economie';

const picture = (format: 'png' | 'jpeg' | 'webp', width = 40, height = 30) => {
  const image = sharp({ create: { width, height, channels: 3, background: '#3366cc' } }).withMetadata();
  return (format === 'png' ? image.png() : format === 'jpeg' ? image.jpeg() : image.webp()).toBuffer();
};

type Method = 'GET' | 'POST' | 'PUT';

async function user(app: TestApp) {
  const u = await signedInUser(app);
  const call = (method: Method, url: string, payload?: unknown) =>
    app.inject({ method, url: `/api${url}`, headers: { ...u.headers, 'idempotency-key': randomUUID() }, ...(payload === undefined ? {} : { payload: payload as object }) });
  const upload = (subjectId: string, body: Buffer, type: string, key = randomUUID()) =>
    app.inject({ method: 'POST', url: `/api/studio/subjects/${subjectId}/images`, headers: { ...u.headers, 'content-type': type, 'idempotency-key': key }, payload: body });
  return { ...u, call, upload };
}

describe('the magic numbers of pictures', () => {
  it('knows PNG, JPEG and WebP by their first bytes, and nothing else', async () => {
    expect(sniffImageType(await picture('png'))).toBe('image/png');
    expect(sniffImageType(await picture('jpeg'))).toBe('image/jpeg');
    expect(sniffImageType(await picture('webp'))).toBe('image/webp');
    expect(sniffImageType(Buffer.from('GIF89a......'))).toBeNull();
    expect(sniffImageType(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(sniffImageType(Buffer.from([0x89, 0x50]))).toBeNull();
  });
});

describe.each(DIALECTS)('pictures uploaded in the studio on %s', (dialect) => {
  let ctx: TestContext;
  let author: Awaited<ReturnType<typeof user>>;
  let outsider: Awaited<ReturnType<typeof user>>;
  let editor: Awaited<ReturnType<typeof user>>;
  let student: Awaited<ReturnType<typeof user>>;

  beforeAll(async () => {
    ctx = await createTestApp(dialect, { REGISTER_RATE_LIMIT_IP: '1000', API_RATE_LIMIT_PER_MINUTE: '100000' });
    await importContent(ctx.handle.db, LIBRARY_DIR, { dialect });
    [author, outsider, editor, student] = await Promise.all([user(ctx.app), user(ctx.app), user(ctx.app), user(ctx.app)]);
    const studio = ctx.app.services.studio;
    await studio.setRole(null, author.email, 'author');
    await studio.setRole(null, outsider.email, 'author');
    await studio.setRole(null, editor.email, 'editor');
    const admin = await user(ctx.app);
    await studio.setRole(null, admin.email, 'admin');
    expect((await admin.call('PUT', '/studio/assignments', { email: author.email, subjectId: SUBJECT, assigned: true })).statusCode).toBe(200);
    expect((await admin.call('PUT', '/studio/assignments', { email: outsider.email, subjectId: OTHER, assigned: true })).statusCode).toBe(200);
  });
  afterAll(async () => ctx?.close());

  it('stores an author\'s picture as a content image the reader serves, the preview shows and a release keeps', async () => {
    const res = await author.upload(SUBJECT, await picture('png', 3200, 800), 'image/png');
    expect(res.statusCode, res.body).toBe(201);
    const image = res.json<StudioImage>();
    expect(image.path).toMatch(/^images\/studio-[0-9a-f]{24}\.webp$/);
    expect(image).toMatchObject({ url: `/api/content/images/${SUBJECT}/${image.path.slice('images/'.length)}`, width: 1600, height: 400 });
    const served = await ctx.app.inject({ method: 'GET', url: image.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    const meta = await sharp(served.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height, meta.exif]).toEqual(['webp', 1600, 400, undefined]);

    // the same picture again is the same image
    const again = await author.upload(SUBJECT, await picture('png', 3200, 800), 'image/png');
    expect(again.json<StudioImage>().path).toBe(image.path);
    // JPEG and WebP too, by the author or an editor (every subject)
    expect((await author.upload(SUBJECT, await picture('jpeg'), 'image/jpeg')).statusCode).toBe(201);
    expect((await editor.upload(SUBJECT, await picture('webp'), 'image/webp')).statusCode).toBe(201);

    // in a chapter: the checks find it, the preview shows it, the published chapter keeps it
    const draft = (await author.call('GET', `/studio/subjects/${SUBJECT}/draft`)).json<StudioDraft>();
    const doc = structuredClone(draft.document);
    doc.summaries[0]!.chapters[0]!.markdown += `\n![Een breed schema](${image.path})\n`;
    expect((await author.call('POST', `/studio/subjects/${SUBJECT}/check`, { document: doc })).json().problems).toEqual([]);
    const preview = await author.call('POST', '/studio/preview', { subjectId: SUBJECT, markdown: doc.summaries[0]!.chapters[0]!.markdown });
    expect(preview.json().html).toContain(`<img src="${image.url}" alt="Een breed schema"`);
    expect((await author.call('PUT', `/studio/subjects/${SUBJECT}/draft`, { document: doc })).statusCode).toBe(200);
    expect((await author.call('POST', `/studio/subjects/${SUBJECT}/submit`)).statusCode).toBe(200);
    expect((await editor.call('POST', `/studio/subjects/${SUBJECT}/publish`)).statusCode).toBe(200);
    const chapter = (await student.call('GET', '/summaries/fx-psy-samenvatting/chapters/fx-psy-h1')).json();
    expect(chapter.html).toContain(`<img src="${image.url}" alt="Een breed schema"`);
    expect((await ctx.app.inject({ method: 'GET', url: image.url })).statusCode).toBe(200);
    // the imported image stays too
    expect((await ctx.app.inject({ method: 'GET', url: `/api/content/images/${SUBJECT}/fx-diagram.svg` })).statusCode).toBe(200);

    const admin = await user(ctx.app);
    await ctx.app.services.studio.setRole(null, admin.email, 'admin');
    const audit = (await admin.call('GET', `/studio/audit?subjectId=${SUBJECT}`)).json<AuditList>().entries;
    expect(audit.filter((e) => e.action === 'image.upload').map((e) => e.who)).toEqual(expect.arrayContaining([author.email, editor.email]));
  });

  it('replays an upload with the same Idempotency-Key, and refuses the key with another picture', async () => {
    const key = randomUUID();
    const first = await author.upload(SUBJECT, await picture('png', 50, 50), 'image/png', key);
    const replay = await author.upload(SUBJECT, await picture('png', 50, 50), 'image/png', key);
    expect([first.statusCode, replay.statusCode]).toEqual([201, 201]);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json()).toEqual(first.json());
    expect((await author.upload(SUBJECT, await picture('png', 60, 50), 'image/png', key)).statusCode).toBe(422);
  });

  it('refuses what is not a PNG, JPEG or WebP by its bytes, a type that lies, a broken picture and a file over 5 MB, with a code', async () => {
    const png = await picture('png');
    const cases: Array<[string, Buffer, string, number, string]> = [
      ['a GIF', Buffer.concat([Buffer.from('GIF89a'), Buffer.alloc(100)]), 'image/png', 415, 'unsupported_file_type'],
      ['an SVG', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), 'image/png', 415, 'unsupported_file_type'],
      ['a PNG sent as JPEG', png, 'image/jpeg', 415, 'unsupported_file_type'],
      ['a PNG sent as text', png, 'text/plain', 415, 'unsupported_file_type'],
      ['a PNG header and noise', Buffer.concat([png.subarray(0, 16), Buffer.alloc(200, 7)]), 'image/png', 415, 'unsupported_file_type'],
      ['an empty file', Buffer.alloc(0), 'image/png', 415, 'unsupported_file_type'],
      ['over 5 MB', Buffer.concat([png, Buffer.alloc(5 * 1024 * 1024)]), 'image/png', 413, 'file_too_large'],
    ];
    for (const [what, body, type, status, code] of cases) {
      const res = await author.upload(SUBJECT, body, type);
      expect([what, res.statusCode, res.json().error]).toEqual([what, status, code]);
    }
    const rows = await ctx.handle.db.selectFrom('content_images').select('name').where('subject_id', '=', SUBJECT).execute();
    expect(rows.every((r) => r.name === 'fx-diagram.svg' || r.name.startsWith('studio-'))).toBe(true);
  });

  it('answers 404 to a student, an author of another subject and an unknown subject, and 401 without sign-in', async () => {
    const png = await picture('png');
    const before = await ctx.handle.db.selectFrom('content_images').select('name').execute();
    for (const [who, subjectId] of [
      [student, SUBJECT],
      [outsider, SUBJECT],
      [author, OTHER],
      [editor, 'bestaat-niet'],
    ] as const) {
      const res = await who.upload(subjectId, png, 'image/png');
      expect([subjectId, res.statusCode, res.json().error]).toEqual([subjectId, 404, 'not_found']);
    }
    // her own subject's check comes before the picture is looked at: no 415 that tells the subject exists
    expect((await student.upload(SUBJECT, Buffer.from('nonsense'), 'image/png')).statusCode).toBe(404);
    const anonymous = await ctx.app.inject({ method: 'POST', url: `/api/studio/subjects/${SUBJECT}/images`, headers: { 'content-type': 'image/png' }, payload: png });
    expect(anonymous.statusCode).toBe(401);
    expect(await ctx.handle.db.selectFrom('content_images').select('name').execute()).toHaveLength(before.length);
  });
});
