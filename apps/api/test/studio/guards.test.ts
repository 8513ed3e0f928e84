import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StudioDocument, StudioDraft, StudioMemberList, StudioProblem, StudioQuestion } from '@blok/contract';
import { importContent } from '../../src/content/importer.ts';
import { DIALECTS, createTestApp, signedInUser, type TestApp, type TestContext } from '../helpers.ts';

/** fx-psychologie has list fx-psy-vragen-h1 (fx-psy-v1, fx-psy-v2) and chapters fx-psy-h1..h3; fx-economie and fx-recht have chapters only. */
const LIBRARY_DIR = join(import.meta.dirname, '..', 'fixtures', 'library-courses');

type Method = 'GET' | 'POST' | 'PUT';

async function user(app: TestApp) {
  const u = await signedInUser(app);
  const call = (method: Method, url: string, payload?: unknown) =>
    app.inject({ method, url: `/api/studio${url}`, headers: u.headers, ...(payload === undefined ? {} : { payload: payload as object }) });
  return { ...u, call };
}

const question = (id: string): StudioQuestion => ({
  id,
  kind: 'single',
  text: `Vraag ${id}?`,
  answers: [
    { id: 'a1', text: 'Eerste', correct: true, pinned: false },
    { id: 'a2', text: 'Tweede', correct: false, pinned: false },
  ],
  modelAnswer: '',
  feedback: 'Zo zit het.',
  recommended: false,
});

/** The document with one more list of questions with these ids. */
function withList(doc: StudioDocument, listId: string, questionIds: string[]): StudioDocument {
  const next = structuredClone(doc);
  next.questionLists.push({ id: listId, title: 'Oefenvragen', description: 'Vragen.', answerDisplaying: 2, recommendedQuestions: 1, questions: questionIds.map(question) });
  return next;
}

