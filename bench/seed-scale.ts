// Seeds a large population directly with SQL (not through the API: 100 000 argon2 hashes would take
// hours), in big batched transactions, on SQLite or PostgreSQL: students with devices and refresh
// tokens (used ones are never purged), practice sessions holding the saved answers, reading progress,
// chapters read, library changes, flashcard verdicts, sessions, FSRS schedules and review logs, and a
// day of idempotency keys. Every student shares one precomputed password hash. Used by bench/scale.ts.
import { randomUUID } from 'node:crypto';
import { CompiledQuery } from 'kysely';
import { sql, uuidv7, type DatabaseHandle } from '@blok/db';

export interface ScaleOptions {
  students: number;
  answers: number;
  /** an argon2 hash from a student registered through the API: every seeded student shares it */
  passwordHash: string;
  log?: (line: string) => void;
}

export interface ScaleCounts {
  [table: string]: number;
}

/** A tiny deterministic generator, so two runs seed the same spread. */
function random(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const DAY = 86_400_000;

export async function seedScale(handle: DatabaseHandle, options: ScaleOptions): Promise<ScaleCounts> {
  const { db, dialect } = handle;
  const log = options.log ?? (() => undefined);
  const rnd = random(14);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)]!;
  const now = Date.now();
  const past = (maxDays: number) => new Date(now - Math.floor(rnd() * maxDays * DAY)).toISOString();
  const counts: ScaleCounts = {};

  // ---- the content the rows point at
  const questions = await db.selectFrom('questions').select(['id', 'question_list_id', 'subject_id', 'type']).orderBy('question_list_id').orderBy('sort_index').execute();
  const answers = await db.selectFrom('answers').select(['id', 'question_id', 'is_correct']).execute();
  const lists = new Map<string, { id: string; subject: string; questions: string[] }>();
  for (const q of questions) {
    const l = lists.get(q.question_list_id) ?? { id: q.question_list_id, subject: q.subject_id, questions: [] };
    l.questions.push(q.id);
    lists.set(q.question_list_id, l);
  }
  const listArray = [...lists.values()].filter((l) => l.questions.length > 0);
  const answerOf = new Map<string, string>();
  for (const a of answers) if (!answerOf.has(a.question_id) || a.is_correct) answerOf.set(a.question_id, a.id);
  const chapters = await db.selectFrom('chapters').select(['id', 'summary_id', 'subject_id']).execute();
  const cards = await db.selectFrom('flashcards').select(['id', 'flashcard_set_id', 'subject_id']).orderBy('flashcard_set_id').orderBy('sort_index').execute();
  const sets = new Map<string, { id: string; subject: string; cards: string[] }>();
  for (const c of cards) {
    const s = sets.get(c.flashcard_set_id) ?? { id: c.flashcard_set_id, subject: c.subject_id, cards: [] };
    s.cards.push(c.id);
    sets.set(c.flashcard_set_id, s);
  }
  const setArray = [...sets.values()];
  const subjects = (await db.selectFrom('subjects').select('id').execute()).map((s) => s.id);
  if (!listArray.length || !chapters.length) throw new Error('no content: start Blok once (it imports the demo content) before seeding');

  // ---- batched multi-row inserts, one transaction per batch
  const maxParams = 30_000;
  const pending = new Map<string, { columns: string[]; rows: unknown[][] }>();
  async function flush(table: string) {
    const p = pending.get(table);
    if (!p || !p.rows.length) return;
    const perStatement = Math.max(1, Math.min(1000, Math.floor(maxParams / p.columns.length)));
    const cols = p.columns.map((c) => `"${c}"`).join(', ');
    const rows = p.rows;
    p.rows = [];
    await db.transaction().execute(async (trx) => {
      if (dialect === 'postgres') {
        // one parameter per 5000 rows: a JSON array typed by the table's own row type
        for (let i = 0; i < rows.length; i += 5000) {
          const json = JSON.stringify(rows.slice(i, i + 5000).map((r) => Object.fromEntries(p.columns.map((c, k) => [c, r[k]]))));
          await trx.executeQuery(CompiledQuery.raw(`insert into "${table}" (${cols}) select ${cols} from json_populate_recordset(null::"${table}", $1::json)`, [json]));
        }
        return;
      }
      for (let i = 0; i < rows.length; i += perStatement) {
        const chunk = rows.slice(i, i + perStatement);
        const params: unknown[] = [];
        const values = chunk.map((r) => {
          const marks = r.map((v) => {
            params.push(v);
            return '?';
          });
          return `(${marks.join(', ')})`;
        });
        await trx.executeQuery(CompiledQuery.raw(`insert into "${table}" (${cols}) values ${values.join(', ')}`, params));
      }
    });
  }
  async function insert(table: string, row: Record<string, unknown>) {
    let p = pending.get(table);
    if (!p) {
      p = { columns: Object.keys(row), rows: [] };
      pending.set(table, p);
    }
    p.rows.push(p.columns.map((c) => row[c]));
    counts[table] = (counts[table] ?? 0) + 1;
    // all tables at once, in the order they were first written to: parents before their children
    if (p.rows.length >= 20_000) await flushAll();
  }
  async function flushAll() {
    for (const table of pending.keys()) await flush(table);
  }

  if (dialect === 'sqlite') await sql`pragma synchronous = off`.execute(db);
  const started = Date.now();
  const studentIds: string[] = [];
  const hex = (n: number) => n.toString(16).padStart(8, '0');

  // ---- students, devices, refresh tokens, library, reading
  for (let i = 0; i < options.students; i++) {
    const id = uuidv7();
    studentIds.push(id);
    const created = past(400);
    await insert('users', {
      id,
      email: `scale.${i}@example.nl`,
      password_hash: options.passwordHash,
      first_name: 'Student',
      middle_name: '',
      last_name: `${i}`,
      role_id: 1,
      profile_picture_url: '',
      has_subscription: rnd() < 0.15 ? 1 : 0,
      university: 'uva',
      study: 'psychologie',
      year: pick(['bachelor-1', 'bachelor-2', 'bachelor-3']),
      created_at: created,
      updated_at: created,
    });
    // one device, a fifth of them a second one, and an earlier device signed out by a newer login
    const devices = rnd() < 0.2 ? 2 : 1;
    for (let d = 0; d < devices; d++) {
      const deviceRowId = uuidv7();
      const revoked = d === 0 && devices === 2 && rnd() < 0.5;
      await insert('devices', {
        id: deviceRowId,
        user_id: id,
        device_id: `scale-${i}-${d}`,
        user_agent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X)',
        created_at: created,
        last_seen_at: past(30),
        revoked_at: revoked ? past(30) : null,
        revoked_reason: revoked ? 'replaced' : null,
      });
      // a family of rotated tokens: used ones stay, the last is current
      const family = uuidv7();
      const tokens = 1 + Math.floor(rnd() * 4);
      for (let t = 0; t < tokens; t++) {
        await insert('refresh_tokens', {
          id: uuidv7(),
          user_id: id,
          device_row_id: deviceRowId,
          family_id: family,
          token_hash: `scale${hex(i)}${d}${t}${'0'.repeat(40)}`.slice(0, 64),
          created_at: past(30),
          family_expires_at: new Date(now + 20 * DAY).toISOString(),
          used_at: t < tokens - 1 ? past(30) : null,
          revoked_at: revoked ? past(30) : null,
          successor_enc: null,
        });
      }
    }
    if (rnd() < 0.05) await insert('library_entries', { user_id: id, subject_id: pick(subjects), status: pick(['added', 'hidden']), updated_at: past(100) });
    if (rnd() < 0.5) {
      const read = new Set<string>();
      const summaries = new Set<string>();
      for (let k = 0, n = 1 + Math.floor(rnd() * 6); k < n; k++) {
        const c = pick(chapters);
        if (!read.has(c.id)) {
          read.add(c.id);
          await insert('chapter_reads', { user_id: id, chapter_id: c.id, read_at: past(100) });
        }
        if (!summaries.has(c.summary_id)) {
          summaries.add(c.summary_id);
          await insert('reading_progress', { user_id: id, summary_id: c.summary_id, chapter_id: c.id, position: Math.round(rnd() * 100) / 100, updated_at: past(100) });
        }
      }
    }
  }
  await flushAll();
  log(`  students, devices, tokens, reading: ${((Date.now() - started) / 1000).toFixed(0)} s`);

  // ---- practice sessions holding the saved answers: students pick lists unevenly (some practise a lot).
  // Each answer also leaves what the plan keeps of it (issue 39): her mark of the question (one per
  // student and question) and the day's expected grade of the subject (one per student, subject, day).
  let saved = 0;
  const marked = new Set<string>();
  const gradedDays = new Set<string>();
  for (let k = 0; saved < options.answers; k++) {
    const user = studentIds[Math.floor(rnd() ** 2 * studentIds.length)]!;
    const list = pick(listArray);
    const sessionId = uuidv7();
    const finished = rnd() < 0.7;
    const answered = finished ? list.questions.length : Math.floor(rnd() * list.questions.length);
    const created = past(180);
    await insert('question_sessions', {
      id: sessionId,
      user_id: user,
      subject_id: list.subject,
      question_list_id: list.id,
      title: 'Oefensessie',
      show_answers: 1,
      mode: 'all',
      current_index: answered,
      skipped_mode: 0,
      review_index: null,
      created_at: created,
      updated_at: created,
      finished_at: finished ? created : null,
      answer_key: randomUUID().replace(/-/g, ''),
    });
    for (let q = 0; q < list.questions.length; q++) {
      const questionId = list.questions[q]!;
      const isAnswered = q < answered;
      const answerId = answerOf.get(questionId);
      await insert('session_questions', {
        id: uuidv7(),
        session_id: sessionId,
        question_index: q,
        question_id: questionId,
        status: isAnswered ? (rnd() < 0.7 ? 1 : 0) : -1,
        answer_ids: isAnswered && answerId ? JSON.stringify([answerId]) : null,
        text_answer: null,
        answered_at: isAnswered ? created : null,
      });
      if (isAnswered) {
        saved++;
        if (!marked.has(`${user}:${questionId}`)) {
          marked.add(`${user}:${questionId}`);
          const right = rnd() < 0.7;
          await insert('plan_marks', {
            user_id: user,
            kind: 'question',
            item_id: questionId,
            subject_id: list.subject,
            chapter_id: '',
            session_id: sessionId,
            state: right ? 1 : 0,
            previous_state: null,
            stability: null,
            last_review: null,
            source: 'practice',
            score: right ? 1 : 0,
            updated_at: created,
          });
        }
      }
    }
    const day = `${user}:${list.subject}:${created.slice(0, 10)}`;
    if (answered > 0 && !gradedDays.has(day)) {
      gradedDays.add(day);
      const grade = Math.round((4 + rnd() * 4) * 10) / 10;
      await insert('standing_days', { user_id: user, subject_id: list.subject, date: created.slice(0, 10), grade, low: Math.max(1, grade - 1.5), high: Math.min(10, grade + 1.5), graded_answers: answered, updated_at: created });
    }
  }
  await flushAll();
  log(`  practice sessions (${saved} saved answers): ${((Date.now() - started) / 1000).toFixed(0)} s`);

  // ---- flashcards: verdicts for a fifth, a session for a tenth, FSRS for a twentieth
  if (setArray.length) {
    for (let i = 0; i < studentIds.length; i++) {
      const user = studentIds[i]!;
      if (rnd() < 0.2) {
        const set = pick(setArray);
        for (const card of set.cards.slice(0, 15)) await insert('flashcard_knowledge', { user_id: user, flashcard_id: card, known: rnd() < 0.6 ? 1 : 0, updated_at: past(60) });
      }
      if (rnd() < 0.1) {
        const set = pick(setArray);
        const sessionId = uuidv7();
        const at = past(60);
        const done = Math.floor(rnd() * set.cards.length);
        await insert('flashcard_sessions', { id: sessionId, user_id: user, subject_id: set.subject, source: 'set', flashcard_set_id: set.id, title: 'Kaarten', card_order: 'written', first_side: 'front', only_unknown: 0, current_index: done, created_at: at, updated_at: at, finished_at: null });
        for (let p = 0; p < set.cards.length; p++) {
          await insert('flashcard_session_cards', { session_id: sessionId, position: p, flashcard_id: set.cards[p]!, known: p < done ? (rnd() < 0.6 ? 1 : 0) : null, rating: null, answered_at: p < done ? at : null });
        }
      }
      if (rnd() < 0.05) {
        const set = pick(setArray);
        for (const card of set.cards.slice(0, 10)) {
          const reviews = 1 + Math.floor(rnd() * 3);
          await insert('flashcard_schedules', {
            user_id: user,
            flashcard_id: card,
            subject_id: set.subject,
            due: new Date(now + (rnd() - 0.3) * 10 * DAY).toISOString(),
            stability: 3.2,
            difficulty: 5.1,
            elapsed_days: 1,
            scheduled_days: 3,
            learning_steps: 0,
            reps: reviews,
            lapses: 0,
            state: 2,
            last_review: past(10),
            version: reviews,
          });
          for (let r = 0; r < reviews; r++) {
            await insert('flashcard_review_logs', { id: uuidv7(), user_id: user, flashcard_id: card, review_time: now - Math.floor(rnd() * 30 * DAY), review_rating: 1 + Math.floor(rnd() * 4), review_state: 2, review_duration: 4000, time_zone: 'Europe/Amsterdam' });
          }
        }
      }
    }
    await flushAll();
    log(`  flashcards: ${((Date.now() - started) / 1000).toFixed(0)} s`);
  }

  // ---- a day of idempotency keys (kept at least 24 hours): one per command of the last day
  const keys = Math.min(Math.round(options.answers / 5), 200_000);
  for (let i = 0; i < keys; i++) {
    const at = new Date(now - Math.floor(rnd() * DAY)).toISOString();
    await insert('idempotency_keys', {
      // seq: the database numbers them in insert order
      scope: pick(studentIds),
      key: `${hex(i)}-scale-key`,
      fingerprint: `fp${hex(i)}`,
      method: 'POST',
      path: '/api/question-list/x/save-answer',
      state: 'completed',
      locked_until: at,
      response_status: 200,
      response_body: 'json:{}',
      created_at: at,
      completed_at: at,
    });
  }
  await flushAll();
  if (dialect === 'sqlite') await sql`pragma synchronous = full`.execute(db);
  // PostgreSQL: vacuumed and analyzed as autovacuum would leave them, now rather than in the middle of
  // the measurement (an autovacuum of 3 million fresh rows competes for the same 2 cores). SQLite is
  // never analyzed in production (Blok does not run ANALYZE), so it is left without statistics here.
  // Only the tables seeded here, in this schema: the other schemas of the server are not ours.
  if (dialect === 'postgres') for (const table of Object.keys(counts)) await sql`vacuum (analyze) ${sql.table(table)}`.execute(db);
  log(`  idempotency keys${dialect === 'postgres' ? ', vacuum (analyze)' : ''}: ${((Date.now() - started) / 1000).toFixed(0)} s`);
  return counts;
}

/**
 * PostgreSQL: vacuums and analyzes every table of the handle's schema, as autovacuum leaves a database
 * in production. Run on the small and the large database before measuring: CI's PostgreSQL (and this
 * machine's) runs with `autovacuum = off`, so without it the small database had no statistics at all
 * and the large one only on the tables seeded here — two planners working from different information.
 */
export async function analyzeSchema(handle: DatabaseHandle): Promise<number> {
  if (handle.dialect !== 'postgres') return 0;
  const { rows } = await sql<{ table: string }>`select tablename as "table" from pg_tables where schemaname = current_schema() order by 1`.execute(handle.db);
  for (const { table } of rows) await sql`vacuum (analyze) ${sql.table(table)}`.execute(handle.db);
  return rows.length;
}
