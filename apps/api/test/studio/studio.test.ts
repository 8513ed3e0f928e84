import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditList, StudioDocument, StudioDraft, StudioMemberList, StudioQuestion, StudioSubjectList } from '@blok/contract';
import { exportSubjectFiles } from '../../src/content/exporter.ts';
import { importContent } from '../../src/content/importer.ts';
import { DIALECTS, createTestApp, signedInUser, type TestApp, type TestContext } from '../helpers.ts';
import { contentIdsInject } from '../questions/support.ts';

/** Three subjects; fx-psychologie (psychologie, bachelor 1: the test students' study) has a list and an image. */
const LIBRARY_DIR = join(import.meta.dirname, '..', 'fixtures', 'library-courses');
const SUBJECT = 'fx-psychologie';

type Method = 'GET' | 'POST' | 'PUT';

async function user(app: TestApp) {
  const u = await signedInUser(app);
  const call = (method: Method, url: string, payload?: unknown) =>
    app.inject({ method, url: `/api/studio${url}`, headers: u.headers, ...(payload === undefined ? {} : { payload: payload as object }) });
  const api = (method: Method, url: string, payload?: unknown) => contentIdsInject(app)({ method, url: `/api${url}`, headers: u.headers, ...(payload === undefined ? {} : { payload: payload as object }) });
  return { ...u, call, api };
}

const question = (id: string, kind: StudioQuestion['kind'], overrides: Partial<StudioQuestion> = {}): StudioQuestion => ({
  id,
  kind,
  text: `Vraag ${id}?`,
  answers:
    kind === 'open'
      ? []
      : [
          { id: 'a1', text: 'Eerste', correct: true, pinned: false },
          { id: 'a2', text: 'Tweede', correct: kind === 'multiple', pinned: false },
          { id: 'a3', text: 'Derde', correct: false, pinned: false },
        ],
  modelAnswer: kind === 'open' ? 'Het modelantwoord.' : '',
  feedback: 'Zo zit het.',
  recommended: false,
  ...overrides,
});

/** The document with a new chapter (a table in it) and a new list of three questions, one of each kind. */
function withNewChapter(doc: StudioDocument): StudioDocument {
  const next = structuredClone(doc);
  next.summaries[0]!.chapters.push({
    id: 'fx-psy-h4',
    title: 'Motivatie',
    priority: 2,
    startPage: 51,
    endPage: 60,
    access: 'free',
    questionList: 'fx-psy-vragen-h4',
    markdown: '# Motivatie\n\nWaarom we doen wat we doen.\n\n| Soort | Voorbeeld |\n| --- | --- |\n| Intrinsiek | Nieuwsgierigheid |\n| Extrinsiek | Een beloning |\n',
  });
  next.questionLists.push({
    id: 'fx-psy-vragen-h4',
    title: 'Oefenvragen motivatie',
    description: 'Drie vragen over motivatie.',
    answerDisplaying: 2,
    recommendedQuestions: 3,
    chapter: 'fx-psy-h4',
    questions: [question('fx-psy-m1', 'single'), question('fx-psy-m2', 'multiple'), question('fx-psy-m3', 'open')],
  });
  return next;
}

