import { answerKey, questionSpec } from '@blok/content/checks';
import { clozeBlanks, parseSpec, specKey } from '@blok/domain/question-types';
import type { Executor } from '@blok/db';
import { foreignIds, type ElsewhereQueries, type QuestionsContentWriter } from '../content/writers.ts';

/*
 * The questions' part of the content import (decision 041): a subject's question lists, questions
 * and answers, written on the import's transaction. The importer (content/importer.ts) says when;
 * this file says how.
 */

/** Where each kind of id lives: one query per table, each naming its table (decision 020). */
const ELSEWHERE: ElsewhereQueries = {
  vragenlijst: (db, ids, subjectId) => db.selectFrom('question_lists').select(['id', 'subject_id']).where('id', 'in', ids).where('subject_id', '!=', subjectId).execute(),
  vraag: (db, ids, subjectId) => db.selectFrom('questions').select(['id', 'subject_id']).where('id', 'in', ids).where('subject_id', '!=', subjectId).execute(),
};

/** What makes an answer right: the kind and the set of correct answer ids (an open question: its kind only). */
const correctKey = (type: string, correctIds: string[], spec: string | null = null): string => {
  const parsed = parseSpec(spec);
  return parsed ? specKey(parsed) : `${type}:${[...correctIds].sort().join(',')}`;
};

/** The subject's questions as stored: their answer version, what made an answer right, and their chapter (their list's). */
async function answerVersions(trx: Executor, subjectId: string): Promise<Map<string, { version: number; key: string; chapterId: string | null }>> {
  const questions = await trx
    .selectFrom('questions')
    .leftJoin('question_lists', 'question_lists.id', 'questions.question_list_id')
    .select(['questions.id', 'questions.type', 'questions.answer_version', 'questions.spec', 'question_lists.chapter_id'])
    .where('questions.subject_id', '=', subjectId)
    .execute();
  const correct = await trx
    .selectFrom('answers')
    .innerJoin('questions', 'questions.id', 'answers.question_id')
    .select(['answers.question_id', 'answers.id'])
    .where('questions.subject_id', '=', subjectId)
    .where('answers.is_correct', '=', 1)
    .execute();
  const correctOf = new Map<string, string[]>();
  for (const a of correct) correctOf.set(a.question_id, [...(correctOf.get(a.question_id) ?? []), a.id]);
  return new Map(questions.map((q) => [q.id, { version: q.answer_version, key: correctKey(q.type, correctOf.get(q.id) ?? [], q.spec), chapterId: q.chapter_id ?? null }]));
}

export const questionsContentWriter: QuestionsContentWriter = {
  idsOfOtherSubjects: (db, subjectId, claims) => foreignIds(ELSEWHERE, db, subjectId, claims),

  async write(trx, s) {
    const id = s.manifest.id;
    // Question lists, questions, answers.
    const questionIds: string[] = [];
    const versions = await answerVersions(trx, id);
    const outdatedQuestions: string[] = [];
    for (const list of s.questionLists) {
      const row = {
        subject_id: id,
        title: list.title,
        description: list.description,
        sort_index: list.sortIndex,
        answer_displaying: list.answerDisplaying,
        recommended_questions: list.recommendedQuestions,
        chapter_id: list.chapter ?? null,
      };
      await trx.insertInto('question_lists').values({ id: list.id, ...row }).onConflict((oc) => oc.column('id').doUpdateSet(row)).execute();
      for (const [qi, q] of list.questions.entries()) {
        questionIds.push(q.id);
        const answers = q.type === 'SELECT' ? q.answers : [];
        // An answer's row id is its question's id plus its key (a1 by default): moving an answer
        // in the file while keeping its id keeps the students' picked answers on the same text.
        const answerIds = answers.map((a, ai) => `${q.id}-${answerKey(a, ai)}`);
        const spec = questionSpec(q);
        const specJson = spec ? JSON.stringify(spec) : null;
        const key = correctKey(q.type, answerIds.filter((_, ai) => answers[ai]!.correct), specJson);
        const was = versions.get(q.id);
        // what was built from her answers to it (the plan's aggregates, Voortgang's counts) no longer
        // holds when its answer changed, or when it moved to another chapter (its answers still count, there)
        if (was && (was.key !== key || was.chapterId !== (list.chapter ?? null))) outdatedQuestions.push(q.id);
        const qrow = {
          // a changed correct answer makes earlier answers ones to an earlier version (decision 029)
          answer_version: was ? (was.key === key ? was.version : was.version + 1) : 1,
          question_list_id: list.id,
          subject_id: id,
          sort_index: qi,
          type: q.type,
          // a cloze's text holds its key: stored with numbered blanks, the gaps only in its spec
          question_text: q.type === 'CLOZE' ? `${q.instruction ?? 'Vul de open plekken in.'}\n\n${clozeBlanks(q.text)}` : q.text,
          spec: specJson,
          picture: q.picture ?? null,
          feedback_text: q.feedback,
          feedback_picture: q.feedbackPicture ?? null,
          model_answer: q.type === 'OPEN' ? q.modelAnswer : null,
          recommended: q.recommended ? 1 : 0,
        };
        await trx.insertInto('questions').values({ id: q.id, ...qrow }).onConflict((oc) => oc.column('id').doUpdateSet(qrow)).execute();
        for (const [ai, a] of answers.entries()) {
          const arow = { question_id: q.id, sort_index: ai, answer_text: a.text, is_correct: a.correct ? 1 : 0, pinned: a.pinned ? 1 : 0 };
          await trx.insertInto('answers').values({ id: answerIds[ai]!, ...arow }).onConflict((oc) => oc.column('id').doUpdateSet(arow)).execute();
        }
        let stale = trx.deleteFrom('answers').where('question_id', '=', q.id);
        if (answerIds.length) stale = stale.where('id', 'not in', answerIds);
        await stale.execute();
      }
    }
    // the questions the subject no longer has: removeStale deletes them, their answers no longer count
    const kept = new Set(questionIds);
    for (const old of versions.keys()) if (!kept.has(old)) outdatedQuestions.push(old);
    return { outdatedQuestions };
  },

  async removeStale(trx, s) {
    const id = s.manifest.id;
    const listIds = s.questionLists.map((l) => l.id);
    const questionIds = s.questionLists.flatMap((l) => l.questions.map((q) => q.id));
    let staleQuestions = trx.deleteFrom('questions').where('subject_id', '=', id);
    if (questionIds.length) staleQuestions = staleQuestions.where('id', 'not in', questionIds);
    await staleQuestions.execute();
    let staleLists = trx.deleteFrom('question_lists').where('subject_id', '=', id);
    if (listIds.length) staleLists = staleLists.where('id', 'not in', listIds);
    await staleLists.execute();
  },
};
