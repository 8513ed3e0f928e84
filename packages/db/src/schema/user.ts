// Tables of the profile picture.
// Owner: apps/api/src/user. Only the owner's code names them in a query; another feature asks the
// owner's service (decision 020; eslint.config.js reads this file).

/** A student's profile picture, re-encoded on upload (issue 11). */
export interface ProfilePicturesTable {
  /** unguessable id, part of the picture's public URL; a new upload gets a new id */
  id: string;
  user_id: string;
  mime: string;
  data_base64: string;
  created_at: string;
}

/** The tables owned by user: their names as Kysely sees them. */
export interface UserTables {
  profile_pictures: ProfilePicturesTable;
}
