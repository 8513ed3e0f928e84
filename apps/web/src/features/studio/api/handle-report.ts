import { useMutation, useQueryClient } from '@tanstack/react-query';
import { StudioReportSchema } from '@blok/contract/studio';
import { api } from '../../../lib/api-client.ts';
import { reportsQueryKey } from './get-reports.ts';

/** POST studio/reports/{id}/handle: the report is handled; its reporter sees it was fixed. */
export const handleReport = (reportId: string) => api.post(`studio/reports/${encodeURIComponent(reportId)}/handle`, undefined, StudioReportSchema);

export const useHandleReport = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: handleReport,
    onSuccess: (report) => queryClient.invalidateQueries({ queryKey: reportsQueryKey(report.subjectId) }),
  });
};
