/**
 * Lets the event loop run what waits (other requests, the health check) before going on: between
 * the slices of a long read outside a transaction (issue 38). On SQLite every statement runs
 * synchronously and an `await` of Kysely resolves in the same turn, so a loop of queries never
 * gives the loop back by itself.
 */
export const yieldToLoop = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));
