import { ANSWER_DISPLAYING_IN_BETWEEN, type AssessBody, type SaveAnswerBody, type SessionQuestion, type SessionStep, type StartSessionBody } from '@blok/contract';
import { randomInt } from 'node:crypto';
import { MAX_ANSWER_SEED } from '@blok/domain/answer-order';
import { goTo, isAtEnd, moveNext, skip, startReview, type NavigationState } from '@blok/domain/navigation';
import { QUESTION_STATUS, assessmentStatus, canAnswer, evaluateSelect, isLocked } from '@blok/domain/status';
import { AppError } from '../errors.ts';
import type { UnitOfWork } from '../write/unit-of-work.ts';
import type { AnswerEvent, AnswersClearedEvent } from '../write/events.ts';
import type { Executor } from '@blok/db';
import { newAnswerKey } from './answer-ids.ts';
import { gradeResponse, parseSpec } from '@blok/domain/question-types';
import { readResponse } from './rule-answers.ts';
import { QuestionsRepository, parseAnswerIds, type SessionQuestionRow, type SessionRow } from './repository.ts';
import {
  listNotFound,
  loadSession,
  questionAt,
  missingQuestion,
  sessionAnswerIds,
  sessionNotFound,
  stateOf,
  stepFrom,
  storedPlaces,
  type LoadedSession,
  type SubjectTitleSource,
} from './session-view.ts';

/**
 * Whether a stored answer is the one given again (picked ids in any order, or the same text; for
 * the types of issue 40 the same stored answer, an ordering in the same order).
 */
function sameAnswer(row: SessionQuestionRow, answerIds: string[] | null, textAnswer: string | null): boolean {
  if (row.spec !== null) return row.text_answer === textAnswer && row.answer_ids === (answerIds ? JSON.stringify(answerIds) : null);
  if (textAnswer !== null) return (row.text_answer ?? '').trim() === textAnswer;
  const stored = parseAnswerIds(row.answer_ids);
  return answerIds !== null && stored.length === answerIds.length && answerIds.every((id) => stored.includes(id));
}

/** What the questions feature tells the plan (issue 27): each answer, skip and assessment, inside its unit of work. */
export interface AnswerRecorder {
  recordAnswer(tx: Executor, e: AnswerEvent): Promise<void>;
  /** she reset a session or restarted a list: answers that counted were cleared (decision 047) */
  answersCleared?(tx: Executor, e: AnswersClearedEvent): Promise<void>;
}

/**
 * Her actions on practice sessions, each one unit of work: starting, answering, assessing,
 * navigating (a step persists where she is), resetting and restarting a list. Pure rules live in
 * @blok/domain (status, navigation); this class applies them to the repository's rows and answers
 * with the shapes of session-view.ts.
 */
export class QuestionSessionService {
  constructor(
    private readonly uow: UnitOfWork,
    /** subject titles, asked of the library, which owns the subjects (decision 020) */
    private readonly subjects: Pick<SubjectTitleSource, 'subjectTitle'>,
    /** the plan's aggregates, kept current in the answer's transaction (issue 27) */
    private readonly answers?: AnswerRecorder,
  ) {}

  /** Tells the plan about an answer, skip or assessment, in the same transaction (its chapter is the list's). */
  private async tellPlan(userId: string, sessionId: string, row: SessionQuestionRow, status: number): Promise<void> {
    if (!this.answers) return;
    const list = await this.repo.findList(row.question_list_id);
    await this.answers.recordAnswer(this.uow.executor, {
      userId,
      subjectId: row.subject_id,
      chapterId: list?.chapter_id ?? null,
      questionId: row.question_id,
      sessionId,
      status,
      // a self-assessed open answer is hers, not the app's judgement: not evidence of what she knows (decision 035)
      graded: row.type !== 'OPEN',
    });
  }

  /** The repository on the current unit of work's transaction. */
  private get repo(): QuestionsRepository {
    return new QuestionsRepository(this.uow.executor);
  }

  /** Restart: clears the user's answers of the list (DELETE question-list/{id}/answers). */
  restartList(userId: string, listId: string): Promise<null> {
    return this.uow.run(async () => {
      const list = await this.repo.findList(listId);
      if (!list) throw listNotFound();
      await this.repo.deleteListAnswers(userId, list.id);
      await this.answers?.answersCleared?.(this.uow.executor, { userId, subjectId: list.subject_id });
      return null;
    });
  }

  // ------------------------------------------------------------------ start

