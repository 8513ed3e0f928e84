import { queryOptions, useQuery } from '@tanstack/react-query';
import { AuditListSchema, StudioMemberListSchema } from '@blok/contract/studio';
import { api } from '../../../lib/api-client.ts';

/** GET studio/members (admins): accounts with a studio role and their subjects. */
export const getMembers = (signal?: AbortSignal) => api.get('studio/members', StudioMemberListSchema, { signal, skipErrorPopup: true });
export const membersQueryKey = ['studio', 'members'] as const;
export const useMembers = (enabled: boolean) => useQuery({ ...queryOptions({ queryKey: membersQueryKey, queryFn: ({ signal }) => getMembers(signal) }), enabled });

/** GET studio/audit (admins): the audit log, newest first. */
export const getAudit = (signal?: AbortSignal) => api.get('studio/audit', AuditListSchema, { signal, skipErrorPopup: true });
export const auditQueryKey = ['studio', 'audit'] as const;
export const useAudit = (enabled: boolean) => useQuery({ ...queryOptions({ queryKey: auditQueryKey, queryFn: ({ signal }) => getAudit(signal) }), enabled });
