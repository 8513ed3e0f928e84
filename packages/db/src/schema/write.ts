import type { Generated } from 'kysely';

// Tables of the write path's stored responses.
// Owner: apps/api/src/write. Only the owner's code names them in a query; another feature asks the
// owner's service (decision 020; eslint.config.js reads this file).

/** The first response of an idempotent command (decision 007), kept at least 24 hours. */
export interface IdempotencyKeysTable {
  /** given by the database in insert order (SQLite: the rowid; PostgreSQL: an identity column); the purge walks it */
  seq: Generated<number>;
  /** the user id, or 'anonymous' for calls without a signed-in user */
  scope: string;
  key: string;
  /** keyed hash of method, path and body */
  fingerprint: string;
  method: string;
  path: string;
  state: 'processing' | 'completed';
  /** a processing row is taken over after this (its process died) */
  locked_until: string;
  response_status: number | null;
  /** the first response as sent: 'json:' + its text, or 'aes:' + its encryption (decision 014) */
  response_body: string | null;
  created_at: string;
  completed_at: string | null;
}

/**
 * How many Idempotency-Keys of anonymous requests an address stored in its current window
 * (issue 25): the ceiling every process sees.
 */
export interface IdempotencyQuotasTable {
  /** the client address */
  address: string;
  window_start: string;
  count: number;
}

/** The tables owned by write: their names as Kysely sees them. */
export interface WriteTables {
  idempotency_keys: IdempotencyKeysTable;
  idempotency_quotas: IdempotencyQuotasTable;
}
