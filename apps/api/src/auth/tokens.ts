import { createCipheriv, createDecipheriv, createHash, createHmac, randomBytes } from 'node:crypto';
import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';

export interface AccessClaims {
  /** user id */
  sub: string;
  /** devices.id row of the login this token belongs to */
  dev: string;
}

/** Clock skew between API processes that a token's iat may show. */
const CLOCK_TOLERANCE_SECONDS = 5;
/** Verified tokens remembered (a student's app sends the same token until it expires). */
const VERIFIED_CACHE_SIZE = 10_000;
const ISSUER = 'blok';
const AUDIENCE = 'blok-api';
/** The JOSE header of every access token, encoded once. */
const HEADER = Buffer.from(JSON.stringify({ alg: 'HS256', typ: 'JWT' })).toString('base64url');

export class AccessTokens {
  /** The HMAC key for verification (jose), imported once: jose would import it on every call. */
  private readonly key: Promise<CryptoKey>;
  /** The secret's bytes, for signing. */
  private readonly secret: Buffer;
  /**
   * Tokens this process verified, by their exact text (signature included), until they expire:
   * the same string verifies the same way, so only the clock is checked again. WebCrypto's HMAC
   * (a job on libuv's thread pool) took a quarter of the main thread's time on a short GET.
   */
  private readonly verified = new Map<string, { claims: AccessClaims; validUntilMs: number }>();
  constructor(
    secret: string,
    readonly ttlSeconds: number,
    /**
     * Who signs: `node`, the stand-in below (default), or `jose`, jose's SignJWT (decision 019;
     * STAND_INS_OFF=token-signer). Both make the same token.
     */
    readonly signer: 'node' | 'jose' = 'node',
  ) {
    this.secret = Buffer.from(secret, 'utf8');
    this.key = crypto.subtle.importKey('raw', new TextEncoder().encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);
  }

  /**
   * A new HS256 access token: the JWT jose's SignJWT makes (the same header, the claims in the same
   * order), signed on the calling thread with node:crypto. WebCrypto's HMAC is a job on libuv's
   * thread pool, where it waited behind the password hashes of concurrent logins, inside the
   * login's transaction: holding SQLite's one connection, or PostgreSQL's row locks on the login
   * counters, for as long as the hashes ahead of it took (decision 014). Verification stays with jose.
   */
  async sign(claims: AccessClaims): Promise<string> {
    const iat = Math.floor(Date.now() / 1000);
    if (this.signer === 'jose') {
      return new SignJWT({ dev: claims.dev })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(claims.sub)
        .setIssuedAt(iat)
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setExpirationTime(iat + this.ttlSeconds)
        .sign(await this.key);
    }
    const payload = { dev: claims.dev, sub: claims.sub, iat, iss: ISSUER, aud: AUDIENCE, exp: iat + this.ttlSeconds };
    const input = `${HEADER}.${Buffer.from(JSON.stringify(payload)).toString('base64url')}`;
    return `${input}.${createHmac('sha256', this.secret).update(input).digest('base64url')}`;
  }

  /** Returns the claims, or null when the token is invalid or expired. */
  async verify(token: string): Promise<AccessClaims | null> {
    const known = this.verified.get(token);
    if (known) {
      if (Date.now() < known.validUntilMs) return known.claims;
      this.verified.delete(token);
    }
    try {
      const { payload } = await jwtVerify(token, await this.key, {
        issuer: ISSUER,
        audience: AUDIENCE,
        algorithms: ['HS256'],
        requiredClaims: ['exp', 'iat', 'sub'],
        maxTokenAge: this.ttlSeconds + CLOCK_TOLERANCE_SECONDS,
      });
      if (typeof payload.sub !== 'string' || typeof payload.dev !== 'string') return null;
      const nowSeconds = Math.floor(Date.now() / 1000);
      // Only tokens as this server issues them: issued now or earlier, living no longer than the TTL.
      if (payload.iat! > nowSeconds + CLOCK_TOLERANCE_SECONDS) return null;
      if (payload.exp! - payload.iat! > this.ttlSeconds) return null;
      const claims = { sub: payload.sub, dev: payload.dev };
      // jose refuses it from exp on, and once older than maxTokenAge
      const validUntilMs = Math.min(payload.exp!, payload.iat! + this.ttlSeconds + CLOCK_TOLERANCE_SECONDS) * 1000;
      if (this.verified.size >= VERIFIED_CACHE_SIZE) this.verified.delete(this.verified.keys().next().value!);
      this.verified.set(token, { claims, validUntilMs });
      return claims;
    } catch (err) {
      if (err instanceof joseErrors.JOSEError) return null;
      throw err;
    }
  }
}

/** A new opaque refresh token (256 random bits, base64url). */
export const newRefreshToken = (): string => randomBytes(32).toString('base64url');

/** Refresh tokens are stored as their SHA-256: a leaked table grants nothing. */
export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');

/**
 * The successor of a rotated refresh token, encrypted with a key derived from the old token: only
 * a holder of the old token can read it, within the reuse interval (decision 012).
 */
export function sealSuccessor(oldToken: string, successor: string): string {
  const key = createHash('sha256').update(`blok refresh successor\n${oldToken}`).digest();
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const data = Buffer.concat([cipher.update(successor, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), data]).toString('base64');
}

/** The successor sealed by sealSuccessor, or null when it cannot be opened with this token. */
export function openSuccessor(oldToken: string, sealed: string | null): string | null {
  if (!sealed) return null;
  try {
    const raw = Buffer.from(sealed, 'base64');
    const key = createHash('sha256').update(`blok refresh successor\n${oldToken}`).digest();
    const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
    decipher.setAuthTag(raw.subarray(12, 28));
    return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}
