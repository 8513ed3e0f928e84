import { useSyncExternalStore } from 'react';

/** An API call that failed, with the `{ error, error_description }` body of the answer. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly description: string;
  /** seconds from the Retry-After header of a 429 */
  readonly retryAfter: number | null;
  /** invalid_request for the body's shape: each refused field (its path) with its Dutch message */
  readonly fields: ReadonlyArray<{ field: string; message: string }>;

  constructor(status: number, code: string, description: string, retryAfter: number | null = null, fields: ReadonlyArray<{ field: string; message: string }> = []) {
    super(description || code);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.description = description;
    this.retryAfter = retryAfter;
    this.fields = fields;
  }
}

/** The global API error state (spec section 8): shown as a toast, cleared when dismissed. */
export type GlobalApiError = { code: string; message: string; id: number };

export const DEFAULT_API_ERROR = { code: 'unknown', message: 'An unknown error occurred' } as const;

let current: GlobalApiError | null = null;
let nextId = 1;
const listeners = new Set<() => void>();

function emit(): void {
  for (const listener of listeners) listener();
}

export function setGlobalApiError(code?: string | null, message?: string | null): void {
  current = {
    code: code || DEFAULT_API_ERROR.code,
    message: message || DEFAULT_API_ERROR.message,
    id: nextId++,
  };
  emit();
}

export function clearGlobalApiError(): void {
  if (current === null) return;
  current = null;
  emit();
}

export function getGlobalApiError(): GlobalApiError | null {
  return current;
}

export function subscribeGlobalApiError(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useGlobalApiError(): GlobalApiError | null {
  return useSyncExternalStore(subscribeGlobalApiError, getGlobalApiError, getGlobalApiError);
}
