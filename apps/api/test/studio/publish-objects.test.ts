import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse, stringify } from 'yaml';
import type { StudioDraft } from '@blok/contract';
import { importContent } from '../../src/content/importer.ts';
import { DIALECTS, createTestApp, signedInUser, type TestContext } from '../helpers.ts';

/*
 * Decision 041: a publish writes the document's objects, with no YAML text in between. A question
 * text that YAML does not give back as written (a line of blanks: a block scalar keeps the line
 * break and drops the blanks) is stored as she typed it; a publish through YAML would store "\n".
 */

const LIBRARY_DIR = join(import.meta.dirname, '..', 'fixtures', 'library-courses');
const SUBJECT = 'fx-psychologie';
const TEXT = ' \n';

describe.each(DIALECTS)('a studio publish on %s', (dialect) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp(dialect, { REGISTER_RATE_LIMIT_IP: '1000' });
    await importContent(ctx.handle.db, LIBRARY_DIR, { dialect });
  });
  afterAll(async () => ctx?.close());

  it('stores a question text YAML would change, verbatim: the document is never written as YAML', async () => {
    // the premise: YAML's round trip does change this text
    expect(parse(stringify({ text: TEXT }, { lineWidth: 0 })).text).not.toBe(TEXT);

    const editor = await signedInUser(ctx.app);
    await ctx.app.services.studio.setRole(null, editor.email, 'editor');
    const call = (method: 'GET' | 'PUT' | 'POST', url: string, payload?: object) =>
      ctx.app.inject({ method, url: `/api/studio/subjects/${SUBJECT}${url}`, headers: editor.headers, ...(payload ? { payload } : {}) });

    const { document } = (await call('GET', '/draft')).json<StudioDraft>();
    document.questionLists[0]!.questions[0]!.text = TEXT;
    const saved = await call('PUT', '/draft', { document });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<StudioDraft>().problems).toEqual([]);
    expect((await call('POST', '/submit')).statusCode).toBe(200);
    const published = await call('POST', '/publish');
    expect(published.statusCode, published.body).toBe(200);

    const id = document.questionLists[0]!.questions[0]!.id;
    const row = await ctx.handle.db.selectFrom('questions').select('question_text').where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.question_text).toBe(TEXT);
    // and the release the studio keeps is the same document
    expect((await call('GET', '/draft')).json<StudioDraft>().document.questionLists[0]!.questions[0]!.text).toBe(TEXT);
  });
});
