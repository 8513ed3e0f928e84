// Tables of sign-in, devices, refresh tokens, login throttling and password reset.
// Owner: apps/api/src/auth. Only the owner's code names them in a query; another feature asks the
// owner's service (decision 020; eslint.config.js reads this file).

export interface DevicesTable {
  id: string;
  user_id: string;
  /** the client-generated device id (spec: device_id) */
  device_id: string;
  user_agent: string;
  created_at: string;
  last_seen_at: string;
  revoked_at: string | null;
  /** 'replaced' (a newer login), 'logout', 'reuse' (a stolen refresh token), 'password' (changed) */
  revoked_reason: string | null;
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
  /** the successor token, encrypted with a key derived from this token (reuse interval) */
  successor_enc: string | null;
}

export interface RateLimitsTable {
  key: string;
  window_start: string;
  count: number;
}

/** A single-use password reset link (stored hashed), valid for an hour. */
export interface PasswordResetTokensTable {
  id: string;
  user_id: string;
  token_hash: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

/** The tables owned by auth: their names as Kysely sees them. */
export interface AuthTables {
  devices: DevicesTable;
  refresh_tokens: RefreshTokensTable;
  rate_limits: RateLimitsTable;
  password_reset_tokens: PasswordResetTokensTable;
}
