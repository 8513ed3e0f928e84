// Tables of the account: created by registration (`auth`), its profile columns kept by `user`.
// Owner: apps/api/src/auth, apps/api/src/user (the account's two halves). Only the owner's code
// names them in a query; another feature asks the owner's service (decision 020; eslint.config.js
// reads this file).

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

/** The tables owned by account: their names as Kysely sees them. */
export interface AccountTables {
  users: UsersTable;
}
