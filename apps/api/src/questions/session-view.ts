import type { Answer, SessionQuestion, SessionStep } from '@blok/contract';
import { orderAnswers } from '@blok/domain/answer-order';
import { isAtEnd, progressOf, type NavigationState } from '@blok/domain/navigation';
import { isLocked } from '@blok/domain/status';
import { parseSpec } from '@blok/domain/question-types';
import { AppError } from '../errors.ts';
import { contentImageUrl } from '../content/render.ts';
import { AnswerIds, keyOf } from './answer-ids.ts';
import { expectedAnswer, interactionOf, shownResponse, storedResponse } from './rule-answers.ts';
import { parseAnswerIds, type AnswerRow, type QuestionsRepository, type SessionQuestionRow, type SessionRow } from './repository.ts';

// How a session and its questions are shown: shared by the reads (read-service.ts) and the
// session actions (session-service.ts), which answer with the same shapes.

export const listNotFound = () => new AppError('not_found', 'Deze vragenlijst bestaat niet.');
export const sessionNotFound = () => new AppError('not_found', 'Deze sessie bestaat niet.');
export const questionNotInSession = () => new AppError('not_found', 'Deze vraag hoort niet bij deze sessie.');

/**
 * A question asked for that the session does not hold: removed by a release since she started (its
 * row went with it, decision 029), or never in it.
 */
export async function missingQuestion(repo: QuestionsRepository, questionId: string): Promise<AppError> {
  if (await repo.questionExists(questionId)) return questionNotInSession();
  return new AppError('not_found', 'Deze vraag is verwijderd uit de lesstof. Je gaat verder met de volgende vraag.');
}

/** What the questions feature needs of the library: subject titles. */
export interface SubjectTitleSource {
  subjectTitle(id: string): Promise<{ id: string; title: string } | undefined>;
  subjectTitles(ids: string[]): Promise<Map<string, string>>;
}

/** A session with its questions, loaded for one request. */
export interface LoadedSession {
  session: SessionRow;
  rows: SessionQuestionRow[];
}

/**
 * Her answer was given on an earlier version of the question, before a release changed its correct
 * answer (decision 029): it is kept and shown, but left out of the grade, the score and the progress.
 */
export const isChangedSinceAnswer = (row: Pick<SessionQuestionRow, 'answer_version' | 'current_version'>): boolean =>
  row.answer_version !== null && row.answer_version !== row.current_version;

/** The evaluation may be shown once the question is answered, and answers show in between or the results were reached. */
export function isRevealed(session: SessionRow, status: number): boolean {
  return isLocked(status) && (session.show_answers === 1 || session.finished_at !== null);
}

/**
 * A question's answers in the order this session shows them (seeded by the session, pinned answers
 * at their written place; decision 006). Every answer the API sends follows it, so the letters A to
 * T are the same on every call, device and screen.
 */
export function shownOrder(session: SessionRow, questionId: string, options: AnswerRow[]): AnswerRow[] {
  return orderAnswers(options, session.answer_seed, questionId, (a) => a.pinned === 1);
}

/*
 * Where she is, stored as a place (decision 029): the question_index of the row she stands at, or one
 * past the last row at the end. The rules of @blok/domain/navigation work on positions among the rows
 * the session still has. When a release removes a question, its row goes with it (the foreign key
 * cascades); a place then still names the same question, and a removed one is skipped over, instead
 * of every position after it shifting by one under her.
 */

/** A stored place as a position among the rows left (rows in their order). */
const positionOf = (place: number, rows: readonly Pick<SessionQuestionRow, 'question_index'>[]): number => rows.filter((r) => r.question_index < place).length;

/** A position as the place to store. */
const placeOf = (position: number, rows: readonly Pick<SessionQuestionRow, 'question_index'>[]): number =>
  position < rows.length ? rows[position]!.question_index : rows.length ? rows[rows.length - 1]!.question_index + 1 : 0;

export function stateOf(session: SessionRow, rows: readonly Pick<SessionQuestionRow, 'question_index'>[]): NavigationState {
  return {
    current: positionOf(Math.max(0, session.current_index), rows),
    skippedMode: session.skipped_mode === 1,
    reviewIndex: session.review_index === null ? null : positionOf(session.review_index, rows),
  };
}

/** The places a navigation state is stored as. */
export function storedPlaces(state: NavigationState, rows: readonly Pick<SessionQuestionRow, 'question_index'>[]): { current_index: number; review_index: number | null } {
  return {
    current_index: placeOf(Math.min(state.current, rows.length), rows),
    review_index: state.reviewIndex === null ? null : placeOf(Math.min(state.reviewIndex, rows.length), rows),
  };
}

