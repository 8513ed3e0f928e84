import type { OwnSetDetail } from '@blok/contract/own-cards';
import { queryClient } from '../../../lib/react-query.ts';
import { ownCardKeys } from './keys.ts';

/** The server's answer becomes the cached set; her list of sets is stale. */
export function rememberSet(set: OwnSetDetail): void {
  queryClient.setQueryData(ownCardKeys.set(set.id), set);
  void queryClient.invalidateQueries({ queryKey: ownCardKeys.sets() });
}

/** A change inside a set: the set and her list are stale. */
export function setChanged(setId: string): Promise<void> {
  void queryClient.invalidateQueries({ queryKey: ownCardKeys.sets() });
  return queryClient.invalidateQueries({ queryKey: ownCardKeys.set(setId) });
}
