import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { AdminCatalogueSchema, type AdminCatalogue, type CourseInfoInput } from '@blok/contract/catalogue';
import { api } from '../../../lib/api-client.ts';

const BASE = 'studio/catalogue';
const enc = encodeURIComponent;
export const adminCatalogueQueryKey = ['studio', 'catalogue'] as const;

/** GET studio/catalogue (admins): every university, study and year with its course and subjects. */
export const getAdminCatalogue = (signal?: AbortSignal) => api.get(BASE, AdminCatalogueSchema, { signal, skipErrorPopup: true });
export const useAdminCatalogue = () => useQuery(queryOptions({ queryKey: adminCatalogueQueryKey, queryFn: ({ signal }) => getAdminCatalogue(signal), retry: false }));

/** Where a change is made: a university, a study of it, or a year of that study. */
export interface Place {
  universityId: string;
  studyId?: string;
  yearId?: string;
}

const path = (p: Place) =>
  [BASE, 'universities', enc(p.universityId), ...(p.studyId ? ['studies', enc(p.studyId)] : []), ...(p.yearId ? ['years', enc(p.yearId)] : [])].join('/');

/** One admin change; every one answers the whole catalogue as it is after it. */
export type CatalogueChange =
  | { kind: 'addUniversity'; id: string; name: string; shortName: string }
  | { kind: 'renameUniversity'; place: Place; name: string; shortName: string }
  | { kind: 'addStudy'; place: Place; id: string; name: string }
  | { kind: 'addYear'; place: Place; id: string; name: string; courseInfo: CourseInfoInput }
  | { kind: 'rename'; place: Place; name: string }
  | { kind: 'course'; place: Place; courseInfo: CourseInfoInput }
  | { kind: 'subjects'; place: Place; subjectIds: string[] }
  | { kind: 'remove'; place: Place };

const options = { skipErrorPopup: true } as const;

export function changeCatalogue(change: CatalogueChange): Promise<AdminCatalogue> {
  switch (change.kind) {
    case 'addUniversity':
      return api.post(`${BASE}/universities`, { id: change.id, name: change.name, shortName: change.shortName }, AdminCatalogueSchema, options);
    case 'renameUniversity':
      return api.put(path(change.place), { name: change.name, shortName: change.shortName }, AdminCatalogueSchema, options);
    case 'addStudy':
      return api.post(`${path(change.place)}/studies`, { id: change.id, name: change.name }, AdminCatalogueSchema, options);
    case 'addYear':
      return api.post(`${path(change.place)}/years`, { id: change.id, name: change.name, courseInfo: change.courseInfo }, AdminCatalogueSchema, options);
    case 'rename':
      return api.put(path(change.place), { name: change.name }, AdminCatalogueSchema, options);
    case 'course':
      return api.put(`${path(change.place)}/course`, { courseInfo: change.courseInfo }, AdminCatalogueSchema, options);
    case 'subjects':
      return api.put(`${path(change.place)}/subjects`, { subjectIds: change.subjectIds }, AdminCatalogueSchema, options);
    case 'remove':
      return api.delete(path(change.place), AdminCatalogueSchema, options);
  }
}

export const useChangeCatalogue = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeCatalogue,
    onSuccess: async (catalogue) => {
      queryClient.setQueryData(adminCatalogueQueryKey, catalogue);
      // the Welcome step's catalogue and the audit log changed with it
      await Promise.all([queryClient.invalidateQueries({ queryKey: ['catalogue'] }), queryClient.invalidateQueries({ queryKey: ['studio', 'audit'] })]);
    },
  });
};