  /**
   * Starts a session over the list {id} and, optionally, further lists of the same subject.
   * 'recommended' draws per list its recommended questions first, then the others, up to the
   * list's recommendedQuestions; 'all' takes every question. Questions keep the order of the
   * lists and, within a list, their own order.
   */
  start(userId: string, listId: string, mode: 'recommended' | 'all', body: StartSessionBody | undefined): Promise<{ id: string }> {
    return this.uow.run(() => this.startIn(userId, listId, mode, body));
  }

  private async startIn(userId: string, listId: string, mode: 'recommended' | 'all', body: StartSessionBody | undefined): Promise<{ id: string }> {
    const primary = await this.repo.findList(listId);
    if (!primary) throw listNotFound();
    const extraIds = [...new Set((body?.questionListIds ?? []).filter((id) => id !== primary.id))];
    const extra = await this.repo.findLists(extraIds);
    if (extra.length !== extraIds.length) throw listNotFound();
    if (extra.some((l) => l.subject_id !== primary.subject_id)) {
      throw new AppError('invalid_request', 'Je kunt alleen vragenlijsten van hetzelfde vak samen oefenen.');
    }
    const lists = [primary, ...extra].sort((a, b) => a.sort_index - b.sort_index || a.id.localeCompare(b.id));

    const questionIds: string[] = [];
    const recommended = new Set<string>();
    for (const list of lists) {
      const questions = await this.repo.questionsOfList(list.id);
      for (const q of questions) if (q.recommended === 1) recommended.add(q.id);
      if (mode === 'all' || body?.count !== undefined) {
        questionIds.push(...questions.map((q) => q.id));
        continue;
      }
      const ranked = [...questions.filter((q) => q.recommended === 1), ...questions.filter((q) => q.recommended !== 1)];
      const chosen = new Set(ranked.slice(0, Math.max(1, list.recommended_questions)).map((q) => q.id));
      questionIds.push(...questions.filter((q) => chosen.has(q.id)).map((q) => q.id));
    }
    if (questionIds.length === 0) throw new AppError('conflict', 'Deze vragenlijst heeft nog geen vragen.');
    if (body?.count !== undefined && body.count < questionIds.length) questionIds.splice(0, questionIds.length, ...(await this.firstToPractise(userId, questionIds, recommended, body.count)));

    let title = primary.title;
    if (lists.length > 1) {
      const subject = await this.subjects.subjectTitle(primary.subject_id);
      title = `${subject?.title ?? primary.title}: ${lists.length} onderwerpen`;
    }
    const id = await this.repo.createSession({
      userId,
      subjectId: primary.subject_id,
      questionListId: lists.length === 1 ? primary.id : null,
      title,
      showAnswers: body?.showAnswers ?? primary.answer_displaying === ANSWER_DISPLAYING_IN_BETWEEN,
      mode,
      questionIds,
      answerSeed: randomInt(1, MAX_ANSWER_SEED + 1),
      answerKey: newAnswerKey(),
    });
    return { id };
  }

  /**
   * A count (a plan task's "Oefen 6 vragen", issue 39): the questions she has not answered right yet
   * come first, recommended ones first, then the ones she did; `count` of them, in the lists' order.
   */
  private async firstToPractise(userId: string, candidates: readonly string[], recommended: ReadonlySet<string>, count: number): Promise<string[]> {
    const order = new Map(candidates.map((id, i) => [id, i]));
    const right = await this.repo.answeredRight(userId, [...candidates]);
    const rank = (id: string) => (right.has(id) ? 2 : 0) + (recommended.has(id) ? 0 : 1);
    const chosen = new Set([...candidates].sort((a, b) => rank(a) - rank(b) || order.get(a)! - order.get(b)!).slice(0, count));
    return candidates.filter((id) => chosen.has(id));
  }

  // ------------------------------------------------------------------ navigation

  next(userId: string, sessionId: string): Promise<SessionStep> {
    return this.uow.run(() => this.nextIn(userId, sessionId));
  }

  private async nextIn(userId: string, sessionId: string): Promise<SessionStep> {
    const loaded = await loadSession(this.repo, userId, sessionId);
    const statuses = loaded.rows.map((r) => r.status);
    return this.moveTo(loaded, moveNext(statuses, stateOf(loaded.session, loaded.rows)));
  }

  skip(userId: string, sessionId: string): Promise<SessionStep> {
    return this.uow.run(() => this.skipIn(userId, sessionId));
  }

