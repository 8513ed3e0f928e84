import type * as AuthContract from '@blok/contract/auth';

let loading: Promise<typeof AuthContract> | null = null;

/**
 * The auth contract (constants and zod schemas), loaded on first use. Its module builds zod
 * schemas at import time, so a static import would put zod in the initial bundle (bench budget:
 * 170 KiB gzipped initial JS); every caller here is async anyway.
 */
export function loadAuthContract(): Promise<typeof AuthContract> {
  loading ??= import('@blok/contract/auth');
  return loading;
}
