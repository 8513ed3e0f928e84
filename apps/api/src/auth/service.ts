import { CLIENT_ID, MIN_PASSWORD_LENGTH, REFRESH_TOKEN_LIFETIME_SECONDS, type TokenResponse } from '@blok/contract';
import { isValidChoice } from '@blok/content/catalogue';
import { AppError } from '../errors.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
import type { AccountRepository } from './repository.ts';
import type { RateLimitRepository } from './rate-limit-repository.ts';
import { hashToken, newRefreshToken, type AccessTokens } from './tokens.ts';

// Pragmatic address check: one @, a dot in the domain, no spaces; the real test is the mailbox.
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;

export interface RateLimits {
  loginPerIp: number;
  loginFailuresPerAccount: number;
  registerPerIp: number;
  windowSeconds: number;
}

export interface ClientInfo {
  ip: string;
  userAgent: string;
}

export const normalizeEmail = (email: string) => email.trim().toLowerCase();

function tooMany(retryAfter: number): AppError {
  const minutes = Math.max(1, Math.ceil(retryAfter / 60));
  return new AppError(
    'too_many_requests',
    `Te veel pogingen. Probeer het over ${minutes} ${minutes === 1 ? 'minuut' : 'minuten'} opnieuw.`,
    { 'retry-after': String(retryAfter) },
  );
}

/** Registration, password login, refresh rotation and logout (spec sections 4, 7, 8; ARCHITECTURE Auth). */
export class AuthService {
  constructor(
    private readonly accounts: AccountRepository,
    private readonly limits: RateLimitRepository,
    private readonly tokens: AccessTokens,
    private readonly rateLimits: RateLimits,
  ) {}

  private checkClient(clientId: string): void {
    if (clientId !== CLIENT_ID) throw new AppError('invalid_client', 'Onbekende client.');
  }

  private async issue(userId: string, deviceRowId: string, refreshToken: string): Promise<TokenResponse> {
    return {
      access_token: await this.tokens.sign({ sub: userId, dev: deviceRowId }),
      expires_in: this.tokens.ttlSeconds,
      refresh_token: refreshToken,
      token_type: 'Bearer',
    };
  }

  private async startSession(userId: string, deviceId: string, client: ClientInfo): Promise<TokenResponse> {
    const refreshToken = newRefreshToken();
    const { deviceRowId } = await this.accounts.startDeviceSession({
      userId,
      deviceId,
      userAgent: client.userAgent,
      tokenHash: hashToken(refreshToken),
      familyLifetimeSeconds: REFRESH_TOKEN_LIFETIME_SECONDS,
    });
    return this.issue(userId, deviceRowId, refreshToken);
  }

  async register(
    input: { clientId: string; deviceId: string; email: string; password: string; university: string; study: string; year: string },
    client: ClientInfo,
  ): Promise<TokenResponse> {
    this.checkClient(input.clientId);
    const email = normalizeEmail(input.email);
    if (!EMAIL_PATTERN.test(email)) throw new AppError('invalid_email', 'Ongeldig e-mailadres');
    if (input.password.length < MIN_PASSWORD_LENGTH) {
      throw new AppError('invalid_password_length', 'Wachtwoord moet minimaal 8 karakters lang zijn');
    }
    if (!isValidChoice(input.university, input.study, input.year)) {
      throw new AppError('invalid_request', 'Kies een bestaande universiteit, studie en studiejaar.');
    }
    const hit = await this.limits.hit(`register:ip:${client.ip}`, this.rateLimits.windowSeconds);
    if (hit.count > this.rateLimits.registerPerIp) throw tooMany(hit.retryAfter);
    if (await this.accounts.findUserByEmail(email)) {
      throw new AppError('email_already_exist', 'Er bestaat al een account met dit e-mailadres, ga naar de login pagina');
    }
    const user = await this.accounts.createUser({
      email,
      passwordHash: await hashPassword(input.password),
      university: input.university,
      study: input.study,
      year: input.year,
    });
    if (!user) throw new AppError('email_already_exist', 'Er bestaat al een account met dit e-mailadres, ga naar de login pagina');
    return this.startSession(user.id, input.deviceId, client);
  }

  async loginWithPassword(
    input: { clientId: string; deviceId: string; username: string; password: string },
    client: ClientInfo,
  ): Promise<TokenResponse> {
    this.checkClient(input.clientId);
    const email = normalizeEmail(input.username);
    const window = this.rateLimits.windowSeconds;
    const accountKey = `login:account:${email}`;
    const ipHit = await this.limits.hit(`login:ip:${client.ip}`, window);
    if (ipHit.count > this.rateLimits.loginPerIp) throw tooMany(ipHit.retryAfter);
    const failures = await this.limits.peek(accountKey, window);
    if (failures.count >= this.rateLimits.loginFailuresPerAccount) throw tooMany(failures.retryAfter);

    const user = await this.accounts.findUserByEmail(email);
    const ok = await verifyPassword(user?.password_hash, input.password);
    if (!user || !ok) {
      await this.limits.hit(accountKey, window);
      throw new AppError('invalid_credentials', 'Ongeldige combinatie van gebruikersnaam en wachtwoord');
    }
    await this.limits.reset(accountKey);
    return this.startSession(user.id, input.deviceId, client);
  }

  async refresh(input: { clientId: string; refreshToken: string }): Promise<{ tokens: TokenResponse } | { revokedDevice: true; userId: string; deviceRowId: string }> {
    this.checkClient(input.clientId);
    const row = await this.accounts.findRefreshToken(hashToken(input.refreshToken));
    if (!row) throw new AppError('invalid_grant', 'Je sessie is verlopen. Log opnieuw in.');
    if (row.device_revoked_at !== null) {
      return { revokedDevice: true, userId: row.user_id, deviceRowId: row.device_row_id };
    }
    if (row.used_at !== null || row.revoked_at !== null) {
      // Reuse of a rotated token: someone holds a copy. Revoke the whole family.
      await this.accounts.revokeFamily(row.family_id);
      throw new AppError('invalid_grant', 'Je sessie is verlopen. Log opnieuw in.');
    }
    if (Date.parse(row.family_expires_at) <= Date.now()) {
      await this.accounts.revokeFamily(row.family_id);
      throw new AppError('invalid_grant', 'Je sessie is verlopen. Log opnieuw in.');
    }
    const next = newRefreshToken();
    const rotated = await this.accounts.rotateRefreshToken({
      id: row.id,
      userId: row.user_id,
      deviceRowId: row.device_row_id,
      familyId: row.family_id,
      familyExpiresAt: row.family_expires_at,
      newHash: hashToken(next),
    });
    if (!rotated) {
      await this.accounts.revokeFamily(row.family_id);
      throw new AppError('invalid_grant', 'Je sessie is verlopen. Log opnieuw in.');
    }
    return { tokens: await this.issue(row.user_id, row.device_row_id, next) };
  }

  async logout(refreshToken: string): Promise<void> {
    const row = await this.accounts.findRefreshToken(hashToken(refreshToken));
    if (row) await this.accounts.revokeFamily(row.family_id);
  }
}
