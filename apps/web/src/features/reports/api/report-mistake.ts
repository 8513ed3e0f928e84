import { useMutation, useQueryClient } from '@tanstack/react-query';
import { MyReportSchema, type NewReportBody } from '@blok/contract/reports';
import { api } from '../../../lib/api-client.ts';
import { myReportsQueryKey } from './get-my-reports.ts';

/** POST reports: "Meld een fout" for a question, a chapter or a flashcard (decision 029); it lands in the studio's inbox of its subject. */
export const reportMistake = (body: NewReportBody) => api.post('reports', body, MyReportSchema, { skipErrorPopup: true });

export const useReportMistake = () => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: reportMistake, onSuccess: () => queryClient.invalidateQueries({ queryKey: myReportsQueryKey }) });
};