/** Her session with its questions; 404 when it is not hers. */
export async function loadSession(repo: QuestionsRepository, userId: string, sessionId: string): Promise<LoadedSession> {
  const session = await repo.findSession(sessionId, userId);
  if (!session) throw sessionNotFound();
  return { session, rows: await repo.sessionQuestions(session.id) };
}

export async function questionAt(repo: QuestionsRepository, session: SessionRow, rows: SessionQuestionRow[], index: number): Promise<SessionQuestion> {
  const row = rows[index]!;
  const answers = await repo.answersOf([row.question_id]);
  return sessionQuestion(session, row, index, answers.get(row.question_id) ?? []);
}

/** The step a navigation state stands at: where, how far, and the current question (null at the end). */
export async function stepFrom(repo: QuestionsRepository, loaded: LoadedSession, state: NavigationState, prepared?: SessionQuestion[]): Promise<SessionStep> {
  const { session, rows } = loaded;
  const total = rows.length;
  const atEnd = isAtEnd(state, total);
  const question = atEnd ? null : (prepared?.[state.current] ?? (await questionAt(repo, session, rows, state.current)));
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

/** The answer ids a session shows (issue 40): opaque, derived from its own key; content ids never leave the API. */
export const sessionAnswerIds = (session: SessionRow): AnswerIds => new AnswerIds(keyOf(session));

export function sessionQuestion(session: SessionRow, row: SessionQuestionRow, index: number, written: AnswerRow[], ids = sessionAnswerIds(session)): SessionQuestion {
  const options = shownOrder(session, row.question_id, written);
  const picked = parseAnswerIds(row.answer_ids);
  const show = (id: string) => ids.toShown(id);
  const locked = isLocked(row.status);
  const revealed = isRevealed(session, row.status);
  const isOpen = row.type === 'OPEN';
  const spec = parseSpec(row.spec);
  const response = spec && locked ? storedResponse(spec, picked, row.text_answer) : null;
  return {
    id: row.id,
    sessionId: session.id,
    questionIndex: index,
    questionId: row.question_id,
    questionListId: row.question_list_id,
    questionText: row.question_text,
    pictureUrl: row.picture ? contentImageUrl(row.subject_id, row.picture) : null,
    type: spec ? spec.type : isOpen ? 'OPEN' : 'SELECT',
    multipleAnswers: !spec && options.filter((a) => a.is_correct === 1).length > 1,
    answers: spec ? [] : shownAnswers(options, picked, locked, revealed, show),
    interaction: spec ? interactionOf(spec, session.answer_seed, row.question_id, ids) : null,
    response: response ? shownResponse(response, ids) : null,
    expected: spec && revealed ? expectedAnswer(spec, response, ids) : null,
    // a rule-graded answer is in `response`; these keep their meaning for SELECT and OPEN
    userAnswerId: spec || picked[0] === undefined ? null : show(picked[0]),
    userAnswerIds: spec ? [] : picked.map(show),
    textAnswer: spec ? null : row.text_answer,
    isCorrect: row.status,
    revealed,
    correctAnswerIds: revealed ? options.filter((a) => a.is_correct === 1).map((a) => show(a.id)) : [],
    feedbackText: revealed ? row.feedback_text : null,
    feedbackPictureUrl: revealed && row.feedback_picture ? contentImageUrl(row.subject_id, row.feedback_picture) : null,
    modelAnswer: revealed && isOpen ? row.model_answer : null,
    // Self-assessed, so sent ahead for answering offline (decision 013); SELECT answers never are.
    selfAssessmentModelAnswer: isOpen ? row.model_answer : null,
    openQuestions: isOpen ? [{ id: row.question_id }] : [],
    changedSinceAnswer: isChangedSinceAnswer(row),
  };
}

/** The answers as shown: `picked` are content ids, `show` names each answer by the id the page gets (issue 40). */
export function shownAnswers(options: AnswerRow[], picked: string[], answered: boolean, revealed: boolean, show: (contentId: string) => string): Answer[] {
  const pickedSet = new Set(picked);
  // sortIndex is the position shown (the array's order): the label A to T follows it.
  return options.map((a, position) => ({
    id: show(a.id),
    questionId: a.question_id,
    sortIndex: position,
    answerText: a.answer_text,
    isCorrect: revealed ? a.is_correct === 1 : null,
    isChecked: pickedSet.has(a.id),
    isAnswered: answered,
  }));
}