describe.each(DIALECTS)('the author studio on %s', (dialect) => {
  let ctx: TestContext;
  let admin: Awaited<ReturnType<typeof user>>;
  let editor: Awaited<ReturnType<typeof user>>;
  let author: Awaited<ReturnType<typeof user>>;
  let outsider: Awaited<ReturnType<typeof user>>;
  let student: Awaited<ReturnType<typeof user>>;

  beforeAll(async () => {
    ctx = await createTestApp(dialect, { REGISTER_RATE_LIMIT_IP: '1000', API_RATE_LIMIT_PER_MINUTE: '100000' });
    await importContent(ctx.handle.db, LIBRARY_DIR, { dialect });
    [admin, editor, author, outsider, student] = await Promise.all([user(ctx.app), user(ctx.app), user(ctx.app), user(ctx.app), user(ctx.app)]);
    // the first admin comes from the command line (npm run user:role), which calls this
    await ctx.app.services.studio.setRole(null, admin.email, 'admin');
    for (const [u, role] of [
      [editor, 'editor'],
      [author, 'author'],
      [outsider, 'author'],
    ] as const) {
      const res = await admin.call('PUT', '/roles', { email: u.email, role });
      expect(res.statusCode, res.body).toBe(200);
    }
    const res = await admin.call('PUT', '/assignments', { email: author.email, subjectId: SUBJECT, assigned: true });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ role: 'author', subjects: [SUBJECT] });
  });
  afterAll(async () => ctx?.close());

  it('answers 404 to a student on every studio call, and to an author outside her subjects or her role', async () => {
    const doc = ((await author.call('GET', `/subjects/${SUBJECT}/draft`)).json() as StudioDraft).document;
    const subjectCalls: Array<[Method, string, unknown?]> = [
      ['GET', `/subjects/${SUBJECT}/draft`],
      ['PUT', `/subjects/${SUBJECT}/draft`, { document: doc }],
      ['POST', `/subjects/${SUBJECT}/check`, { document: doc }],
      ['POST', '/preview', { subjectId: SUBJECT, markdown: '# x' }],
      ['POST', `/subjects/${SUBJECT}/submit`],
      ['POST', `/subjects/${SUBJECT}/send-back`, { comment: 'nee' }],
      ['POST', `/subjects/${SUBJECT}/publish`],
      ['GET', `/subjects/${SUBJECT}/releases`],
      ['POST', `/subjects/${SUBJECT}/releases/1/roll-back`],
    ];
    const adminCalls: Array<[Method, string, unknown?]> = [
      ['GET', '/members'],
      ['PUT', '/roles', { email: student.email, role: 'admin' }],
      ['PUT', '/assignments', { email: student.email, subjectId: SUBJECT, assigned: true }],
      ['GET', '/audit'],
    ];
    for (const [method, url, body] of [['GET', '/me'], ['GET', '/subjects'], ...subjectCalls, ...adminCalls] as Array<[Method, string, unknown?]>) {
      const res = await student.call(method, url, body);
      expect([method, url, res.statusCode, res.json().error]).toEqual([method, url, 404, 'not_found']);
    }
    for (const [method, url, body] of [...subjectCalls, ...adminCalls]) {
      const res = await outsider.call(method, url, body);
      expect([method, url, res.statusCode]).toEqual([method, url, 404]);
    }
    // her own subject, but an editor's or an admin's call
    for (const [method, url, body] of [...subjectCalls.slice(5, 7), subjectCalls[8]!, ...adminCalls]) {
      const res = await author.call(method, url, body);
      expect([method, url, res.statusCode]).toEqual([method, url, 404]);
    }
    expect((await outsider.call('GET', '/subjects')).json()).toEqual({ subjects: [] });
    expect((await author.call('GET', '/subjects')).json<StudioSubjectList>().subjects.map((s) => s.id)).toEqual([SUBJECT]);
    expect((await editor.call('GET', '/subjects')).json<StudioSubjectList>().subjects.length).toBe(3);
    expect((await author.call('GET', '/me')).json()).toEqual({ role: 'author', canPublish: false, canAdminister: false });
    expect((await admin.call('GET', '/me')).json()).toEqual({ role: 'admin', canPublish: true, canAdminister: true });
    // nothing was written by any refused call
    expect((await editor.call('GET', `/subjects/${SUBJECT}/draft`)).json()).toMatchObject({ status: 'published', release: null });
  });

  it('takes an author from a new chapter with a table and three questions to a release an editor publishes and a student reads', async () => {
    const start = (await author.call('GET', `/subjects/${SUBJECT}/draft`)).json<StudioDraft>();
    expect(start).toMatchObject({ status: 'published', problems: [], canPublish: false });
    expect(start.document.summaries[0]!.chapters.map((c) => c.id)).toEqual(['fx-psy-h1', 'fx-psy-h2', 'fx-psy-h3']);

    // the preview is the reader's renderer: the table comes out as the reader shows it
    const preview = await author.call('POST', '/preview', { subjectId: SUBJECT, markdown: withNewChapter(start.document).summaries[0]!.chapters[3]!.markdown });
    expect(preview.json().html).toContain('<th scope="col">Soort</th>');
    expect(preview.json().html).toContain('<h2>Motivatie</h2>');

    // a draft with problems is saved, and the checks say where each is
    const broken = withNewChapter(start.document);
    const list = broken.questionLists[1]!;
    list.questions[0]!.feedback = '';
    list.questions[1]!.answers[1]!.correct = false; // a multiple-answer question with one correct answer
    list.questions[2]!.answers = [];
    broken.summaries[0]!.chapters[3]!.title = '<em></em>';
    const checked = (await author.call('POST', `/subjects/${SUBJECT}/check`, { document: broken })).json();
    expect(checked.problems).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ list: 'fx-psy-vragen-h4', question: 'fx-psy-m1', field: 'questions.0.feedback' }),
        expect.objectContaining({ list: 'fx-psy-vragen-h4', question: 'fx-psy-m2', field: 'questions.1.answers' }),
        expect.objectContaining({ chapter: 'fx-psy-h4', field: 'summaries.0.chapters.3.title', message: 'titel is leeg zonder opmaak' }),
      ]),
    );
    const saved = await author.call('PUT', `/subjects/${SUBJECT}/draft`, { document: broken });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ status: 'draft', updatedBy: author.email });
    const refused = await author.call('POST', `/subjects/${SUBJECT}/submit`);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toBe('content_invalid');
    expect(refused.json().fields.length).toBe(checked.problems.length);

    // fixed, submitted, sent back with a comment, resubmitted, published
    const fixed = withNewChapter(start.document);
    expect((await author.call('PUT', `/subjects/${SUBJECT}/draft`, { document: fixed })).json().problems).toEqual([]);
    expect((await author.call('POST', `/subjects/${SUBJECT}/submit`)).json()).toMatchObject({ status: 'in_review' });
    expect((await editor.call('POST', `/subjects/${SUBJECT}/send-back`, { comment: 'Voeg een bron toe.' })).json()).toMatchObject({ status: 'sent_back', comment: 'Voeg een bron toe.' });
    expect((await editor.call('POST', `/subjects/${SUBJECT}/publish`)).statusCode).toBe(409); // not in review
    expect((await author.call('GET', `/subjects/${SUBJECT}/draft`)).json()).toMatchObject({ status: 'sent_back', comment: 'Voeg een bron toe.' });
    fixed.summaries[0]!.chapters[3]!.markdown += '\nBron: Testboek, 2e druk.\n';
    await author.call('PUT', `/subjects/${SUBJECT}/draft`, { document: fixed });
    expect((await author.call('POST', `/subjects/${SUBJECT}/submit`)).json()).toMatchObject({ status: 'in_review', comment: '' });
    const published = await editor.call('POST', `/subjects/${SUBJECT}/publish`);
    expect(published.statusCode, published.body).toBe(200);
    expect(published.json()).toMatchObject({ status: 'published', release: 1 });

    const releases = (await author.call('GET', `/subjects/${SUBJECT}/releases`)).json();
    expect(releases.releases).toEqual([
      expect.objectContaining({ number: 1, publishedBy: editor.email, restoredFrom: null, current: true, changes: ['Hoofdstuk toegevoegd: Motivatie', 'Vragenlijst toegevoegd: Oefenvragen motivatie', '3 vragen toegevoegd'] }),
    ]);

    // a student of the study reads the chapter at once, with its table, and practises its three questions
    const chapter = await student.api('GET', '/summaries/fx-psy-samenvatting/chapters/fx-psy-h4');
    expect(chapter.statusCode, chapter.body).toBe(200);
    expect(chapter.json().html).toContain('<td>Intrinsiek</td>');
    expect(chapter.json().html).toContain('Bron: Testboek, 2e druk.');
    const lists = (await student.api('GET', `/question-lists?subjectId=${SUBJECT}`)).json();
    expect(JSON.stringify(lists)).toContain('fx-psy-vragen-h4');
    const started = await student.api('POST', '/session/fx-psy-vragen-h4/start-all');
    expect(started.statusCode, started.body).toBe(201);
    // the subject's image is kept by the release
    expect((await student.api('GET', `/content/images/${SUBJECT}/fx-diagram.svg`)).statusCode).toBe(200);
  });

  it('keeps her reading position and her answers through a correction, and lists a changed correct answer', async () => {
    const progress = await student.api('PUT', '/summaries/fx-psy-samenvatting/progress', { chapterId: 'fx-psy-h1', position: 0.5 });
    expect(progress.statusCode, progress.body).toBe(200);
    const sessionId = (await student.api('POST', '/session/fx-psy-vragen-h1/start-all')).json().id as string;
    const answered = await student.api('POST', '/question-list/fx-psy-vragen-h1/save-answer', { sessionId, questionId: 'fx-psy-v1', answerId: 'fx-psy-v1-a1' });
    expect(answered.statusCode, answered.body).toBe(200);

    const doc = (await author.call('GET', `/subjects/${SUBJECT}/draft`)).json<StudioDraft>().document;
    const corrected = structuredClone(doc);
    corrected.summaries[0]!.chapters[0]!.markdown += '\nEen extra alinea.\n';
    const q = corrected.questionLists[0]!.questions[0]!;
    q.text = 'Wat bestudeert de psychologie vooral?';
    q.answers[0]!.correct = false;
    q.answers[1]!.correct = true;
    await author.call('PUT', `/subjects/${SUBJECT}/draft`, { document: corrected });
    await author.call('POST', `/subjects/${SUBJECT}/submit`);
    expect((await editor.call('POST', `/subjects/${SUBJECT}/publish`)).json()).toMatchObject({ release: 2 });
    const [latest] = (await editor.call('GET', `/subjects/${SUBJECT}/releases`)).json().releases;
    expect(latest.changes).toEqual(expect.arrayContaining(['Hoofdstuk gewijzigd: Wat is psychologie?', 'Juiste antwoord gewijzigd: vraag fx-psy-v1']));

    const summary = (await student.api('GET', '/summaries/fx-psy-samenvatting')).json();
    expect(JSON.stringify(summary)).toContain('"position":0.5');
    const session = await student.api('GET', `/session/${sessionId}/question/fx-psy-v1`);
    expect(session.statusCode, session.body).toBe(200);
    expect(session.json()).toMatchObject({ questionText: 'Wat bestudeert de psychologie vooral?', userAnswerId: 'fx-psy-v1-a1' });
  });

  it('lets an editor roll a subject back to an earlier release, as a new release', async () => {
    const res = await editor.call('POST', `/subjects/${SUBJECT}/releases/1/roll-back`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ release: 3 });
    const [latest] = (await editor.call('GET', `/subjects/${SUBJECT}/releases`)).json().releases;
    expect(latest).toMatchObject({ number: 3, restoredFrom: 1 });
    expect(latest.changes).toEqual(expect.arrayContaining(['Teruggezet naar release 1', 'Juiste antwoord gewijzigd: vraag fx-psy-v1']));
    const chapter = (await student.api('GET', '/summaries/fx-psy-samenvatting/chapters/fx-psy-h1')).json();
    expect(chapter.html).not.toContain('Een extra alinea.');
    expect((await editor.call('POST', `/subjects/${SUBJECT}/releases/9/roll-back`)).statusCode).toBe(404);
    // the seed on the next start leaves the studio's release alone
    const seed = await importContent(ctx.handle.db, LIBRARY_DIR, { dialect, keepStudioReleases: true });
    expect(seed.subjects.find((s) => s.id === SUBJECT)?.status).toBe('unchanged');
    expect((await student.api('GET', '/summaries/fx-psy-samenvatting/chapters/fx-psy-h4')).statusCode).toBe(200);
  });

  it('logs every change with who and when, readable by admins only', async () => {
    const res = await admin.call('GET', `/audit?subjectId=${SUBJECT}`);
    expect(res.statusCode).toBe(200);
    const entries = res.json<AuditList>().entries;
    const actions = entries.map((e) => `${e.who} ${e.action}`);
    expect(actions).toEqual(
      expect.arrayContaining([
        `${admin.email} assignment.add`,
        `${author.email} draft.save`,
        `${author.email} draft.submit`,
        `${editor.email} draft.send_back`,
        `${editor.email} release.publish`,
        `${editor.email} release.roll_back`,
      ]),
    );
    expect(entries.every((e) => !Number.isNaN(Date.parse(e.at)))).toBe(true);
    const all = (await admin.call('GET', '/audit')).json<AuditList>().entries;
    expect(all.map((e) => `${e.who} ${e.action} ${e.detail}`)).toEqual(expect.arrayContaining([`opdrachtregel role.set ${admin.email}: student -> admin`]));
    const members = (await admin.call('GET', '/members')).json<StudioMemberList>().members;
    expect(members.find((m) => m.email === author.email)).toEqual({ email: author.email, role: 'author', subjects: [SUBJECT] });
    expect((await editor.call('GET', '/audit')).statusCode).toBe(404);
  });

  it('exports a subject to the folder format the importer reads again unchanged (round trip)', async () => {
    const exported = (await exportSubjectFiles(ctx.handle.db, SUBJECT))!;
    const dir = mkdtempSync(join(tmpdir(), 'blok-export-'));
    try {
      const folder = join(dir, SUBJECT);
      for (const [path, text] of exported.files) {
        mkdirSync(dirname(join(folder, path)), { recursive: true });
        writeFileSync(join(folder, path), text);
      }
      for (const [path, data] of exported.images) {
        mkdirSync(dirname(join(folder, path)), { recursive: true });
        writeFileSync(join(folder, path), data);
      }
      const report = await importContent(ctx.handle.db, folder, { dialect, force: true });
      expect(report.subjects).toEqual([expect.objectContaining({ id: SUBJECT, status: 'imported', chapters: 4, questions: 5 })]);
      const again = (await exportSubjectFiles(ctx.handle.db, SUBJECT))!;
      expect(Object.fromEntries(again.files)).toEqual(Object.fromEntries(exported.files));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
