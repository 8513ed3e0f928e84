import { queryOptions, useQuery } from '@tanstack/react-query';
import { StudioCalibrationSchema } from '@blok/contract/studio';
import { api } from '../../../lib/api-client.ts';

/** GET studio/subjects/{id}/calibration (editors and admins): expected against achieved mock exam grades. */
export const getCalibration = (subjectId: string, signal?: AbortSignal) =>
  api.get(`studio/subjects/${encodeURIComponent(subjectId)}/calibration`, StudioCalibrationSchema, { signal, skipErrorPopup: true });

export const useCalibration = (subjectId: string) =>
  useQuery(queryOptions({ queryKey: ['studio', 'calibration', subjectId], queryFn: ({ signal }) => getCalibration(subjectId, signal) }));
