import type { ColumnType, Generated } from 'kysely';

/**
 * The database schema, shared by SQLite and PostgreSQL.
 * Conventions that keep both dialects equal:
 * - ids are app-generated UUIDv7 text (or natural text keys for content);
 * - timestamps are ISO-8601 UTC text (`new Date().toISOString()`), which sorts correctly;
 * - booleans are integers 0/1, converted by the repositories.
 */
export interface UsersTable {
  id: string;
  email: string;
  password_hash: string;
  first_name: string;
  middle_name: string;
  last_name: string;
  role_id: number;
  profile_picture_url: string;
  has_subscription: number;
  university: string;
  study: string;
  year: string;
  created_at: string;
  updated_at: string;
}

export interface DevicesTable {
  id: string;
  user_id: string;
  /** the client-generated device id (spec: device_id) */
  device_id: string;
  user_agent: string;
  created_at: string;
  last_seen_at: string;
  revoked_at: string | null;
}

export interface RefreshTokensTable {
  id: string;
  user_id: string;
  device_row_id: string;
  family_id: string;
  /** SHA-256 of the opaque token; the token itself is never stored */
  token_hash: string;
  created_at: string;
  /** absolute end of the family: login time + 30 days */
  family_expires_at: string;
  used_at: string | null;
  revoked_at: string | null;
}

export interface RateLimitsTable {
  key: string;
  window_start: string;
  count: number;
}

export interface Database {
  users: UsersTable;
  devices: DevicesTable;
  refresh_tokens: RefreshTokensTable;
  rate_limits: RateLimitsTable;
}

// Re-exported so repositories can type generated columns when later tables need them.
export type { ColumnType, Generated };
