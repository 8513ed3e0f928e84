import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MockExam, MockExamQuestion, SessionOverview, SessionQuestion } from '@blok/contract';
import { importContent } from '../../src/content/importer.ts';
import { DIALECTS, createTestApp, signedInUser, type TestApp, type TestContext } from '../helpers.ts';

// Issue 40, question types beyond multiple choice: a typed answer, a number, an ordering, a matching
// and a cloze, in practice and in a mock exam, graded by the server with @blok/domain/question-types,
// their key never sent before it is revealed, items named by ids of the session's own. Fixture
// fixture-typen: one list (fxq-lijst, chapter fxq-h1) with one question of each type and one choice.

const FIXTURE = join(import.meta.dirname, '..', 'fixtures', 'question-types-courses');
const LIST = 'fxq-lijst';
const OPAQUE = /^[0-9a-f]{16}$/;
/** What would give the key away before it is revealed: an accepted answer, a gap's answer, a content item id. */
// the key 12,5 as a number of its own: not the seconds of a timestamp ("08:58:12.578Z") or part of an id
const SECRETS = [/"mitochondrium"|mitochondriën/, /accepted/, /nucleus/i, /"DNA"|het DNA/, /(?<![\d.a-f])12[,.]5(?!\d)/, /fxq-[a-z]+-[ilr]\d/];

async function page(app: TestApp) {
  const u = await signedInUser(app);
  const call = (method: 'GET' | 'POST', url: string, payload?: object, key?: string) =>
    app.inject({ method, url, headers: { ...u.headers, ...(key ? { 'idempotency-key': key } : {}) }, ...(payload === undefined ? {} : { payload }) });
  const ok = async <T>(method: 'GET' | 'POST', url: string, payload?: object, key?: string): Promise<T> => {
    const res = await call(method, url, payload, key);
    expect(res.statusCode, res.body).toBeLessThan(300);
    return res.json() as T;
  };
  const userId = (await call('GET', '/api/user/profile')).json().id as string;
  return { ...u, userId, call, ok };
}

const byId = (o: { questions: SessionQuestion[] }, id: string) => o.questions.find((q) => q.questionId === id)!;
/** The shown id of an item by its text (what the page knows). */
const item = (items: Array<{ id: string; text: string }>, text: string) => items.find((i) => i.text === text)!.id;
const RIGHT_ORDER = ['Profase', 'Metafase', 'Anafase', 'Telofase'];
const RIGHT_PAIRS: Array<[string, string]> = [
  ['Mitochondrium', 'Energie'],
  ['Ribosoom', 'Eiwitsynthese'],
  ['Kern', 'Erfelijk materiaal'],
];

