import {
  ANSWER_DISPLAYING_IN_BETWEEN,
  type Answer,
  type AssessBody,
  type QuestionList,
  type QuestionListsResponse,
  type QuestionListSummary,
  type SaveAnswerBody,
  type SessionOverview,
  type SessionQuestion,
  type SessionStep,
  type StartSessionBody,
  type UserAnswer,
} from '@blok/contract';
import { randomInt } from 'node:crypto';
import { AppError } from '../errors.ts';
import { contentImageUrl } from '../content/render.ts';
import { MAX_ANSWER_SEED, orderAnswers } from '@blok/domain/answer-order';
import { computeGrade, computeScore, countStatuses } from '@blok/domain/grade';
import { goTo, isAtEnd, moveNext, progressOf, skip, startReview, type NavigationState } from '@blok/domain/navigation';
import { UnitOfWork } from '../write/unit-of-work.ts';
import {
  QuestionsRepository,
  parseAnswerIds,
  type AnswerRow,
  type QuestionListRow,
  type OpenSessionCard,
  type SessionQuestionRow,
  type SessionRow,
  type ListProgress,
} from './repository.ts';
import { QUESTION_STATUS, assessmentStatus, canAnswer, evaluateSelect, isLocked } from '@blok/domain/status';

const NO_PROGRESS: ListProgress = { progress: 0, score: null, sessionId: null };

const listNotFound = () => new AppError('not_found', 'Deze vragenlijst bestaat niet.');
const sessionNotFound = () => new AppError('not_found', 'Deze sessie bestaat niet.');
const questionNotInSession = () => new AppError('not_found', 'Deze vraag hoort niet bij deze sessie.');

/** A session with its questions, loaded for one request. */
interface LoadedSession {
  session: SessionRow;
  rows: SessionQuestionRow[];
}

/** The evaluation may be shown once the question is answered, and answers show in between or the results were reached. */
function isRevealed(session: SessionRow, status: number): boolean {
  return isLocked(status) && (session.show_answers === 1 || session.finished_at !== null);
}

/** Whether a stored answer is the one given again (picked ids in any order, or the same text). */
function sameAnswer(row: SessionQuestionRow, answerIds: string[] | null, textAnswer: string | null): boolean {
  if (textAnswer !== null) return (row.text_answer ?? '').trim() === textAnswer;
  const stored = parseAnswerIds(row.answer_ids);
  return answerIds !== null && stored.length === answerIds.length && answerIds.every((id) => stored.includes(id));
}

/**
 * A question's answers in the order this session shows them (seeded by the session, pinned answers
 * at their written place; decision 006). Every answer the API sends follows it, so the letters A to
 * T are the same on every call, device and screen.
 */
function shownOrder(session: SessionRow, questionId: string, options: AnswerRow[]): AnswerRow[] {
  return orderAnswers(options, session.answer_seed, questionId, (a) => a.pinned === 1);
}

function stateOf(session: SessionRow, total: number): NavigationState {
  return { current: Math.min(Math.max(0, session.current_index), total), skippedMode: session.skipped_mode === 1, reviewIndex: session.review_index };
}

/** What the questions feature needs of the library: subject titles. */
export interface SubjectTitleSource {
  subjectTitle(id: string): Promise<{ id: string; title: string } | undefined>;
  subjectTitles(ids: string[]): Promise<Map<string, string>>;
}

/**
 * Practice sessions: starting, answering, navigating, results. Pure rules live in grade.ts,
 * status.ts and navigation.ts; this class applies them to the repository's rows and shapes the
 * contract's answers.
 */
export class QuestionsService {
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

  /** Her standing per question list (progress, score, open session), for the library. */
  listProgress(userId: string, listIds: string[]): Promise<Map<string, ListProgress>> {
    return this.repo.listProgress(userId, listIds);
  }

