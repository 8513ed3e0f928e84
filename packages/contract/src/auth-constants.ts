// Auth constants without zod, so the web app can import them statically without pulling zod
// into its initial bundle. auth.ts re-exports them.

/** The fixed OAuth client name of the Blok web app (spec section 9: value not shown, ours). */
export const CLIENT_ID = 'blok-web';

/** Refresh tokens live at most this long, counted from the login that started the family. */
export const REFRESH_TOKEN_LIFETIME_SECONDS = 2_592_000;
/** Default cookie duration (spec section 9). */
export const DEFAULT_COOKIE_SECONDS = 3600;
/** The keep-me-logged-in flag value stored locally. */
export const KEEP_ME_LOGGED_IN_VALUE = '1';
/**
 * Longest password, in characters (code points: an emoji is one), that the forms and the API accept;
 * longer ones answer password_too_long with a clear Dutch message. argon2 hashes this quickly.
 */
export const MAX_PASSWORD_LENGTH = 256;
/**
 * The schemas' ceiling on a password field in UTF-16 units: far above MAX_PASSWORD_LENGTH, so a
 * too-long password reaches the service's clear message instead of a generic invalid_request.
 */
export const MAX_PASSWORD_INPUT_LENGTH = 4096;

/**
 * Request header of the web app's token calls (decision 034): `1` keeps the refresh token in an
 * HttpOnly cookie the API sets (`Path=/api/auth`), never in the JSON. Login and registration then
 * answer the refresh token in that cookie only; a refresh reads the cookie when its body has no
 * token, and logout clears it. Without the header the token travels in the JSON, as the spec has
 * it (the native wrapper's clients, scripts); the cookie is then neither read nor set. A cross-site
 * form cannot send the header: it is the refresh call's CSRF guard beside SameSite=Strict.
 */
export const REFRESH_COOKIE_HEADER = 'blok-refresh-cookie';

/** Response header carrying the user's active device id on authenticated calls. */
export const DEVICE_ID_HEADER = 'deviceid';

/**
 * Request header of every write (decision 007): a UUID the client picks once per intended change
 * and sends again on its retries, so a retried write happens once and answers its first response.
 */
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
/** Response header marking a stored response sent again for a repeated Idempotency-Key. */
export const IDEMPOTENT_REPLAYED_HEADER = 'idempotent-replayed';
