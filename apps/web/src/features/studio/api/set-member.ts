import { useMutation, useQueryClient } from '@tanstack/react-query';
import { StudioMemberSchema, type RoleName } from '@blok/contract/studio';
import { api } from '../../../lib/api-client.ts';
import { auditQueryKey, membersQueryKey } from './get-members.ts';

export type MemberChange = { kind: 'role'; email: string; role: RoleName } | { kind: 'assignment'; email: string; subjectId: string; assigned: boolean };

/** PUT studio/roles or studio/assignments (admins). */
export const setMember = (change: MemberChange) =>
  change.kind === 'role'
    ? api.put('studio/roles', { email: change.email, role: change.role }, StudioMemberSchema, { skipErrorPopup: true })
    : api.put('studio/assignments', { email: change.email, subjectId: change.subjectId, assigned: change.assigned }, StudioMemberSchema, { skipErrorPopup: true });

export const useSetMember = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setMember,
    onSuccess: async () => {
      await Promise.all([queryClient.invalidateQueries({ queryKey: membersQueryKey }), queryClient.invalidateQueries({ queryKey: auditQueryKey })]);
    },
  });
};
