import { queryOptions, useQuery } from '@tanstack/react-query';
import { MyReportListSchema } from '@blok/contract/reports';
import { api } from '../../../lib/api-client.ts';

/** GET reports: her own reports of mistakes and whether they were handled (decision 029). */
export const getMyReports = (signal?: AbortSignal) => api.get('reports', MyReportListSchema, { signal, skipErrorPopup: true });

export const myReportsQueryKey = ['reports', 'mine'] as const;

/** Loaded once per screen visit: a report is handled in hours, not seconds. */
export const useMyReports = () => useQuery(queryOptions({ queryKey: myReportsQueryKey, queryFn: ({ signal }) => getMyReports(signal), staleTime: 5 * 60_000 }));