/** Issue 38: ids another subject owns are named by the checks and never make a publish fail with 500; the last admin stays. */
describe.each(DIALECTS)('the studio’s guards on %s', (dialect) => {
  let ctx: TestContext;
  let admin: Awaited<ReturnType<typeof user>>;
  let editor: Awaited<ReturnType<typeof user>>;

  const draft = async (subjectId: string) => {
    const res = await editor.call('GET', `/subjects/${subjectId}/draft`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<StudioDraft>();
  };

  beforeAll(async () => {
    ctx = await createTestApp(dialect, { REGISTER_RATE_LIMIT_IP: '1000', API_RATE_LIMIT_PER_MINUTE: '100000' });
    await importContent(ctx.handle.db, LIBRARY_DIR, { dialect });
    await importContent(ctx.handle.db, join(import.meta.dirname, '..', 'fixtures', 'flashcards-courses'), { dialect });
    [admin, editor] = await Promise.all([user(ctx.app), user(ctx.app)]);
    await ctx.app.services.studio.setRole(null, admin.email, 'admin');
    expect((await admin.call('PUT', '/roles', { email: editor.email, role: 'editor' })).statusCode).toBe(200);
  });
  afterAll(async () => ctx?.close());

  it('names a question, chapter or card id of another subject in the checks and refuses to submit the draft', async () => {
    const start = (await draft('fx-economie')).document;
    const doc = withList(start, 'fx-eco-vragen', ['fx-eco-v1', 'fx-psy-v1']);
    doc.summaries[0]!.chapters.push({ ...structuredClone(doc.summaries[0]!.chapters[0]!), id: 'fx-psy-h2', title: 'Geleend' });
    doc.flashcardSets.push({ id: 'fx-eco-kaarten', title: 'Kaarten', description: 'Begrippen.', cards: [{ id: 'fx-eco-k1', front: 'Vraag', back: 'Aanbod' }, { id: 'fx-a-1', front: 'Markt', back: 'Plaats' }] });

    const checked = await editor.call('POST', '/subjects/fx-economie/check', { document: doc });
    expect(checked.statusCode, checked.body).toBe(200);
    const problems = checked.json<{ problems: StudioProblem[] }>().problems;
    expect(problems).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ list: 'fx-eco-vragen', question: 'fx-psy-v1', message: 'id fx-psy-v1 hoort al bij vak fx-psychologie; kies een andere id' }),
        expect.objectContaining({ chapter: 'fx-psy-h2', message: 'id fx-psy-h2 hoort al bij vak fx-psychologie; kies een andere id' }),
        expect.objectContaining({ set: 'fx-eco-kaarten', card: 'fx-a-1', field: 'cards.1.id', message: 'id fx-a-1 hoort al bij vak fx-kaarten; kies een andere id' }),
      ]),
    );
    expect(problems, JSON.stringify(problems)).toHaveLength(3);

    const saved = await editor.call('PUT', '/subjects/fx-economie/draft', { document: doc });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<StudioDraft>().problems).toHaveLength(3);
    const refused = await editor.call('POST', '/subjects/fx-economie/submit');
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json()).toMatchObject({ error: 'content_invalid' });
    expect(JSON.stringify(refused.json().fields)).toContain('id fx-psy-v1 hoort al bij vak fx-psychologie');

    // the psychology list is untouched
    const psy = await draft('fx-psychologie');
    expect(psy.document.questionLists[0]!.questions.map((q) => q.id)).toContain('fx-psy-v1');
    // the draft without them goes through
    const fixed = withList(start, 'fx-eco-vragen', ['fx-eco-v1']);
    expect((await editor.call('PUT', '/subjects/fx-economie/draft', { document: fixed })).json<StudioDraft>().problems).toEqual([]);
    expect((await editor.call('POST', '/subjects/fx-economie/submit')).statusCode).toBe(200);
    const published = await editor.call('POST', '/subjects/fx-economie/publish');
    expect(published.statusCode, published.body).toBe(200);
  });

  it('answers 400 content_invalid naming the id, never 500, when another subject took an id after the draft was submitted', async () => {
    // two drafts claim the same new question id; both pass and are submitted
    const recht = withList((await draft('fx-recht')).document, 'fx-recht-vragen', ['fx-gedeeld-v1']);
    const psy = withList((await draft('fx-psychologie')).document, 'fx-psy-vragen-extra', ['fx-gedeeld-v1']);
    for (const [subjectId, doc] of [['fx-recht', recht], ['fx-psychologie', psy]] as const) {
      expect((await editor.call('PUT', `/subjects/${subjectId}/draft`, { document: doc })).json<StudioDraft>().problems).toEqual([]);
      expect((await editor.call('POST', `/subjects/${subjectId}/submit`)).statusCode).toBe(200);
    }
    // the first published takes the id
    expect((await editor.call('POST', '/subjects/fx-recht/publish')).statusCode).toBe(200);
    // the second is refused with the problem, and stays in review to be fixed
    const second = await editor.call('POST', '/subjects/fx-psychologie/publish');
    expect(second.statusCode, second.body).toBe(400);
    expect(second.json()).toMatchObject({ error: 'content_invalid' });
    expect(JSON.stringify(second.json().fields)).toContain('id fx-gedeeld-v1 hoort al bij vak fx-recht');
    const after = await draft('fx-psychologie');
    expect(after.status).toBe('in_review');
    expect(after.release).toBeNull();
    expect(after.problems).toEqual([expect.objectContaining({ list: 'fx-psy-vragen-extra', question: 'fx-gedeeld-v1' })]);
  });

  it('refuses to take the role of the last admin, in the studio and on the command line, with 409', async () => {
    const refused = await admin.call('PUT', '/roles', { email: admin.email, role: 'editor' });
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json()).toEqual({ error: 'last_admin', error_description: 'Dit is de laatste beheerder. Maak eerst iemand anders beheerder.' });
    await expect(ctx.app.services.studio.setRole(null, admin.email, 'student')).rejects.toMatchObject({ code: 'last_admin', statusCode: 409 });
    const members = (await admin.call('GET', '/members')).json<StudioMemberList>().members;
    expect(members.find((m) => m.email === admin.email)?.role).toBe('admin');

    // with a second admin, the first may step down; then the second is the last
    expect((await admin.call('PUT', '/roles', { email: editor.email, role: 'admin' })).statusCode).toBe(200);
    expect((await admin.call('PUT', '/roles', { email: admin.email, role: 'editor' })).statusCode).toBe(200);
    const last = await editor.call('PUT', '/roles', { email: editor.email, role: 'author' });
    expect(last.statusCode).toBe(409);
    expect(last.json().error).toBe('last_admin');
    // giving the last admin her own role again is no change, and allowed
    expect((await editor.call('PUT', '/roles', { email: editor.email, role: 'admin' })).statusCode).toBe(200);
  });
});
