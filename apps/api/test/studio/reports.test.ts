import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPORTS_PER_DAY, type AuditList, type MyReport, type MyReportList, type StudioReport, type StudioReportList } from '@blok/contract';
import { importContent } from '../../src/content/importer.ts';
import { DIALECTS, createTestApp, signedInUser, type TestApp, type TestContext } from '../helpers.ts';

const LIBRARY_DIR = join(import.meta.dirname, '..', 'fixtures', 'library-courses');
/** fx-kaarten has card fx-a-1 ("Wat is **schaarste**?") and fx-b-1 (a picture with "Kaart vier"). */
const CARDS_DIR = join(import.meta.dirname, '..', 'fixtures', 'flashcards-courses');
/** fx-psychologie has question fx-psy-v1 and chapter fx-psy-h1; the other two subjects are not the author's. */
const SUBJECT = 'fx-psychologie';

type Method = 'GET' | 'POST' | 'PUT';

async function user(app: TestApp) {
  const u = await signedInUser(app);
  const call = (method: Method, url: string, payload?: unknown, key: string = randomUUID()) =>
    app.inject({
      method,
      url: `/api${url}`,
      headers: { ...u.headers, ...(method === 'GET' ? {} : { 'idempotency-key': key }) },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  return { ...u, call };
}

describe.each(DIALECTS)('"Meld een fout" on %s', (dialect) => {
  let ctx: TestContext;
  let admin: Awaited<ReturnType<typeof user>>;
  let author: Awaited<ReturnType<typeof user>>;
  let outsider: Awaited<ReturnType<typeof user>>;
  let student: Awaited<ReturnType<typeof user>>;
  let other: Awaited<ReturnType<typeof user>>;

  beforeAll(async () => {
    ctx = await createTestApp(dialect, { REGISTER_RATE_LIMIT_IP: '1000', API_RATE_LIMIT_PER_MINUTE: '100000' });
    await importContent(ctx.handle.db, LIBRARY_DIR, { dialect });
    await importContent(ctx.handle.db, CARDS_DIR, { dialect });
    [admin, author, outsider, student, other] = await Promise.all([user(ctx.app), user(ctx.app), user(ctx.app), user(ctx.app), user(ctx.app)]);
    await ctx.app.services.studio.setRole(null, admin.email, 'admin');
    for (const u of [author, outsider]) expect((await admin.call('PUT', '/studio/roles', { email: u.email, role: 'author' })).statusCode).toBe(200);
    expect((await admin.call('PUT', '/studio/assignments', { email: author.email, subjectId: SUBJECT, assigned: true })).statusCode).toBe(200);
  });
  afterAll(async () => ctx?.close());

  it('takes a report from a question to the inbox of its subject, and back to the student as handled', async () => {
    const key = randomUUID();
    const sent = await student.call('POST', '/reports', { kind: 'question', itemId: 'fx-psy-v1', message: '  Antwoord B is ook goed.  ' }, key);
    expect(sent.statusCode, sent.body).toBe(201);
    const report = sent.json<MyReport>();
    expect(report).toMatchObject({ kind: 'question', itemId: 'fx-psy-v1', subjectId: SUBJECT, itemTitle: 'Wat bestudeert de psychologie?', message: 'Antwoord B is ook goed.', status: 'open', handledAt: null });
    // a retry with the same key is the same report, not a second one
    const retry = await student.call('POST', '/reports', { kind: 'question', itemId: 'fx-psy-v1', message: '  Antwoord B is ook goed.  ' }, key);
    expect(retry.json<MyReport>().id).toBe(report.id);
    const chapter = await student.call('POST', '/reports', { kind: 'chapter', itemId: 'fx-psy-h1', message: 'Tikfout in de eerste alinea.' });
    expect(chapter.statusCode, chapter.body).toBe(201);
    expect(chapter.json<MyReport>()).toMatchObject({ kind: 'chapter', itemTitle: 'Wat is psychologie?', subjectId: SUBJECT });

    // the author of the subject sees both with their context, and not who sent them
    const inbox = await author.call('GET', `/studio/subjects/${SUBJECT}/reports`);
    expect(inbox.statusCode, inbox.body).toBe(200);
    const reports = inbox.json<StudioReportList>().reports;
    expect(reports.map((r) => [r.kind, r.itemId, r.message])).toEqual([
      ['chapter', 'fx-psy-h1', 'Tikfout in de eerste alinea.'],
      ['question', 'fx-psy-v1', 'Antwoord B is ook goed.'],
    ]);
    expect(inbox.body).not.toContain(student.email);

    const handled = await author.call('POST', `/studio/reports/${report.id}/handle`);
    expect(handled.statusCode, handled.body).toBe(200);
    expect(handled.json<StudioReport>()).toMatchObject({ status: 'handled', handledBy: author.email });
    // handled ones go below the open ones
    expect((await author.call('GET', `/studio/subjects/${SUBJECT}/reports`)).json<StudioReportList>().reports.map((r) => r.status)).toEqual(['open', 'handled']);

    // the student sees it was handled
    const mine = (await student.call('GET', '/reports')).json<MyReportList>().reports;
    expect(mine.find((r) => r.id === report.id)).toMatchObject({ status: 'handled', handledAt: expect.any(String) });
    expect(JSON.stringify(mine)).not.toContain(author.email);
    const audit = (await admin.call('GET', `/studio/audit?subjectId=${SUBJECT}`)).json<AuditList>().entries;
    expect(audit.map((e) => `${e.who} ${e.action} ${e.detail}`)).toContain(`${author.email} report.handle question fx-psy-v1`);
  });

  it('takes a report from a flashcard to the inbox of its subject with the card\'s front as context', async () => {
    const sent = await student.call('POST', '/reports', { kind: 'flashcard', itemId: 'fx-a-1', message: 'De achterkant mist een voorbeeld.' });
    expect(sent.statusCode, sent.body).toBe(201);
    const report = sent.json<MyReport>();
    // the front as plain text, without its markup
    expect(report).toMatchObject({ kind: 'flashcard', itemId: 'fx-a-1', subjectId: 'fx-kaarten', itemTitle: 'Wat is schaarste?', status: 'open' });

    const inbox = await admin.call('GET', '/studio/subjects/fx-kaarten/reports');
    expect(inbox.statusCode, inbox.body).toBe(200);
    expect(inbox.json<StudioReportList>().reports.map((r) => [r.kind, r.itemId, r.itemTitle, r.message])).toEqual([
      ['flashcard', 'fx-a-1', 'Wat is schaarste?', 'De achterkant mist een voorbeeld.'],
    ]);
    // not in another subject's inbox
    expect((await admin.call('GET', `/studio/subjects/${SUBJECT}/reports`)).json<StudioReportList>().reports.map((r) => r.id)).not.toContain(report.id);

    expect((await admin.call('POST', `/studio/reports/${report.id}/handle`)).statusCode).toBe(200);
    const mine = (await student.call('GET', '/reports')).json<MyReportList>().reports;
    expect(mine.find((r) => r.id === report.id)).toMatchObject({ kind: 'flashcard', status: 'handled', handledAt: expect.any(String) });
  });

  it('shows a student only her own reports, and an author only her subjects\' reports', async () => {
    const sent = (await other.call('POST', '/reports', { kind: 'question', itemId: 'fx-psy-v2', message: 'Het modelantwoord is te kort.' })).json<MyReport>();
    expect((await other.call('GET', '/reports')).json<MyReportList>().reports.map((r) => r.id)).toEqual([sent.id]);
    expect((await student.call('GET', '/reports')).json<MyReportList>().reports.map((r) => r.id)).not.toContain(sent.id);

    // a student, and an author outside the subject, get 404 from the inbox and from handling
    for (const u of [student, other, outsider]) {
      const inbox = await u.call('GET', `/studio/subjects/${SUBJECT}/reports`);
      expect([inbox.statusCode, inbox.json().error]).toEqual([404, 'not_found']);
      expect((await u.call('POST', `/studio/reports/${sent.id}/handle`)).statusCode).toBe(404);
    }
    expect((await author.call('POST', `/studio/reports/${randomUUID()}/handle`)).statusCode).toBe(404);
    // an admin sees every subject's inbox
    expect((await admin.call('GET', `/studio/subjects/${SUBJECT}/reports`)).json<StudioReportList>().reports.map((r) => r.id)).toContain(sent.id);
    // nothing was handled by the refused calls
    expect((await other.call('GET', '/reports')).json<MyReportList>().reports[0]).toMatchObject({ status: 'open' });
  });

  it('refuses a report without text, of an unknown item, or past the daily allowance, with a code', async () => {
    const reporter = await user(ctx.app);
    const short = await reporter.call('POST', '/reports', { kind: 'question', itemId: 'fx-psy-v1', message: ' kort ' });
    expect([short.statusCode, short.json().error]).toEqual([400, 'invalid_request']);
    const kind = await reporter.call('POST', '/reports', { kind: 'picture', itemId: 'fx-psy-v1', message: 'Een fout hier.' });
    expect(kind.statusCode).toBe(400);
    // a question's id is no flashcard
    const card = await reporter.call('POST', '/reports', { kind: 'flashcard', itemId: 'fx-psy-v1', message: 'Een fout hier.' });
    expect([card.statusCode, card.json().error_description]).toEqual([404, 'Deze kaart bestaat niet.']);
    const unknown = await reporter.call('POST', '/reports', { kind: 'question', itemId: 'bestaat-niet', message: 'Een fout hier.' });
    expect([unknown.statusCode, unknown.json().error]).toEqual([404, 'not_found']);
    const anonymous = await ctx.app.inject({ method: 'POST', url: '/api/reports', payload: { kind: 'question', itemId: 'fx-psy-v1', message: 'Een fout hier.' } });
    expect(anonymous.statusCode).toBe(401);

    for (let i = 0; i < REPORTS_PER_DAY; i++) {
      const res = await reporter.call('POST', '/reports', { kind: 'question', itemId: 'fx-psy-v1', message: `Fout nummer ${i + 1}.` });
      expect(res.statusCode, res.body).toBe(201);
    }
    const over = await reporter.call('POST', '/reports', { kind: 'question', itemId: 'fx-psy-v1', message: 'Nog een fout.' });
    expect([over.statusCode, over.json().error]).toEqual([409, 'limit_reached']);
    expect(over.json().error_description).toContain('Morgen');
  });
});
