import { useMutation, useQueryClient } from '@tanstack/react-query';
import { MockExamSchema, type MockExamAssessBody } from '@blok/contract/mockexam';
import { api } from '../../../lib/api-client.ts';
import { mockExamKeys } from './keys.ts';

export type AssessInput = { examId: string } & MockExamAssessBody;

/** POST mock-exams/{id}/assess: her verdict on her open answer once the exam is closed; answers the exam with its new grade. */
export const assessMockExamAnswer = ({ examId, position, result }: AssessInput) =>
  api.post(`mock-exams/${encodeURIComponent(examId)}/assess`, { position, result }, MockExamSchema, { skipErrorPopup: true });

export const useAssessAnswer = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: assessMockExamAnswer,
    onSuccess: (exam) => {
      queryClient.setQueryData(mockExamKeys.exam(exam.id), exam);
      void queryClient.invalidateQueries({ queryKey: mockExamKeys.overview(exam.subjectId) });
    },
  });
};
