import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ExamPlanSchema, type SaveExamPlanBody } from '@blok/contract/plan';
import { api } from '../../../lib/api-client.ts';

/** PUT subjects/{id}/exam-plan: sets or changes her exam date, minutes and days in one step. */
export const saveExamPlan = ({ subjectId, body }: { subjectId: string; body: SaveExamPlanBody }) =>
  api.put(`subjects/${encodeURIComponent(subjectId)}/exam-plan`, body, ExamPlanSchema, { skipErrorPopup: true });

export const useSaveExamPlan = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveExamPlan,
    onSuccess: (plan) => {
      queryClient.setQueryData(['plan', 'exam-plan', plan.subjectId], plan);
      // Today's plan and readiness depend on it.
      return queryClient.invalidateQueries({ queryKey: ['plan'] });
    },
  });
};
