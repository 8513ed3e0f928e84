import { useMutation, useQueryClient } from '@tanstack/react-query';
import { MockExamQuestionSchema, type MockExam, type MockExamQuestion } from '@blok/contract/mockexam';
import type { ItemPair, QuestionResponse } from '@blok/contract/questions';
import { api } from '../../../lib/api-client.ts';
import { ApiError } from '../../../lib/api-error.ts';
import { mockExamKeys } from './keys.ts';

/**
 * Her picks for a multiple-choice question, or her text for an open one (blank clears it); for
 * issue 40's types the field of its type (`textAnswer`, `order`, `pairs`, `gaps`) and `response`, her
 * answer as the screen shows it at once (null: cleared).
 */
export type AnswerInput = { examId: string; position: number } & (
  | { answerIds: string[]; textAnswer?: undefined; response?: undefined }
  | { textAnswer: string; answerIds?: undefined; response?: undefined }
  | { response: QuestionResponse | null; textAnswer?: string; order?: string[]; pairs?: ItemPair[]; gaps?: string[]; answerIds?: undefined }
);

/** POST mock-exams/{id}/answer: her answer to one question (changeable while the exam is open). */
export const answerMockExamQuestion = ({ examId, position, response, ...answer }: AnswerInput) =>
  api.post(`mock-exams/${encodeURIComponent(examId)}/answer`, { position, ...answer }, MockExamQuestionSchema, { skipErrorPopup: true });

type Given = Pick<MockExamQuestion, 'pickedAnswerIds' | 'textAnswer' | 'response'>;
const isGiven = (q: Given) => q.pickedAnswerIds.length > 0 || q.textAnswer !== null || q.response !== null;
const givenOf = (input: AnswerInput): Given =>
  input.response !== undefined
    ? { pickedAnswerIds: [], textAnswer: null, response: input.response }
    : input.textAnswer !== undefined
      ? { pickedAnswerIds: [], textAnswer: input.textAnswer.trim() || null, response: null }
      : { pickedAnswerIds: input.answerIds ?? [], textAnswer: null, response: null };

/**
 * Saves an answer; the exam in the cache shows it at once (its observers hear of it a tick later, so the
 * screen also holds the pick itself for that tick) and keeps it when the server answers. A refusal because the
 * exam closed (time up) reloads the exam, which then shows the results; any other failure puts the
 * question back as it was.
 */
export const useAnswerQuestion = () => {
  const queryClient = useQueryClient();
  const setGiven = (examId: string, position: number, given: Given) =>
    queryClient.setQueryData<MockExam>(mockExamKeys.exam(examId), (exam) => {
      if (!exam) return exam;
      const questions = exam.questions.map((q) => (q.position === position ? { ...q, ...given } : q));
      return { ...exam, questions, answeredCount: questions.filter(isGiven).length };
    });
  const mutation = useMutation({
    mutationFn: ({ before: _before, ...input }: AnswerInput & { before: Given }) => answerMockExamQuestion(input as AnswerInput),
    // One after another, in the order she gave them: the last answer is the one stored.
    scope: { id: 'mockexam-answers' },
    onError: (error, input) => {
      if (error instanceof ApiError && error.code === 'mock_exam_closed') {
        void queryClient.invalidateQueries({ queryKey: mockExamKeys.exam(input.examId) });
        return;
      }
      setGiven(input.examId, input.position, input.before);
    },
  });
  const save = (input: AnswerInput) => {
    const current = queryClient.getQueryData<MockExam>(mockExamKeys.exam(input.examId))?.questions[input.position];
    const before: Given = { pickedAnswerIds: current?.pickedAnswerIds ?? [], textAnswer: current?.textAnswer ?? null, response: current?.response ?? null };
    setGiven(input.examId, input.position, givenOf(input));
    mutation.mutate({ ...input, before });
  };
  return { save, isError: mutation.isError, isPending: mutation.isPending };
};
