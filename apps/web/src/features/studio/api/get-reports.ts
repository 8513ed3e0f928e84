import { queryOptions, useQuery } from '@tanstack/react-query';
import { StudioReportListSchema } from '@blok/contract/studio';
import { api } from '../../../lib/api-client.ts';

/** GET studio/subjects/{id}/reports: the subject's reports of mistakes, open ones first. */
export const getReports = (subjectId: string, signal?: AbortSignal) =>
  api.get(`studio/subjects/${encodeURIComponent(subjectId)}/reports`, StudioReportListSchema, { signal, skipErrorPopup: true });

export const reportsQueryKey = (subjectId: string) => ['studio', 'reports', subjectId] as const;

export const useReports = (subjectId: string) => useQuery(queryOptions({ queryKey: reportsQueryKey(subjectId), queryFn: ({ signal }) => getReports(subjectId, signal) }));
