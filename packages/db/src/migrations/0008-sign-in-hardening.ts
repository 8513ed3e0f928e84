import type { Kysely } from 'kysely';

/**
 * Issue 8: why a device was signed out (a newer login replaced it, she logged out, a stolen refresh
 * token was detected), and the encrypted successor of a rotated refresh token, so that a repeat of
 * the just-rotated token within the reuse interval gets the same successor instead of a revocation.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('devices').addColumn('revoked_reason', 'text').execute();
  await db.schema.alterTable('refresh_tokens').addColumn('successor_enc', 'text').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('refresh_tokens').dropColumn('successor_enc').execute();
  await db.schema.alterTable('devices').dropColumn('revoked_reason').execute();
}
