/**
 * Where a flow leads back to when she leaves it (issue 13: 'Stop met vragen' returns to where she
 * came from). A link into the flow passes `state={returnToState(pathname)}`; the flow's route reads it
 * with returnToFrom and falls back to its own default. Only in-app paths count, never another origin.
 */
export type ReturnToState = { returnTo: string };

export const returnToState = (path: string): ReturnToState => ({ returnTo: path });

export function returnToFrom(state: unknown): string | undefined {
  if (state === null || typeof state !== 'object') return undefined;
  const value = (state as { returnTo?: unknown }).returnTo;
  if (typeof value !== 'string' || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return undefined;
  return value;
}