  /** Her open practice sessions, most recent first, for Home's continue cards. */
  async openSessions(userId: string, limit: number): Promise<OpenSessionCard[]> {
    const cards = await this.repo.openSessions(userId, limit);
    if (cards.length === 0) return [];
    const titles = await this.subjects.subjectTitles([...new Set(cards.map((c) => c.subjectId))]);
    return cards.map((c) => ({ ...c, subjectTitle: titles.get(c.subjectId) ?? '' }));
  }

  // ------------------------------------------------------------------ lists

  async questionList(userId: string, listId: string): Promise<QuestionList> {
    const list = await this.repo.findList(listId);
    if (!list) throw listNotFound();
    const [questions, progress] = await Promise.all([this.repo.questionsOfList(list.id), this.repo.listProgress(userId, [list.id])]);
    const answers = await this.repo.answersOf(questions.map((q) => q.id));
    // The answers' state (and order) come from her latest session of the list: a new round supersedes older ones.
    const stateSession = await this.repo.latestSessionOfList(userId, list.id);
    const rows = stateSession ? await this.repo.sessionQuestions(stateSession.id) : [];
    const rowByQuestion = new Map(rows.map((r) => [r.question_id, r]));
    return {
      ...this.listSummary(list, questions.length, progress.get(list.id) ?? NO_PROGRESS),
      questions: questions.map((q) => {
        const row = rowByQuestion.get(q.id);
        const status = row?.status ?? -1;
        const revealed = stateSession ? isRevealed(stateSession, status) : false;
        return {
          id: q.id,
          topicId: q.question_list_id,
          questionText: q.question_text,
          type: q.type === 'OPEN' ? ('OPEN' as const) : ('SELECT' as const),
          pictureUrl: q.picture ? contentImageUrl(q.subject_id, q.picture) : null,
          recommended: q.recommended === 1,
          answers: this.answers(
            row && stateSession ? shownOrder(stateSession, q.id, answers.get(q.id) ?? []) : (answers.get(q.id) ?? []),
            parseAnswerIds(row?.answer_ids ?? null),
            isLocked(status),
            revealed,
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
    const [counts, progress] = await Promise.all([this.repo.questionCounts(ids), this.repo.listProgress(userId, ids)]);
    return {
      subjectId: subject.id,
      subjectTitle: subject.title,
      questionLists: lists.map((l) => this.listSummary(l, counts.get(l.id) ?? 0, progress.get(l.id) ?? NO_PROGRESS)),
    };
  }

  private listSummary(list: QuestionListRow, total: number, progress: ListProgress): QuestionListSummary {
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

  /** Restart: clears the user's answers of the list (DELETE question-list/{id}/answers). */
  restartList(userId: string, listId: string): Promise<null> {
    return this.uow.run(async () => {
      const list = await this.repo.findList(listId);
      if (!list) throw listNotFound();
      await this.repo.deleteListAnswers(userId, list.id);
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
    for (const list of lists) {
      const questions = await this.repo.questionsOfList(list.id);
      if (mode === 'all') {
        questionIds.push(...questions.map((q) => q.id));
        continue;
      }
      const ranked = [...questions.filter((q) => q.recommended === 1), ...questions.filter((q) => q.recommended !== 1)];
      const chosen = new Set(ranked.slice(0, Math.max(1, list.recommended_questions)).map((q) => q.id));
      questionIds.push(...questions.filter((q) => chosen.has(q.id)).map((q) => q.id));
    }
    if (questionIds.length === 0) throw new AppError('conflict', 'Deze vragenlijst heeft nog geen vragen.');

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
    });
    return { id };
  }

  // ------------------------------------------------------------------ reading

  async overview(userId: string, sessionId: string): Promise<SessionOverview> {
    const loaded = await this.load(userId, sessionId);
    const { session, rows } = loaded;
    const answers = await this.repo.answersOf(rows.map((r) => r.question_id));
    const questions = rows.map((r, i) => this.sessionQuestion(session, r, i, answers.get(r.question_id) ?? []));
    const counts = countStatuses(rows.map((r) => r.status));
    const step = await this.stepFrom(loaded, stateOf(session, rows.length), questions);
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
          const ids = parseAnswerIds(r.answer_ids);
          return { questionId: r.question_id, answerId: ids[0] ?? null, answerIds: ids, textAnswer: r.text_answer };
        }),
      correctAnswers: counts.correct,
      partialAnswers: counts.partial,
      wrongAnswers: counts.wrong,
      skippedAnswers: counts.skipped,
      reviewAnswers: counts.review,
      unansweredAnswers: counts.unanswered,
      score: computeScore(counts),
      grade: computeGrade(counts),
    };
  }

  async question(userId: string, sessionId: string, questionId: string): Promise<SessionQuestion> {
    const { session, rows } = await this.load(userId, sessionId);
    const index = rows.findIndex((r) => r.question_id === questionId);
    if (index < 0) throw questionNotInSession();
    return this.questionAt(session, rows, index);
  }

  // ------------------------------------------------------------------ navigation

  next(userId: string, sessionId: string): Promise<SessionStep> {
    return this.uow.run(() => this.nextIn(userId, sessionId));
  }

  private async nextIn(userId: string, sessionId: string): Promise<SessionStep> {
    const loaded = await this.load(userId, sessionId);
    const statuses = loaded.rows.map((r) => r.status);
    return this.moveTo(loaded, moveNext(statuses, stateOf(loaded.session, statuses.length)));
  }

  skip(userId: string, sessionId: string): Promise<SessionStep> {
    return this.uow.run(() => this.skipIn(userId, sessionId));
  }

  private async skipIn(userId: string, sessionId: string): Promise<SessionStep> {
    const loaded = await this.load(userId, sessionId);
    const statuses = loaded.rows.map((r) => r.status);
    const result = skip(statuses, stateOf(loaded.session, statuses.length));
    if (result.skippedIndex !== null) {
      const row = loaded.rows[result.skippedIndex]!;
      await this.repo.markSkipped(row.id);
      row.status = 3;
    }
    return this.moveTo(loaded, result.state);
  }

  previous(userId: string, sessionId: string, index: number): Promise<SessionStep> {
    return this.uow.run(() => this.previousIn(userId, sessionId, index));
  }

  private async previousIn(userId: string, sessionId: string, index: number): Promise<SessionStep> {
    const loaded = await this.load(userId, sessionId);
    if (index >= loaded.rows.length) throw new AppError('not_found', 'Deze vraag bestaat niet in deze sessie.');
    return this.moveTo(loaded, goTo(stateOf(loaded.session, loaded.rows.length), index));
  }

  review(userId: string, sessionId: string, index: number | undefined): Promise<SessionStep> {
    return this.uow.run(() => this.reviewIn(userId, sessionId, index));
  }

  private async reviewIn(userId: string, sessionId: string, index: number | undefined): Promise<SessionStep> {
    const loaded = await this.load(userId, sessionId);
    const statuses = loaded.rows.map((r) => r.status);
    if (index !== undefined && index >= statuses.length) throw new AppError('not_found', 'Deze vraag bestaat niet in deze sessie.');
    const state = startReview(statuses, stateOf(loaded.session, statuses.length), index);
    if (!state) throw new AppError('answer_locked', 'Deze vraag is al beantwoord.');
    return this.moveTo(loaded, state);
  }

  reset(userId: string, sessionId: string): Promise<SessionStep> {
    return this.uow.run(() => this.resetIn(userId, sessionId));
  }

  private async resetIn(userId: string, sessionId: string): Promise<SessionStep> {
    const { session } = await this.load(userId, sessionId);
    await this.repo.resetSession(session.id);
    const reloaded = await this.load(userId, sessionId);
    return this.stepFrom(reloaded, stateOf(reloaded.session, reloaded.rows.length));
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
    if (index < 0) throw questionNotInSession();
    const row = rows[index]!;
    if (row.question_list_id !== listId) throw new AppError('not_found', 'Deze vraag hoort niet bij deze vragenlijst.');

    let status: number;
    let answerIds: string[] | null = null;
    let textAnswer: string | null = null;
    if (row.type === 'OPEN') {
      if (body.answerId !== undefined || body.answerIds !== undefined) {
        throw new AppError('invalid_request', 'Bij een open vraag geef je een tekstantwoord.');
      }
      textAnswer = body.textAnswer?.trim() ?? '';
      if (textAnswer === '') throw new AppError('invalid_request', 'Vul je antwoord in.');
      status = 4;
    } else {
      if (body.textAnswer !== undefined) throw new AppError('invalid_request', 'Kies bij deze vraag een antwoord.');
      const picked = [...new Set([...(body.answerId ? [body.answerId] : []), ...(body.answerIds ?? [])])];
      if (picked.length === 0) throw new AppError('invalid_request', 'Kies een antwoord.');
      const options = (await this.repo.answersOf([row.question_id])).get(row.question_id) ?? [];
      const optionIds = new Set(options.map((a) => a.id));
      if (picked.some((id) => !optionIds.has(id))) throw new AppError('invalid_request', 'Dit antwoord hoort niet bij deze vraag.');
      const correct = options.filter((a) => a.is_correct === 1).map((a) => a.id);
      if (correct.length <= 1 && picked.length > 1) throw new AppError('invalid_request', 'Bij deze vraag kies je één antwoord.');
      status = evaluateSelect(picked, correct);
      answerIds = picked;
    }

    if (!canAnswer(row.status) || !(await this.repo.saveAnswer(row.id, status, answerIds, textAnswer))) {
      // Locked, maybe by a concurrent save of this very answer: the same answer is a retry.
      const current = (await this.repo.sessionQuestions(session.id))[index]!;
      if (isLocked(current.status) && sameAnswer(current, answerIds, textAnswer)) {
        rows[index] = current;
        return this.questionAt(session, rows, index);
      }
      throw new AppError('answer_locked', 'Deze vraag is al beantwoord; je antwoord staat vast.');
    }
    await this.repo.touch(session.id);
    Object.assign(row, { status, answer_ids: answerIds ? JSON.stringify(answerIds) : null, text_answer: textAnswer, answered_at: new Date().toISOString() });
    return this.questionAt(session, rows, index);
  }

  assess(userId: string, sessionId: string, body: AssessBody): Promise<SessionQuestion> {
    return this.uow.run(() => this.assessIn(userId, sessionId, body));
  }

  private async assessIn(userId: string, sessionId: string, body: AssessBody): Promise<SessionQuestion> {
    const { session, rows } = await this.load(userId, sessionId);
    const index = rows.findIndex((r) => r.question_id === body.questionId);
    if (index < 0) throw questionNotInSession();
    const row = rows[index]!;
    if (row.status !== QUESTION_STATUS.review) {
      if (isLocked(row.status)) throw new AppError('answer_locked', 'Deze vraag is al beoordeeld.');
      throw new AppError('conflict', 'Beantwoord deze vraag eerst; daarna beoordeel je je antwoord.');
    }
    const status = assessmentStatus(body.result);
    if (!(await this.repo.assess(row.id, status))) throw new AppError('answer_locked', 'Deze vraag is al beoordeeld.');
    await this.repo.touch(session.id);
    row.status = status;
    return this.questionAt(session, rows, index);
  }

  // ------------------------------------------------------------------ shaping

  private async load(userId: string, sessionId: string): Promise<LoadedSession> {
    const session = await this.repo.findSession(sessionId, userId);
    if (!session) throw sessionNotFound();
    return { session, rows: await this.repo.sessionQuestions(session.id) };
  }

  /** Persists a new navigation state (the first arrival at the end finishes the session) and answers the step. */
  private async moveTo(loaded: LoadedSession, state: NavigationState): Promise<SessionStep> {
    const { session, rows } = loaded;
    const patch = {
      current_index: state.current,
      skipped_mode: state.skippedMode ? 1 : 0,
      review_index: state.reviewIndex,
      ...(isAtEnd(state, rows.length) && session.finished_at === null ? { finished_at: new Date().toISOString() } : {}),
    };
    // A step that changes nothing (next at the end, say) writes nothing: a GET stays a read.
    const unchanged =
      session.current_index === patch.current_index && session.skipped_mode === patch.skipped_mode && session.review_index === patch.review_index && !('finished_at' in patch);
    if (!unchanged) {
      await this.repo.updateSessionState(session.id, patch);
      Object.assign(session, patch);
    }
    return this.stepFrom(loaded, state);
  }

  private async questionAt(session: SessionRow, rows: SessionQuestionRow[], index: number): Promise<SessionQuestion> {
    const row = rows[index]!;
    const answers = await this.repo.answersOf([row.question_id]);
    return this.sessionQuestion(session, row, index, answers.get(row.question_id) ?? []);
  }

  private async stepFrom(loaded: LoadedSession, state: NavigationState, prepared?: SessionQuestion[]): Promise<SessionStep> {
    const { session, rows } = loaded;
    const total = rows.length;
    const atEnd = isAtEnd(state, total);
    const question = atEnd ? null : (prepared?.[state.current] ?? (await this.questionAt(session, rows, state.current)));
    return {
      sessionId: session.id,
      currentIndex: atEnd ? total : state.current,
      questionsCount: total,
      progress: progressOf(state, total),
      skippedMode: state.skippedMode,
      reviewIndex: state.reviewIndex,
      finished: atEnd,
      question,
    };
  }

  private sessionQuestion(session: SessionRow, row: SessionQuestionRow, index: number, written: AnswerRow[]): SessionQuestion {
    const options = shownOrder(session, row.question_id, written);
    const picked = parseAnswerIds(row.answer_ids);
    const locked = isLocked(row.status);
    const revealed = isRevealed(session, row.status);
    const isOpen = row.type === 'OPEN';
    return {
      id: row.id,
      sessionId: session.id,
      questionIndex: index,
      questionId: row.question_id,
      questionListId: row.question_list_id,
      questionText: row.question_text,
      pictureUrl: row.picture ? contentImageUrl(row.subject_id, row.picture) : null,
      type: isOpen ? 'OPEN' : 'SELECT',
      multipleAnswers: options.filter((a) => a.is_correct === 1).length > 1,
      answers: this.answers(options, picked, locked, revealed),
      userAnswerId: picked[0] ?? null,
      userAnswerIds: picked,
      textAnswer: row.text_answer,
      isCorrect: row.status,
      revealed,
      correctAnswerIds: revealed ? options.filter((a) => a.is_correct === 1).map((a) => a.id) : [],
      feedbackText: revealed ? row.feedback_text : null,
      feedbackPictureUrl: revealed && row.feedback_picture ? contentImageUrl(row.subject_id, row.feedback_picture) : null,
      modelAnswer: revealed && isOpen ? row.model_answer : null,
      // Self-assessed, so sent ahead for answering offline (decision 013); SELECT answers never are.
      selfAssessmentModelAnswer: isOpen ? row.model_answer : null,
      openQuestions: isOpen ? [{ id: row.question_id }] : [],
    };
  }

  private answers(options: AnswerRow[], picked: string[], answered: boolean, revealed: boolean): Answer[] {
    const pickedSet = new Set(picked);
    // sortIndex is the position shown (the array's order): the label A to T follows it.
    return options.map((a, position) => ({
      id: a.id,
      questionId: a.question_id,
      sortIndex: position,
      answerText: a.answer_text,
      isCorrect: revealed ? a.is_correct === 1 : null,
      isChecked: pickedSet.has(a.id),
      isAnswered: answered,
    }));
  }
}
