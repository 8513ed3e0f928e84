import { QUESTION_TYPE_NAMES, type QuestionList, type QuestionListsResponse, type QuestionListSummary, type QuestionTypeName, type SessionOverview, type SessionQuestion, type UserAnswer } from '@blok/contract';
import { randomInt } from 'node:crypto';
import { MAX_ANSWER_SEED, orderAnswers } from '@blok/domain/answer-order';
import { computeGrade, computeScore, countStatuses } from '@blok/domain/grade';
import { latestListSessions, listProgressOf, NO_LIST_PROGRESS, onePerList, type ListProgress } from '@blok/domain/list-progress';
import { progressOf } from '@blok/domain/navigation';
import { isLocked } from '@blok/domain/status';
import { AppError } from '../errors.ts';
import { contentImageUrl } from '../content/render.ts';
import type { UnitOfWork } from '../write/unit-of-work.ts';
import { AnswerIds, newAnswerKey } from './answer-ids.ts';
import { QuestionsRepository, parseAnswerIds, type QuestionListRow } from './repository.ts';
import {
  isChangedSinceAnswer,
  isRevealed,
  listNotFound,
  loadSession,
  questionAt,
  missingQuestion,
  sessionAnswerIds,
  sessionQuestion,
  shownAnswers,
  shownOrder,
  stateOf,
  stepFrom,
  type SubjectTitleSource,
} from './session-view.ts';

export type { ListProgress } from '@blok/domain/list-progress';

/** A practice session still open, for Home's 'verder studeren' cards. */
export interface OpenSessionCard {
  sessionId: string;
  subjectId: string;
  subjectTitle: string;
  questionListId: string | null;
  title: string;
  progress: number;
  currentIndex: number;
  questionsCount: number;
  updatedAt: string;
}

/**
 * What she reads of her practice: question lists with her standing, a session's overview and its
 * questions, and for other features her standing per list and her open sessions. Nothing here
 * writes (the session actions are session-service.ts); the rules are @blok/domain's.
 */
export class QuestionsReadService {
  constructor(
    private readonly uow: UnitOfWork,
    /** subject titles, asked of the library, which owns the subjects (decision 020) */
    private readonly subjects: SubjectTitleSource,
  ) {}

  /** The repository on the current unit of work's transaction, or on the database for reads. */
  private get repo(): QuestionsRepository {
    return new QuestionsRepository(this.uow.executor);
  }

  // ------------------------------------------------------------------ for other features

  /** Her standing per question list (progress, score, open session; @blok/domain/list-progress), for the library. */
  async listProgress(userId: string, listIds: string[]): Promise<Map<string, ListProgress>> {
    const ids = [...new Set(listIds)];
    if (ids.length === 0) return new Map();
    const repo = this.repo;
    const totals = await repo.questionCounts(ids);
    const answered = await repo.answeredCounts(userId, ids);
    const sessions = await repo.sessionsOfLists(userId, ids);
    const latest = latestListSessions(sessions.map((s) => ({ id: s.id, listId: s.question_list_id!, finished: s.finished_at !== null })));
    const statuses = await repo.statusesOfSessions([...latest.finished.values()]);
    return listProgressOf(ids, { totals, answered, latest, statuses });
  }

  /**
   * Her unfinished practice sessions, most recently used first, one per list: her latest session of
   * a list, and only while it is unfinished (a newer round supersedes it). For Home's continue
   * cards: link to /bibliotheek/questions/{sessionId}/{subjectId}/{questionListId}.
   */
  async openSessions(userId: string, limit: number): Promise<OpenSessionCard[]> {
    const repo = this.repo;
    const picked = onePerList(await repo.unfinishedSessions(userId, limit * 4), (s) => s.question_list_id, limit);
    if (picked.length === 0) return [];
    const ids = picked.map((s) => s.id);
    const [counts, positions] = [await repo.sessionQuestionCounts(ids), await repo.sessionPositions(ids)];
    const titles = await this.subjects.subjectTitles([...new Set(picked.map((s) => s.subject_id))]);
    return picked.map((s) => {
      const questionsCount = counts.get(s.id) ?? 0;
      // current_index is a place; a question a release removed before it no longer counts (decision 029)
      const state = { current: Math.min(positions.get(s.id) ?? 0, questionsCount), skippedMode: s.skipped_mode === 1, reviewIndex: s.review_index };
      return {
        sessionId: s.id,
        subjectId: s.subject_id,
        subjectTitle: titles.get(s.subject_id) ?? '',
        questionListId: s.question_list_id,
        title: s.title,
        progress: progressOf(state, questionsCount),
        currentIndex: state.current,
        questionsCount,
        updatedAt: s.updated_at,
      };
    });
  }

  // ------------------------------------------------------------------ lists

