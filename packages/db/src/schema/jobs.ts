// Tables of the leased job queue.
// Owner: apps/api/src/jobs. Only the owner's code names them in a query; another feature asks the
// owner's service (decision 020; eslint.config.js reads this file).

/** A unit of background work, claimed by lease (decision 007). */
export interface JobsTable {
  id: string;
  name: string;
  /** JSON */
  payload: string;
  /** unique when set: enqueueing the same key twice makes one job */
  dedupe_key: string | null;
  state: 'queued' | 'running' | 'done' | 'failed';
  run_at: string;
  attempts: number;
  max_attempts: number;
  locked_by: string | null;
  locked_until: string | null;
  last_error: string | null;
  created_at: string;
  updated_at: string;
  finished_at: string | null;
}

/** The tables owned by jobs: their names as Kysely sees them. */
export interface JobsTables {
  jobs: JobsTable;
}