describe.each(DIALECTS)('question types of issue 40 on %s', (dialect) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp(dialect, { REGISTER_RATE_LIMIT_IP: '1000', API_RATE_LIMIT_PER_MINUTE: '100000' });
    await importContent(ctx.handle.db, FIXTURE, { dialect });
  });
  afterAll(async () => ctx?.close());

  it('imports each type with its key apart from its text: a cloze is stored with blanks', async () => {
    const rows = await ctx.handle.db.selectFrom('questions').select(['id', 'type', 'question_text', 'spec']).where('subject_id', '=', 'fixture-typen').orderBy('sort_index').execute();
    expect(rows.map((r) => r.type)).toEqual(['TYPED', 'NUMERIC', 'ORDERING', 'MATCHING', 'CLOZE', 'SELECT']);
    const cloze = rows.find((r) => r.id === 'fxq-cloze')!;
    expect(cloze.question_text).toBe('Vul de zin aan.\n\nDe [1] bevat het [2].');
    expect(JSON.parse(cloze.spec!)).toMatchObject({ type: 'CLOZE', gaps: [{ accepted: ['kern', 'nucleus'] }, { accepted: ['DNA'] }] });
    expect(JSON.parse(rows[2]!.spec!).items.map((i: { id: string }) => i.id)).toEqual(['fxq-ordering-i1', 'fxq-ordering-i2', 'fxq-ordering-i3', 'fxq-ordering-i4']);
    expect(rows.find((r) => r.id === 'fxq-keuze')!.spec).toBeNull();
  });

  it('sends what is needed to answer, never the key, and items by ids of the session', async () => {
    const s = await page(ctx.app);
    const { id } = await s.ok<{ id: string }>('POST', `/api/session/${LIST}/start-all`, {});
    const res = await s.call('GET', `/api/session/${id}`);
    for (const secret of SECRETS) expect(res.body).not.toMatch(secret);
    const overview = res.json() as SessionOverview;
    const ordering = byId(overview, 'fxq-ordering');
    expect(ordering.type).toBe('ORDERING');
    expect(ordering.interaction!.items.map((i) => i.text).sort()).toEqual([...RIGHT_ORDER].sort());
    expect(ordering.interaction!.items.map((i) => i.text)).not.toEqual(RIGHT_ORDER);
    expect(ordering.interaction!.items.every((i) => OPAQUE.test(i.id))).toBe(true);
    const matching = byId(overview, 'fxq-matching');
    expect(matching.interaction!.items.map((i) => i.text)).toEqual(['Mitochondrium', 'Ribosoom', 'Kern']);
    expect(matching.interaction!.targets.map((i) => i.text).sort()).toEqual(['Eiwitsynthese', 'Energie', 'Erfelijk materiaal', 'Fotosynthese']);
    expect(byId(overview, 'fxq-numeric').interaction).toEqual({ items: [], targets: [], clozeParts: [], unit: '€' });
    expect(byId(overview, 'fxq-cloze').interaction!.clozeParts).toEqual(['De ', ' bevat het ', '.']);
    expect(overview.questions.every((q) => q.expected === null && q.response === null)).toBe(true);

    // another session: other ids for the same items
    const { id: next } = await s.ok<{ id: string }>('POST', `/api/session/${LIST}/start-all`, {});
    const again = await s.ok<SessionOverview>('GET', `/api/session/${next}`);
    const ids = (o: SessionOverview) => byId(o, 'fxq-matching').interaction!.items.map((i) => i.id);
    expect(ids(again)).not.toEqual(ids(overview));
  });

  it('grades each type right on the server, shows the expected answer after answering and records graded evidence', async () => {
    const s = await page(ctx.app);
    const { id } = await s.ok<{ id: string }>('POST', `/api/session/${LIST}/start-all`, {});
    const overview = await s.ok<SessionOverview>('GET', `/api/session/${id}`);
    const save = (questionId: string, answer: object, key?: string) =>
      s.ok<SessionQuestion>('POST', `/api/question-list/${LIST}/save-answer`, { sessionId: id, questionId, ...answer }, key);

    const typed = await save('fxq-typed', { textAnswer: 'Mitochondirum' });
    expect(typed).toMatchObject({ isCorrect: 1, revealed: true, response: { text: 'Mitochondirum' }, expected: { text: 'mitochondrium', typo: true } });

    // the decimal comma and the unit's alias
    const numeric = await save('fxq-numeric', { textAnswer: '12,50 euro' });
    expect(numeric).toMatchObject({ isCorrect: 1, expected: { text: '€ 12,5' } });

    const ordering = byId(overview, 'fxq-ordering').interaction!.items;
    const order = RIGHT_ORDER.map((t) => item(ordering, t));
    const ordered = await save('fxq-ordering', { order });
    expect(ordered).toMatchObject({ isCorrect: 1, response: { order }, expected: { order } });

    const m = byId(overview, 'fxq-matching').interaction!;
    const pairs = RIGHT_PAIRS.map(([l, r]) => ({ left: item(m.items, l), right: item(m.targets, r) }));
    const matched = await save('fxq-matching', { pairs });
    expect(matched.isCorrect).toBe(1);
    expect(matched.expected!.pairs).toEqual(expect.arrayContaining(pairs));

    const cloze = await save('fxq-cloze', { gaps: ['Nucleus', 'dna'] });
    expect(cloze).toMatchObject({ isCorrect: 1, expected: { text: 'De kern bevat het DNA.', gaps: ['kern', 'DNA'], gapsRight: [true, true] } });

    // graded evidence for readiness: practice answers with their score, as a choice's
    const marks = await ctx.handle.db
      .selectFrom('plan_marks')
      .select(['item_id', 'source', 'score', 'state'])
      .where('user_id', '=', s.userId)
      .where('kind', '=', 'question')
      .orderBy('item_id')
      .execute();
    expect(marks.map((mk) => [mk.item_id, mk.source, Number(mk.score)])).toEqual(
      ['fxq-cloze', 'fxq-matching', 'fxq-numeric', 'fxq-ordering', 'fxq-typed'].map((q) => [q, 'practice', 1]),
    );
  });

  it('grades wrong and partly right answers, locks them, and takes a retry of the same answer', async () => {
    const s = await page(ctx.app);
    const { id } = await s.ok<{ id: string }>('POST', `/api/session/${LIST}/start-all`, {});
    const overview = await s.ok<SessionOverview>('GET', `/api/session/${id}`);
    const post = (questionId: string, answer: object, key?: string) =>
      s.call('POST', `/api/question-list/${LIST}/save-answer`, { sessionId: id, questionId, ...answer }, key);

    // a number that is none: 400 invalid_number, nothing stored, she may try again
    const unreadable = await post('fxq-numeric', { textAnswer: 'twaalf' });
    expect(unreadable.statusCode).toBe(400);
    expect(unreadable.json().error).toBe('invalid_number');
    // another unit is wrong; then the question is locked
    expect((await post('fxq-numeric', { textAnswer: '12,5 kg' })).json()).toMatchObject({ isCorrect: 0, expected: { text: '€ 12,5' } });
    expect((await post('fxq-numeric', { textAnswer: '12,5' })).json().error).toBe('answer_locked');

    // one item out of place among four: partly right
    const items = byId(overview, 'fxq-ordering').interaction!.items;
    const oneOff = ['Metafase', 'Anafase', 'Profase', 'Telofase'].map((t) => item(items, t));
    expect((await post('fxq-ordering', { order: oneOff })).json()).toMatchObject({ isCorrect: 2 });
    // the same answer again is a retry; another order is refused
    expect((await post('fxq-ordering', { order: oneOff })).statusCode).toBe(200);
    expect((await post('fxq-ordering', { order: [...oneOff].reverse() })).json().error).toBe('answer_locked');

    const m = byId(overview, 'fxq-matching').interaction!;
    // every item must be paired in practice; a decoy is wrong
    expect((await post('fxq-matching', { pairs: [{ left: item(m.items, 'Kern'), right: item(m.targets, 'Erfelijk materiaal') }] })).statusCode).toBe(400);
    const pairs = [
      { left: item(m.items, 'Mitochondrium'), right: item(m.targets, 'Fotosynthese') },
      { left: item(m.items, 'Ribosoom'), right: item(m.targets, 'Eiwitsynthese') },
      { left: item(m.items, 'Kern'), right: item(m.targets, 'Erfelijk materiaal') },
    ];
    expect((await post('fxq-matching', { pairs })).json()).toMatchObject({ isCorrect: 2 });

    expect((await post('fxq-cloze', { gaps: ['kern', 'RNA'] })).json()).toMatchObject({ isCorrect: 2, expected: { gapsRight: [true, false] } });
    expect((await post('fxq-typed', { textAnswer: 'ribosoom' })).json()).toMatchObject({ isCorrect: 0, expected: { text: 'mitochondrium', typo: false } });

    // a field of another type, and an item of another question, are refused
    const { id: other } = await s.ok<{ id: string }>('POST', `/api/session/${LIST}/start-all`, {});
    const fresh = await s.ok<SessionOverview>('GET', `/api/session/${other}`);
    const wrongField = await s.call('POST', `/api/question-list/${LIST}/save-answer`, { sessionId: other, questionId: 'fxq-typed', gaps: ['x'] });
    expect(wrongField.statusCode).toBe(400);
    const foreign = await s.call('POST', `/api/question-list/${LIST}/save-answer`, {
      sessionId: other,
      questionId: 'fxq-ordering',
      order: byId(overview, 'fxq-ordering').interaction!.items.map((i) => i.id),
    });
    expect(foreign.statusCode).toBe(400);
    expect(byId(fresh, 'fxq-ordering').isCorrect).toBe(-1);
  });

  it('answers each type in a mock exam: kept while open, graded and revealed once handed in', async () => {
    const s = await page(ctx.app);
    const exam = await s.ok<MockExam>('POST', '/api/mock-exams', { subjectId: 'fixture-typen', questionCount: 5 });
    expect(exam.questions).toHaveLength(5);
    const res = await s.call('GET', `/api/mock-exams/${exam.id}`);
    for (const secret of SECRETS) expect(res.body).not.toMatch(secret);
    const answer = (q: MockExamQuestion, body: object) => s.ok<MockExamQuestion>('POST', `/api/mock-exams/${exam.id}/answer`, { position: q.position, ...body });

    const right = new Map<string, number>();
    for (const q of exam.questions) {
      const i = q.interaction;
      let given: MockExamQuestion;
      if (q.type === 'TYPED') given = await answer(q, { textAnswer: 'mitochondrien' });
      else if (q.type === 'NUMERIC') given = await answer(q, { textAnswer: '13' });
      else if (q.type === 'ORDERING') given = await answer(q, { order: RIGHT_ORDER.map((t) => item(i!.items, t)) });
      else if (q.type === 'MATCHING') given = await answer(q, { pairs: [{ left: item(i!.items, 'Kern'), right: item(i!.targets, 'Erfelijk materiaal') }] });
      else if (q.type === 'CLOZE') given = await answer(q, { gaps: ['kern', 'DNA'] });
      else if (q.type === 'SELECT') given = await answer(q, { answerIds: [q.answers[0]!.id] });
      else continue;
      expect(given.status).toBeNull();
      expect(given.expected).toBeNull();
      right.set(q.questionId, q.position);
    }
    // she may change an answer while it is open; an empty one clears it
    const numeric = exam.questions.find((q) => q.type === 'NUMERIC');
    if (numeric) {
      expect((await answer(numeric, { textAnswer: '' })).response).toBeNull();
      expect((await answer(numeric, { textAnswer: '€ 12,50' })).response).toMatchObject({ text: '€ 12,50' });
      const none = await s.call('POST', `/api/mock-exams/${exam.id}/answer`, { position: numeric.position, textAnswer: 'veel' });
      expect(none.json().error).toBe('invalid_number');
    }

    const closed = await s.ok<MockExam>('POST', `/api/mock-exams/${exam.id}/finish`);
    const status = (type: string) => closed.questions.find((q) => q.type === type)?.status;
    const expected = { TYPED: 1, NUMERIC: 1, ORDERING: 1, MATCHING: 0, CLOZE: 1 } as const;
    for (const [type, want] of Object.entries(expected)) {
      const q = closed.questions.find((x) => x.type === type);
      if (!q) continue;
      expect(status(type), type).toBe(want);
      expect(q.expected).not.toBeNull();
    }
    const typed = closed.questions.find((q) => q.type === 'TYPED');
    if (typed) expect(typed.expected).toMatchObject({ text: 'mitochondrium' });

    const marks = await ctx.handle.db.selectFrom('plan_marks').select(['item_id', 'source']).where('user_id', '=', s.userId).where('kind', '=', 'mock').execute();
    expect(marks.filter((mk) => mk.source === 'mock-exam').map((mk) => mk.item_id).sort()).toEqual([...right.keys()].sort());
  });
});
