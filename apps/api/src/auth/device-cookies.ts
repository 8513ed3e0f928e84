import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Device cookies (decision 017, after OWASP's "Slow Down Online Guessing Attacks with Device
 * Cookies"): a browser that signed in to an account gets a signed cookie for that account, and its
 * later password logins to that account are counted per cookie instead of by the address's and the
 * account's shared counters. A lecture hall behind one address then signs in through its typos,
 * and an address guessing at accounts it never signed in to still meets every limit.
 *
 * One cookie per account, named by a keyed hash of the e-mail address (two students sharing a
 * laptop keep one each; the name tells nobody the address); its value is
 * `<nonce>.<expires, unix seconds>.<HMAC-SHA256 over the account, nonce and expiry>`.
 */

/** The API's login path: the only request the cookie is sent with. */
export const DEVICE_COOKIE_PATH = '/api/auth/login';
const NAME_PREFIX = 'blok_device_';

export interface DeviceCookie {
  name: string;
  value: string;
  maxAgeSeconds: number;
}

export class DeviceCookies {
  private readonly key: Buffer;

  constructor(
    secret: string,
    readonly maxAgeSeconds: number,
  ) {
    // A key of its own, derived from the access tokens' secret (every process has it).
    this.key = createHmac('sha256', secret).update('blok device cookie v1').digest();
  }

  private mac(text: string): Buffer {
    return createHmac('sha256', this.key).update(text).digest();
  }

  /** The cookie's name for the account with this (normalized) e-mail address. */
  name(email: string): string {
    return NAME_PREFIX + this.mac(`name|${email}`).subarray(0, 12).toString('base64url');
  }

  /** A new cookie proving that this browser signed in to the account just now. */
  issue(email: string, nowMs = Date.now()): DeviceCookie {
    const nonce = randomBytes(16).toString('base64url');
    const expires = Math.floor(nowMs / 1000) + this.maxAgeSeconds;
    const signature = this.mac(`device|${email}|${nonce}|${expires}`).toString('base64url');
    return { name: this.name(email), value: `${nonce}.${expires}.${signature}`, maxAgeSeconds: this.maxAgeSeconds };
  }

  /**
   * The nonce of the request's cookie for this account when it is one this API signed and it has
   * not expired; otherwise null (no cookie, another account's, forged, tampered with or old).
   */
  verify(email: string, cookies: Readonly<Record<string, string>>, nowMs = Date.now()): string | null {
    const value = cookies[this.name(email)];
    if (!value || value.length > 200) return null;
    const [nonce, expires, signature, extra] = value.split('.');
    if (!nonce || !expires || !signature || extra !== undefined || !/^\d{1,12}$/.test(expires)) return null;
    if (Number(expires) * 1000 <= nowMs) return null;
    const expected = this.mac(`device|${email}|${nonce}|${expires}`);
    const given = Buffer.from(signature, 'base64url');
    return given.length === expected.length && timingSafeEqual(given, expected) ? nonce : null;
  }
}

/** The request's cookies (RFC 6265 `Cookie` header); a malformed pair is skipped. */
export function parseCookies(header: string | undefined): Record<string, string> {
  const cookies: Record<string, string> = Object.create(null) as Record<string, string>;
  if (!header) return cookies;
  for (const pair of header.split(';')) {
    const eq = pair.indexOf('=');
    if (eq <= 0) continue;
    const name = pair.slice(0, eq).trim();
    let value = pair.slice(eq + 1).trim();
    if (value.startsWith('"') && value.endsWith('"') && value.length >= 2) value = value.slice(1, -1);
    if (name && !Object.hasOwn(cookies, name)) cookies[name] = value;
  }
  return cookies;
}

/** The Set-Cookie header: HttpOnly, SameSite=Strict, sent to the login path only, Secure over https. */
export function serializeDeviceCookie(cookie: DeviceCookie, secure: boolean): string {
  return [
    `${cookie.name}=${cookie.value}`,
    `Max-Age=${cookie.maxAgeSeconds}`,
    `Path=${DEVICE_COOKIE_PATH}`,
    'HttpOnly',
    'SameSite=Strict',
    ...(secure ? ['Secure'] : []),
  ].join('; ');
}
