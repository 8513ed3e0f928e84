import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ExamPlanSchema } from '@blok/contract/plan';
import { api } from '../../../lib/api-client.ts';
import { timeZone } from '../utils/time-zone.ts';

/** DELETE subjects/{id}/exam-plan: removes her exam plan; answers the defaults. */
export const removeExamPlan = (subjectId: string) =>
  api.delete(`subjects/${encodeURIComponent(subjectId)}/exam-plan?timeZone=${encodeURIComponent(timeZone())}`, ExamPlanSchema, { skipErrorPopup: true });

export const useRemoveExamPlan = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeExamPlan,
    onSuccess: (plan) => {
      queryClient.setQueryData(['plan', 'exam-plan', plan.subjectId], plan);
      return queryClient.invalidateQueries({ queryKey: ['plan'] });
    },
  });
};
