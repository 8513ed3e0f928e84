import type * as AuthContract from '@blok/contract/auth';

let loading: Promise<typeof AuthContract> | null = null;

/**
 * The auth contract's zod schemas, loaded on first use: the module builds them at import time, so
 * a static import would put zod in the initial bundle (bench budget). Plain constants come
 * statically from '@blok/contract/auth-constants'.
 */
export function loadAuthContract(): Promise<typeof AuthContract> {
  loading ??= import('@blok/contract/auth');
  return loading;
}
