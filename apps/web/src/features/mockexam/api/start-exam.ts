import { useMutation, useQueryClient } from '@tanstack/react-query';
import { MockExamSchema, type MockExam, type StartMockExamBody } from '@blok/contract/mockexam';
import { api } from '../../../lib/api-client.ts';
import { mockExamKeys } from './keys.ts';

/** POST mock-exams: draws a new timed exam over every chapter of the subject. */
export const startMockExam = (body: StartMockExamBody) => api.post('mock-exams', body, MockExamSchema);

export const useStartMockExam = (options: { onSuccess?: (exam: MockExam) => void } = {}) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: startMockExam,
    onSuccess: (exam) => {
      queryClient.setQueryData(mockExamKeys.exam(exam.id), exam);
      void queryClient.invalidateQueries({ queryKey: mockExamKeys.overview(exam.subjectId) });
      options.onSuccess?.(exam);
    },
  });
};