  async questionList(userId: string, listId: string): Promise<QuestionList> {
    const list = await this.repo.findList(listId);
    if (!list) throw listNotFound();
    const [questions, progress] = await Promise.all([this.repo.questionsOfList(list.id), this.listProgress(userId, [list.id])]);
    const answers = await this.repo.answersOf(questions.map((q) => q.id));
    // The answers' state (and order) come from her latest session of the list: a new round supersedes older ones.
    const stateSession = await this.repo.latestSessionOfList(userId, list.id);
    const rows = stateSession ? await this.repo.sessionQuestions(stateSession.id) : [];
    const rowByQuestion = new Map(rows.map((r) => [r.question_id, r]));
    // Answer ids and order as her latest session shows them; before any session, a throwaway key and
    // order of this answer alone (issue 40): neither the ids nor the order give the key away.
    const ids = stateSession ? sessionAnswerIds(stateSession) : new AnswerIds(newAnswerKey());
    const seed = randomInt(1, MAX_ANSWER_SEED + 1);
    return {
      ...listSummary(list, questions.length, progress.get(list.id) ?? NO_LIST_PROGRESS),
      questions: questions.map((q) => {
        const row = rowByQuestion.get(q.id);
        const status = row?.status ?? -1;
        const revealed = stateSession ? isRevealed(stateSession, status) : false;
        return {
          id: q.id,
          topicId: q.question_list_id,
          questionText: q.question_text,
          type: questionTypeName(q.type),
          pictureUrl: q.picture ? contentImageUrl(q.subject_id, q.picture) : null,
          recommended: q.recommended === 1,
          answers: shownAnswers(
            row && stateSession
              ? shownOrder(stateSession, q.id, answers.get(q.id) ?? [])
              : orderAnswers(answers.get(q.id) ?? [], seed, q.id, (a) => a.pinned === 1),
            parseAnswerIds(row?.answer_ids ?? null),
            isLocked(status),
            revealed,
            (id) => ids.toShown(id),
          ),
        };
      }),
    };
  }

  async questionListsOfSubject(userId: string, subjectId: string): Promise<QuestionListsResponse> {
    const subject = await this.subjects.subjectTitle(subjectId);
    if (!subject) throw new AppError('not_found', 'Dit vak bestaat niet.');
    const lists = await this.repo.listsOfSubject(subjectId);
    const ids = lists.map((l) => l.id);
    const [counts, progress] = await Promise.all([this.repo.questionCounts(ids), this.listProgress(userId, ids)]);
    return {
      subjectId: subject.id,
      subjectTitle: subject.title,
      questionLists: lists.map((l) => listSummary(l, counts.get(l.id) ?? 0, progress.get(l.id) ?? NO_LIST_PROGRESS)),
    };
  }

  // ------------------------------------------------------------------ sessions

  async overview(userId: string, sessionId: string): Promise<SessionOverview> {
    const loaded = await loadSession(this.repo, userId, sessionId);
    const { session, rows } = loaded;
    const answers = await this.repo.answersOf(rows.map((r) => r.question_id));
    const ids = sessionAnswerIds(session);
    const questions = rows.map((r, i) => sessionQuestion(session, r, i, answers.get(r.question_id) ?? [], ids));
    // An answer to an earlier version of a changed question counts for nothing, not even as open (decision 029).
    const counts = countStatuses(rows.filter((r) => !isChangedSinceAnswer(r)).map((r) => r.status));
    const step = await stepFrom(this.repo, loaded, stateOf(session, rows), questions);
    return {
      ...step,
      title: session.title,
      subjectId: session.subject_id,
      questionListId: session.question_list_id,
      questionListIds: [...new Set(rows.map((r) => r.question_list_id))],
      mode: session.mode === 'all' ? 'all' : 'recommended',
      showAnswers: session.show_answers === 1,
      createdAt: session.created_at,
      updatedAt: session.updated_at,
      finishedAt: session.finished_at,
      questions,
      userAnswers: rows
        .filter((r) => r.answered_at !== null)
        .map((r): UserAnswer => {
          // a rule-graded answer (issue 40) is the question's `response`
          if (r.spec !== null) return { questionId: r.question_id, answerId: null, answerIds: [], textAnswer: null };
          const picked = parseAnswerIds(r.answer_ids).map((id) => ids.toShown(id));
          return { questionId: r.question_id, answerId: picked[0] ?? null, answerIds: picked, textAnswer: r.text_answer };
        }),
      correctAnswers: counts.correct,
      partialAnswers: counts.partial,
      wrongAnswers: counts.wrong,
      skippedAnswers: counts.skipped,
      reviewAnswers: counts.review,
      unansweredAnswers: counts.unanswered,
      changedAnswers: rows.length - counts.total,
      score: computeScore(counts),
      grade: computeGrade(counts),
    };
  }

  async question(userId: string, sessionId: string, questionId: string): Promise<SessionQuestion> {
    const { session, rows } = await loadSession(this.repo, userId, sessionId);
    const index = rows.findIndex((r) => r.question_id === questionId);
    if (index < 0) throw await missingQuestion(this.repo, questionId);
    return questionAt(this.repo, session, rows, index);
  }
}

/** A stored type as the contract names it (anything unknown is a choice, as before issue 40). */
function questionTypeName(type: string): QuestionTypeName {
  return (QUESTION_TYPE_NAMES as readonly string[]).includes(type) ? (type as QuestionTypeName) : 'SELECT';
}

function listSummary(list: QuestionListRow, total: number, progress: ListProgress): QuestionListSummary {
  return {
    id: list.id,
    title: list.title,
    description: list.description,
    subjectId: list.subject_id,
    sortIndex: list.sort_index,
    answerDisplaying: list.answer_displaying,
    totalQuestions: total,
    recommendedQuestions: Math.min(list.recommended_questions, total),
    chapterId: list.chapter_id,
    progress: progress.progress,
    score: progress.score,
    sessionId: progress.sessionId,
  };
}