  private async skipIn(userId: string, sessionId: string): Promise<SessionStep> {
    const loaded = await loadSession(this.repo, userId, sessionId);
    const statuses = loaded.rows.map((r) => r.status);
    const result = skip(statuses, stateOf(loaded.session, loaded.rows));
    if (result.skippedIndex !== null) {
      const row = loaded.rows[result.skippedIndex]!;
      await this.repo.markSkipped(row.id);
      row.status = 3;
      await this.tellPlan(userId, loaded.session.id, row, 3);
    }
    return this.moveTo(loaded, result.state);
  }

  previous(userId: string, sessionId: string, index: number): Promise<SessionStep> {
    return this.uow.run(() => this.previousIn(userId, sessionId, index));
  }

  private async previousIn(userId: string, sessionId: string, index: number): Promise<SessionStep> {
    const loaded = await loadSession(this.repo, userId, sessionId);
    if (index >= loaded.rows.length) throw new AppError('not_found', 'Deze vraag bestaat niet in deze sessie.');
    return this.moveTo(loaded, goTo(stateOf(loaded.session, loaded.rows), index));
  }

  review(userId: string, sessionId: string, index: number | undefined): Promise<SessionStep> {
    return this.uow.run(() => this.reviewIn(userId, sessionId, index));
  }

  private async reviewIn(userId: string, sessionId: string, index: number | undefined): Promise<SessionStep> {
    const loaded = await loadSession(this.repo, userId, sessionId);
    const statuses = loaded.rows.map((r) => r.status);
    if (index !== undefined && index >= statuses.length) throw new AppError('not_found', 'Deze vraag bestaat niet in deze sessie.');
    const state = startReview(statuses, stateOf(loaded.session, loaded.rows), index);
    if (!state) throw new AppError('answer_locked', 'Deze vraag is al beantwoord.');
    return this.moveTo(loaded, state);
  }

  reset(userId: string, sessionId: string): Promise<SessionStep> {
    return this.uow.run(() => this.resetIn(userId, sessionId));
  }

  private async resetIn(userId: string, sessionId: string): Promise<SessionStep> {
    const { session } = await loadSession(this.repo, userId, sessionId);
    await this.repo.resetSession(session.id);
    await this.answers?.answersCleared?.(this.uow.executor, { userId, subjectId: session.subject_id });
    const reloaded = await loadSession(this.repo, userId, sessionId);
    return stepFrom(this.repo, reloaded, stateOf(reloaded.session, reloaded.rows));
  }

  // ------------------------------------------------------------------ answering

  /**
   * Stores her answer; the question is then locked. The same answer again (a retry) answers the
   * question as it stands; another answer to a locked question is 409 answer_locked.
   */
  saveAnswer(userId: string, listId: string, body: SaveAnswerBody): Promise<SessionQuestion> {
    return this.uow.run(() => this.saveAnswerIn(userId, listId, body));
  }

