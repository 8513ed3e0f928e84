/**
 * Where a flow leads back to when she leaves it (issue 13: 'Stop met vragen' returns to where she
 * came from). A link into the flow passes `state={returnToState(pathname)}`; the flow's route reads it
 * with returnToFrom and falls back to its own default. Only in-app paths count, never another origin.
 */
export type ReturnToState = { returnTo: string };

export const returnToState = (path: string): ReturnToState => ({ returnTo: path });

export function returnToFrom(state: unknown): string | undefined {
  if (state === null || typeof state !== 'object') return undefined;
  return inAppPath((state as { returnTo?: unknown }).returnTo);
}

/** A path of this app ('/…'), never another origin ('//host', '/\\host', 'https://…') or a control character. */
export function inAppPath(value: unknown): string | undefined {
  if (typeof value !== 'string' || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return undefined;
  // eslint-disable-next-line no-control-regex -- a tab or newline in a path can make a browser read '/\t/host' as '//host'
  if (/[\u0000-\u001f\u007f]/.test(value)) return undefined;
  return value;
}

/**
 * Where a sign-in leads back to (issue 26): the in-app path she was opening when the guard sent
 * her to log in. Sign-in and sign-out screens never count (they would loop).
 */
export function signInReturnPath(value: unknown): string | undefined {
  const path = inAppPath(value);
  if (!path) return undefined;
  const pathname = path.split(/[?#]/)[0]!;
  if (pathname === '/logout' || pathname === '/auth' || pathname.startsWith('/auth/')) return undefined;
  return path;
}
