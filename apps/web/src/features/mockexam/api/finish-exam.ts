import { useMutation, useQueryClient } from '@tanstack/react-query';
import { MockExamSchema } from '@blok/contract/mockexam';
import { api } from '../../../lib/api-client.ts';
import { mockExamKeys } from './keys.ts';

/** POST mock-exams/{id}/finish: hands the exam in; answers it closed with the grades. */
export const finishMockExam = (examId: string) => api.post(`mock-exams/${encodeURIComponent(examId)}/finish`, {}, MockExamSchema, { skipErrorPopup: true });

export const useFinishMockExam = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: finishMockExam,
    onSuccess: (exam) => {
      queryClient.setQueryData(mockExamKeys.exam(exam.id), exam);
      void queryClient.invalidateQueries({ queryKey: mockExamKeys.overview(exam.subjectId) });
    },
  });
};