  private async saveAnswerIn(userId: string, listId: string, body: SaveAnswerBody): Promise<SessionQuestion> {
    let session: SessionRow | undefined;
    if (body.sessionId) {
      session = await this.repo.findSession(body.sessionId, userId);
      if (!session) throw sessionNotFound();
    } else {
      const list = await this.repo.findList(listId);
      if (!list) throw listNotFound();
      session = await this.repo.latestSessionOfList(userId, list.id);
      if (!session) throw new AppError('not_found', 'Je hebt nog geen sessie voor deze vragenlijst. Start eerst met oefenen.');
    }
    const rows = await this.repo.sessionQuestions(session.id);
    const index = rows.findIndex((r) => r.question_id === body.questionId);
    if (index < 0) throw await missingQuestion(this.repo, body.questionId);
    const row = rows[index]!;
    if (row.question_list_id !== listId) throw new AppError('not_found', 'Deze vraag hoort niet bij deze vragenlijst.');

    let status: number;
    let answerIds: string[] | null = null;
    let textAnswer: string | null = null;
    const spec = parseSpec(row.spec);
    if (spec) {
      // typed, numeric, ordering, matching, cloze (issue 40): graded by its rule, stored in content ids
      const read = readResponse(spec, body, sessionAnswerIds(session), true)!;
      status = gradeResponse(spec, read.response).status;
      ({ answerIds, textAnswer } = read.stored);
    } else if (body.order !== undefined || body.pairs !== undefined || body.gaps !== undefined) {
      throw new AppError('invalid_request', 'Dit antwoord past niet bij deze vraag.');
    } else if (row.type === 'OPEN') {
      if (body.answerId !== undefined || body.answerIds !== undefined) {
        throw new AppError('invalid_request', 'Bij een open vraag geef je een tekstantwoord.');
      }
      textAnswer = body.textAnswer?.trim() ?? '';
      if (textAnswer === '') throw new AppError('invalid_request', 'Vul je antwoord in.');
      status = 4;
    } else {
      if (body.textAnswer !== undefined) throw new AppError('invalid_request', 'Kies bij deze vraag een antwoord.');
      const shown = [...new Set([...(body.answerId ? [body.answerId] : []), ...(body.answerIds ?? [])])];
      if (shown.length === 0) throw new AppError('invalid_request', 'Kies een antwoord.');
      const options = (await this.repo.answersOf([row.question_id])).get(row.question_id) ?? [];
      // the page names answers by the session's own ids (issue 40): back to the content's
      const picked = sessionAnswerIds(session).toContent(shown, options.map((a) => a.id));
      if (!picked) throw new AppError('invalid_request', 'Dit antwoord hoort niet bij deze vraag.');
      const correct = options.filter((a) => a.is_correct === 1).map((a) => a.id);
      if (correct.length <= 1 && picked.length > 1) throw new AppError('invalid_request', 'Bij deze vraag kies je één antwoord.');
      status = evaluateSelect(picked, correct);
      answerIds = picked;
    }

    if (!canAnswer(row.status) || !(await this.repo.saveAnswer(row.id, status, answerIds, textAnswer, row.current_version))) {
      // Locked, maybe by a concurrent save of this very answer: the same answer is a retry.
      const current = (await this.repo.sessionQuestions(session.id))[index]!;
      if (isLocked(current.status) && sameAnswer(current, answerIds, textAnswer)) {
        rows[index] = current;
        return questionAt(this.repo, session, rows, index);
      }
      throw new AppError('answer_locked', 'Deze vraag is al beantwoord; je antwoord staat vast.');
    }
    await this.repo.touch(session.id);
    await this.tellPlan(userId, session.id, row, status);
    Object.assign(row, {
      status,
      answer_ids: answerIds ? JSON.stringify(answerIds) : null,
      text_answer: textAnswer,
      answered_at: new Date().toISOString(),
      answer_version: row.current_version,
    });
    return questionAt(this.repo, session, rows, index);
  }

  assess(userId: string, sessionId: string, body: AssessBody): Promise<SessionQuestion> {
    return this.uow.run(() => this.assessIn(userId, sessionId, body));
  }

  private async assessIn(userId: string, sessionId: string, body: AssessBody): Promise<SessionQuestion> {
    const { session, rows } = await loadSession(this.repo, userId, sessionId);
    const index = rows.findIndex((r) => r.question_id === body.questionId);
    if (index < 0) throw await missingQuestion(this.repo, body.questionId);
    const row = rows[index]!;
    if (row.status !== QUESTION_STATUS.review) {
      if (isLocked(row.status)) throw new AppError('answer_locked', 'Deze vraag is al beoordeeld.');
      throw new AppError('conflict', 'Beantwoord deze vraag eerst; daarna beoordeel je je antwoord.');
    }
    const status = assessmentStatus(body.result);
    if (!(await this.repo.assess(row.id, status))) throw new AppError('answer_locked', 'Deze vraag is al beoordeeld.');
    await this.repo.touch(session.id);
    await this.tellPlan(userId, session.id, row, status);
    row.status = status;
    return questionAt(this.repo, session, rows, index);
  }

  /** Persists a new navigation state (the first arrival at the end finishes the session) and answers the step. */
  private async moveTo(loaded: LoadedSession, state: NavigationState): Promise<SessionStep> {
    const { session, rows } = loaded;
    const patch = {
      ...storedPlaces(state, rows),
      skipped_mode: state.skippedMode ? 1 : 0,
      ...(isAtEnd(state, rows.length) && session.finished_at === null ? { finished_at: new Date().toISOString() } : {}),
    };
    // A step that changes nothing (next at the end, say) writes nothing: a GET stays a read.
    const unchanged =
      session.current_index === patch.current_index && session.skipped_mode === patch.skipped_mode && session.review_index === patch.review_index && !('finished_at' in patch);
    if (!unchanged) {
      await this.repo.updateSessionState(session.id, patch);
      Object.assign(session, patch);
    }
    return stepFrom(this.repo, loaded, state);
  }
}
