import { queryOptions, useQuery } from '@tanstack/react-query';
import { StudioItemAnalysisSchema } from '@blok/contract/studio';
import { api } from '../../../lib/api-client.ts';

/** GET studio/subjects/{id}/item-analysis: per graded question, how good a question it is (issue 40). */
export const getItemAnalysis = (subjectId: string, signal?: AbortSignal) =>
  api.get(`studio/subjects/${encodeURIComponent(subjectId)}/item-analysis`, StudioItemAnalysisSchema, { signal, skipErrorPopup: true });

export const itemAnalysisQueryKey = (subjectId: string) => ['studio', 'item-analysis', subjectId] as const;

export const useItemAnalysis = (subjectId: string) =>
  useQuery(queryOptions({ queryKey: itemAnalysisQueryKey(subjectId), queryFn: ({ signal }) => getItemAnalysis(subjectId, signal) }));
