import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StudentPreview, StudioDocument, StudioDraft } from '@blok/contract';
import { importContent } from '../../src/content/importer.ts';
import { DIALECTS, createTestApp, signedInUser, type TestApp, type TestContext } from '../helpers.ts';

/** fx-psychologie: for psychologie bachelor-1; fx-psy-h2 is premium; fx-kaarten: two flashcard sets. */
const FIXTURES = join(import.meta.dirname, '..', 'fixtures');
const SUBJECT = 'fx-psychologie';
const UVA_PSY_1 = { university: 'uva', study: 'psychologie', year: 'bachelor-1' };

type Method = 'GET' | 'POST' | 'PUT';

async function user(app: TestApp) {
  const u = await signedInUser(app);
  const call = (method: Method, url: string, payload?: unknown) =>
    app.inject({ method, url: `/api${url}`, headers: { ...u.headers, 'idempotency-key': randomUUID() }, ...(payload === undefined ? {} : { payload: payload as object }) });
  return { ...u, call };
}

describe.each(DIALECTS)('the preview as a student on %s', (dialect) => {
  let ctx: TestContext;
  let author: Awaited<ReturnType<typeof user>>;
  let outsider: Awaited<ReturnType<typeof user>>;
  let student: Awaited<ReturnType<typeof user>>;
  let document: StudioDocument;

  beforeAll(async () => {
    ctx = await createTestApp(dialect, { REGISTER_RATE_LIMIT_IP: '1000', API_RATE_LIMIT_PER_MINUTE: '100000' });
    await importContent(ctx.handle.db, join(FIXTURES, 'library-courses'), { dialect });
    await importContent(ctx.handle.db, join(FIXTURES, 'flashcards-courses'), { dialect });
    [author, outsider, student] = await Promise.all([user(ctx.app), user(ctx.app), user(ctx.app)]);
    const admin = await user(ctx.app);
    const studio = ctx.app.services.studio;
    await studio.setRole(null, admin.email, 'admin');
    await studio.setRole(null, author.email, 'author');
    await studio.setRole(null, outsider.email, 'author');
    expect((await admin.call('PUT', '/studio/assignments', { email: author.email, subjectId: SUBJECT, assigned: true })).statusCode).toBe(200);
    expect((await admin.call('PUT', '/studio/assignments', { email: outsider.email, subjectId: 'fx-kaarten', assigned: true })).statusCode).toBe(200);
    document = (await author.call('GET', `/studio/subjects/${SUBJECT}/draft`)).json<StudioDraft>().document;
  });
  afterAll(async () => ctx?.close());

  it('shows the unsaved draft as a student of that study year finds it, rendered by the reader, premium chapters marked', async () => {
    const doc = structuredClone(document);
    doc.summaries[0]!.chapters[2]!.markdown += '\n| Begrip | Betekenis |\n| --- | --- |\n| Geheugen | Opslag |\n';
    doc.flashcardSets.push({ id: 'fx-psy-kaarten', title: 'Begrippen', description: 'Twee kaarten.', cards: [
      { id: 'fx-psy-k1', front: 'Wat is **geheugen**?', back: 'Opslag van informatie.' },
      { id: 'fx-psy-k2', front: 'Wat is leren?', back: 'Gedrag dat verandert door ervaring.', backPicture: 'images/fx-diagram.svg' },
    ] });
    const res = await author.call('POST', `/studio/subjects/${SUBJECT}/student-preview`, { document: doc, ...UVA_PSY_1 });
    expect(res.statusCode, res.body).toBe(200);
    const preview = res.json<StudentPreview>();
    expect(preview).toMatchObject({
      audience: { university: 'Universiteit van Amsterdam', study: 'Psychologie', year: 'Bachelor 1' },
      visible: true,
      title: doc.title,
    });
    const chapters = preview.summaries[0]!.chapters;
    expect(chapters.map((c) => [c.id, c.access])).toEqual([
      ['fx-psy-h1', 'free'],
      ['fx-psy-h2', 'premium'],
      ['fx-psy-h3', 'premium'],
    ]);
    expect(chapters[0]!.titleHtml).toBe('Wat is <em>psychologie</em>?');
    expect(chapters[2]!.html).toContain('<th scope="col">Begrip</th>');
    // the same HTML the reader serves for the published chapter
    const reader = (await student.call('GET', '/summaries/fx-psy-samenvatting/chapters/fx-psy-h1')).json();
    expect(chapters[0]!.html).toBe(reader.html);
    expect(preview.flashcardSets).toEqual([
      {
        id: 'fx-psy-kaarten',
        title: 'Begrippen',
        description: 'Twee kaarten.',
        cards: [
          expect.objectContaining({ frontHtml: '<p>Wat is <strong>geheugen</strong>?</p>\n', frontPictureUrl: null }),
          expect.objectContaining({ backPictureUrl: `/api/content/images/${SUBJECT}/fx-diagram.svg` }),
        ],
      },
    ]);
    expect(preview.questionLists).toEqual([expect.objectContaining({ id: 'fx-psy-vragen-h1', questions: 2 })]);
  });

  it('says when a student of that study and year would not find the subject', async () => {
    for (const choice of [
      { university: 'uva', study: 'psychologie', year: 'bachelor-2' },
      { university: 'uva', study: 'rechtsgeleerdheid', year: 'bachelor-1' },
    ]) {
      const res = await author.call('POST', `/studio/subjects/${SUBJECT}/student-preview`, { document, ...choice });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json<StudentPreview>().visible).toBe(false);
    }
    // an audience added in the draft makes it visible there
    const doc = structuredClone(document);
    doc.audiences.push({ study: 'rechtsgeleerdheid', year: 'bachelor-1' });
    const res = await author.call('POST', `/studio/subjects/${SUBJECT}/student-preview`, { document: doc, university: 'uva', study: 'rechtsgeleerdheid', year: 'bachelor-1' });
    expect(res.json<StudentPreview>()).toMatchObject({ visible: true, audience: { study: 'Rechtsgeleerdheid' } });
  });

  it('refuses a choice outside the catalogue and a document of another subject, with a code', async () => {
    const wrong = await author.call('POST', `/studio/subjects/${SUBJECT}/student-preview`, { document, university: 'uva', study: 'psychologie', year: 'bachelor-9' });
    expect([wrong.statusCode, wrong.json().error]).toEqual([400, 'invalid_request']);
    const noUniversity = await author.call('POST', `/studio/subjects/${SUBJECT}/student-preview`, { document, university: 'nergens', study: 'psychologie', year: 'bachelor-1' });
    expect(noUniversity.statusCode).toBe(400);
    const other = await author.call('POST', `/studio/subjects/${SUBJECT}/student-preview`, { document: { ...document, id: 'fx-recht' }, ...UVA_PSY_1 });
    expect(other.statusCode).toBe(400);
  });

  it('answers 404 to a student and an author of another subject, and writes nothing', async () => {
    const count = async () =>
      Promise.all([
        ctx.handle.db.selectFrom('studio_drafts').select('subject_id').execute(),
        ctx.handle.db.selectFrom('studio_audit').select('id').execute(),
        ctx.handle.db.selectFrom('reading_progress').selectAll().execute(),
      ]).then((rows) => rows.map((r) => r.length));
    const before = await count();
    for (const who of [student, outsider]) {
      const res = await who.call('POST', `/studio/subjects/${SUBJECT}/student-preview`, { document, ...UVA_PSY_1 });
      expect([res.statusCode, res.json().error]).toEqual([404, 'not_found']);
    }
    expect((await author.call('POST', `/studio/subjects/${SUBJECT}/student-preview`, { document, ...UVA_PSY_1 })).statusCode).toBe(200);
    expect(await count()).toEqual(before);
  });
});
