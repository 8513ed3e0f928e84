import { createHash, randomBytes } from 'node:crypto';
import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';

export interface AccessClaims {
  /** user id */
  sub: string;
  /** devices.id row of the login this token belongs to */
  dev: string;
}

export class AccessTokens {
  private readonly key: Uint8Array;
  constructor(
    secret: string,
    readonly ttlSeconds: number,
  ) {
    this.key = new TextEncoder().encode(secret);
  }

  sign(claims: AccessClaims): Promise<string> {
    return new SignJWT({ dev: claims.dev })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(claims.sub)
      .setIssuedAt()
      .setIssuer('blok')
      .setAudience('blok-api')
      .setExpirationTime(`${this.ttlSeconds}s`)
      .sign(this.key);
  }

  /** Returns the claims, or null when the token is invalid or expired. */
  async verify(token: string): Promise<AccessClaims | null> {
    try {
      const { payload } = await jwtVerify(token, this.key, { issuer: 'blok', audience: 'blok-api', algorithms: ['HS256'] });
      if (typeof payload.sub !== 'string' || typeof payload.dev !== 'string') return null;
      return { sub: payload.sub, dev: payload.dev };
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
