import { useMutation, useQueryClient } from '@tanstack/react-query';
import { MockExamQuestionSchema, type MockExam } from '@blok/contract/mockexam';
import { api } from '../../../lib/api-client.ts';
import { ApiError } from '../../../lib/api-error.ts';
import { mockExamKeys } from './keys.ts';

export type AnswerInput = { examId: string; position: number; answerIds: string[] };

/** POST mock-exams/{id}/answer: her picks for one question (changeable while the exam is open). */
export const answerMockExamQuestion = ({ examId, position, answerIds }: AnswerInput) =>
  api.post(`mock-exams/${encodeURIComponent(examId)}/answer`, { position, answerIds }, MockExamQuestionSchema, { skipErrorPopup: true });

/**
 * Saves a pick; the exam in the cache shows it at once (its observers hear of it a tick later, so the
 * screen also holds the pick itself for that tick) and keeps it when the server answers. A refusal because the
 * exam closed (time up) reloads the exam, which then shows the results; any other failure puts the
 * question back as it was.
 */
export const useAnswerQuestion = () => {
  const queryClient = useQueryClient();
  const setPicks = (examId: string, position: number, picks: string[]) =>
    queryClient.setQueryData<MockExam>(mockExamKeys.exam(examId), (exam) =>
      exam
        ? {
            ...exam,
            questions: exam.questions.map((q) => (q.position === position ? { ...q, pickedAnswerIds: picks } : q)),
            answeredCount: exam.questions.filter((q) => (q.position === position ? picks.length > 0 : q.pickedAnswerIds.length > 0)).length,
          }
        : exam,
    );
  const mutation = useMutation({
    mutationFn: (input: AnswerInput & { before: string[] }) => answerMockExamQuestion(input),
    // One after another, in the order she clicked: the last pick is the one stored.
    scope: { id: 'mockexam-answers' },
    onError: (error, input) => {
      if (error instanceof ApiError && error.code === 'mock_exam_closed') {
        void queryClient.invalidateQueries({ queryKey: mockExamKeys.exam(input.examId) });
        return;
      }
      setPicks(input.examId, input.position, input.before);
    },
  });
  const save = (input: AnswerInput) => {
    const before = queryClient.getQueryData<MockExam>(mockExamKeys.exam(input.examId))?.questions[input.position]?.pickedAnswerIds ?? [];
    setPicks(input.examId, input.position, input.answerIds);
    mutation.mutate({ ...input, before });
  };
  return { save, isError: mutation.isError };
};
