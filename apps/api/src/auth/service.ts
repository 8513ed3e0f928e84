import { CLIENT_ID, DEVICE_ID_HEADER, MAX_PASSWORD_LENGTH, REFRESH_TOKEN_LIFETIME_SECONDS, type TokenResponse } from '@blok/contract';
import { isSecurePassword, isValidEmail, MIN_PASSWORD_LENGTH } from '@blok/domain/credentials';
import { AppError } from '../errors.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
import { AccountRepository } from './repository.ts';
import { RateLimitRepository } from './rate-limit-repository.ts';
import { RATE_LIMIT_KEYS, accountKeys } from './rate-limit-keys.ts';
import type { DeviceCookie, DeviceCookies } from './device-cookies.ts';
import { keepChanges, type Executor, type UnitOfWork } from '../write/unit-of-work.ts';
import { hashToken, newRefreshToken, openSuccessor, sealSuccessor, type AccessTokens } from './tokens.ts';

/** A password over MAX_PASSWORD_LENGTH characters (an emoji counts as one), refused with the forms' clear text. */
export const passwordTooLong = () => new AppError('password_too_long', `Je wachtwoord mag maximaal ${MAX_PASSWORD_LENGTH} tekens lang zijn`);

/**
 * Login and registration throttling (decisions 012 and 017), per window of `windowSeconds`. Failures
 * are reserved before the password is checked (atomic upserts: the address's, then the failure
 * counters in one statement), so concurrent guesses cannot slip past a limit; a refused attempt
 * gives every reservation back (only evaluated passwords count), and so does a successful login.
 * A browser with a device cookie for the account is counted per cookie instead (decision 017).
 */
export interface RateLimits {
  /** password logins per address (a lecture hall behind one NAT logs in from one address) */
  loginPerIp: number;
  /** failed logins per account from one address (or per device cookie): what stops guessing one account */
  loginFailuresPerAccountAndIp: number;
  /** failed logins per account from all addresses together (a distributed attack) */
  loginFailuresPerAccount: number;
  /** failed logins per address over all accounts (trying many accounts) */
  loginFailuresPerIp: number;
  registerPerIp: number;
  windowSeconds: number;
}

/**
 * A just-rotated refresh token presented again from its own device within this many seconds gets
 * the same successor (a lost answer, two tabs); later, or from elsewhere, it revokes the family.
 */
export const REFRESH_REUSE_INTERVAL_SECONDS = 10;

export interface ClientInfo {
  ip: string;
  userAgent: string;
  /** the request's cookies: a device cookie for the account lets its login past the shared counters */
  cookies?: Readonly<Record<string, string>>;
}

/** A sign-in's answer: the tokens, and the device cookie the browser keeps for its next logins. */
export interface SignedIn {
  tokens: TokenResponse;
  /** null without device cookies (the bench's twin) */
  deviceCookie: DeviceCookie | null;
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
    private readonly uow: UnitOfWork,
    private readonly tokens: AccessTokens,
    private readonly rateLimits: RateLimits,
    /** the catalogue: whether a study choice exists (decision 031) */
    private readonly choices: { isValidChoice(university: string, study: string, year: string): Promise<boolean> },
    /** null: no device cookies, every login counts on the shared counters */
    private readonly deviceCookies: DeviceCookies | null = null,
  ) {}

  /** Repositories on the current unit of work's transaction, or on the database. */
  private get accounts(): AccountRepository {
    return new AccountRepository(this.uow.executor);
  }

  private get limits(): RateLimitRepository {
    return new RateLimitRepository(this.uow.executor);
  }

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

  /** Signs the user in on this device (and out everywhere else); part of the caller's unit of work. */
  private async startSession(tx: Executor, userId: string, deviceId: string, client: ClientInfo): Promise<TokenResponse> {
    const refreshToken = newRefreshToken();
    const { deviceRowId } = await new AccountRepository(tx).startDeviceSession({
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
  ): Promise<SignedIn> {
    this.checkClient(input.clientId);
    const email = normalizeEmail(input.email);
    // The forms' own rules (spec section 5), so the server refuses what the form refuses.
    if (!isValidEmail(email)) throw new AppError('invalid_email', 'Ongeldig e-mailadres');
    if (Array.from(input.password).length < MIN_PASSWORD_LENGTH) {
      throw new AppError('invalid_password_length', 'Wachtwoord moet minimaal 8 karakters lang zijn');
    }
    if (Array.from(input.password).length > MAX_PASSWORD_LENGTH) throw passwordTooLong();
    if (!isSecurePassword(input.password)) {
      throw new AppError('weak_password', 'Dit wachtwoord komt niet overeen met het veiligheidsbeleid');
    }
    if (!(await this.choices.isValidChoice(input.university, input.study, input.year))) {
      throw new AppError('invalid_request', 'Kies een bestaande universiteit, studie en studiejaar.');
    }
    const hit = await this.limits.hit(RATE_LIMIT_KEYS.registerIp(client.ip), this.rateLimits.windowSeconds);
    if (hit.count > this.rateLimits.registerPerIp) throw tooMany(hit.retryAfter);
    if (await this.accounts.findUserByEmail(email)) {
      throw new AppError('email_already_exist', 'Er bestaat al een account met dit e-mailadres, ga naar de login pagina');
    }
    // Hashing is slow on purpose: done before the transaction, which then stays short.
    const passwordHash = await hashPassword(input.password);
    const tokens = await this.uow.run(async (tx) => {
      const user = await new AccountRepository(tx).createUser({
        email,
        passwordHash,
        university: input.university,
        study: input.study,
        year: input.year,
      });
      if (!user) throw new AppError('email_already_exist', 'Er bestaat al een account met dit e-mailadres, ga naar de login pagina');
      return this.startSession(tx, user.id, input.deviceId, client);
    });
    // She proved the password on this browser: its later logins to the account are hers.
    return { tokens, deviceCookie: this.deviceCookies?.issue(email) ?? null };
  }

  async loginWithPassword(
    input: { clientId: string; deviceId: string; username: string; password: string },
    client: ClientInfo,
  ): Promise<SignedIn> {
    this.checkClient(input.clientId);
    const email = normalizeEmail(input.username);
    const window = this.rateLimits.windowSeconds;
    // A browser that signed in to this account before (a valid device cookie, decision 017) is
    // counted on its own: its failures per cookie, with the account+address limit, and neither the
    // account's counter nor the address's failure ceiling stop it (a lecture hall behind one
    // address, an owner whose account is under attack). Everyone else on the shared three.
    const trustedNonce = this.deviceCookies && client.cookies ? this.deviceCookies.verify(email, client.cookies) : null;
    const reservations: Array<[key: string, limit: number]> = trustedNonce
      ? [[RATE_LIMIT_KEYS.loginFailDevice(trustedNonce), this.rateLimits.loginFailuresPerAccountAndIp]]
      : [
          [RATE_LIMIT_KEYS.loginFailAccountIp(email, client.ip), this.rateLimits.loginFailuresPerAccountAndIp],
          [RATE_LIMIT_KEYS.loginFailAccount(email), this.rateLimits.loginFailuresPerAccount],
          [RATE_LIMIT_KEYS.loginFailIp(client.ip), this.rateLimits.loginFailuresPerIp],
        ];
    // The counters in one commit of their own, before the password check. The address first: over
    // its limit, the failure counters are left alone. Then the reservations in one statement, its
    // rows always in this order (concurrent logins never wait on each other's counters in a cycle):
    // each upsert counts and answers in one statement, so 40 concurrent guesses get 10 evaluations.
    // A refused attempt gives every reservation back in the same transaction: only passwords that
    // were checked count, so one address's refused guesses never add to the account's counter
    // (101 guesses from one address used to lock the owner out everywhere, issue 25).
    const refused = await this.uow.apart(async (tx) => {
      const limits = new RateLimitRepository(tx);
      const ip = await limits.hit(RATE_LIMIT_KEYS.loginIp(client.ip), window);
      if (ip.count > this.rateLimits.loginPerIp) return ip;
      return limits.reserve(reservations, window);
    });
    if (refused) throw tooMany(refused.retryAfter);

    const user = await this.accounts.findUserByEmail(email);
    const ok = await verifyPassword(user?.password_hash, input.password);
    if (!user || !ok) throw new AppError('invalid_credentials', 'Ongeldige combinatie van gebruikersnaam en wachtwoord');
    const tokens = await this.uow.run(async (tx) => {
      const tokens = await this.startSession(tx, user.id, input.deviceId, client);
      // Not a failure after all: her own counter starts over, the shared ones get the attempt back,
      // one by one in the order they were reserved (every login locks the counters in one order).
      // Last, after the user's row and her devices: the address's counter is shared by every login
      // from that address (a campus network), and its row stays locked until the commit.
      const repo = new RateLimitRepository(tx);
      await repo.reset(reservations[0]![0]);
      for (const [key] of reservations.slice(1)) await repo.release(key);
      return tokens;
    });
    // A new cookie on every sign-in (a new nonce: the old one's failures stay with the old one).
    return { tokens, deviceCookie: this.deviceCookies?.issue(email) ?? null };
  }

  /**
   * Exchanges a refresh token for new tokens, rotating it (one transaction). A used or revoked token
   * revokes its whole family (someone holds a copy) and answers invalid_grant; a token of a device
   * signed out by a newer login answers device_revoked with the active device in the header.
   */
  refresh(input: { clientId: string; refreshToken: string; deviceId?: string }): Promise<TokenResponse> {
    this.checkClient(input.clientId);
    const expired = () => new AppError('invalid_grant', 'Je sessie is verlopen. Log opnieuw in.');
    return this.uow.run(async (tx) => {
      const accounts = new AccountRepository(tx);
      const row = await accounts.findRefreshToken(hashToken(input.refreshToken));
      if (!row) throw expired();
      // Signed out by logout, a password change or a detected reuse: the session is over.
      if (row.device_revoked_at !== null && row.device_revoked_reason !== null && row.device_revoked_reason !== 'replaced') throw expired();
      if (row.device_revoked_at !== null) {
        const state = await accounts.deviceState(row.user_id, row.device_row_id);
        throw new AppError(
          'device_revoked',
          'Je bent uitgelogd omdat er op een ander apparaat is ingelogd.',
          state.activeDeviceId ? { [DEVICE_ID_HEADER]: state.activeDeviceId } : {},
        );
      }
      if (Date.parse(row.family_expires_at) <= Date.now()) {
        await accounts.revokeFamily(row.family_id);
        throw keepChanges(expired());
      }
      if (row.used_at !== null || row.revoked_at !== null) {
        // A repeat of the token just rotated, from its own device, within the reuse interval: a
        // lost answer or a second tab. It gets the same successor instead of a revocation.
        const successor = row.revoked_at === null && this.withinReuseInterval(row.used_at) && row.device_client_id === input.deviceId ? openSuccessor(input.refreshToken, row.successor_enc) : null;
        if (successor) return this.issue(row.user_id, row.device_row_id, successor);
        // Reuse of a rotated token: someone holds a copy. Revoke the family and sign the device out.
        await accounts.revokeFamily(row.family_id, 'reuse');
        throw keepChanges(expired());
      }
      const next = newRefreshToken();
      const rotated = await accounts.rotateRefreshToken({
        id: row.id,
        userId: row.user_id,
        deviceRowId: row.device_row_id,
        familyId: row.family_id,
        familyExpiresAt: row.family_expires_at,
        newHash: hashToken(next),
        successorEnc: sealSuccessor(input.refreshToken, next),
      });
      if (!rotated) {
        // A concurrent use of the same token won the rotation (two tabs at once): within the reuse
        // interval from the same device it shares the winner's successor, otherwise it is a reuse.
        const again = await accounts.findRefreshToken(hashToken(input.refreshToken));
        const successor =
          again && again.revoked_at === null && this.withinReuseInterval(again.used_at) && again.device_client_id === input.deviceId
            ? openSuccessor(input.refreshToken, again.successor_enc)
            : null;
        if (successor) return this.issue(row.user_id, row.device_row_id, successor);
        await accounts.revokeFamily(row.family_id, 'reuse');
        throw keepChanges(expired());
      }
      return this.issue(row.user_id, row.device_row_id, next);
    });
  }

  /** Revokes the refresh token family of this sign-in. */
  logout(refreshToken: string): Promise<null> {
    return this.uow.run(async (tx) => {
      const accounts = new AccountRepository(tx);
      const row = await accounts.findRefreshToken(hashToken(refreshToken));
      // The device is signed out too, so its access tokens stop working at once.
      if (row) await accounts.revokeFamily(row.family_id, 'logout');
      return null;
    });
  }

  private withinReuseInterval(usedAt: string | null): boolean {
    return usedAt !== null && Date.now() - Date.parse(usedAt) <= REFRESH_REUSE_INTERVAL_SECONDS * 1000;
  }

  /** The device rows that matter for a request: is the token's device revoked, which device is active. */
  deviceState(userId: string, deviceRowId: string) {
    return this.accounts.deviceState(userId, deviceRowId);
  }

  /** deviceState and the user (null when her account is gone) in one query: every authenticated request. */
  requestContext(userId: string, deviceRowId: string) {
    return this.accounts.requestContext(userId, deviceRowId);
  }

  /** Maintenance (a job): removes ended refresh token families and ended rate-limit windows. */
  async purgeExpired(tx: Executor): Promise<{ refreshTokens: number; rateLimits: number }> {
    const refreshTokens = await new AccountRepository(tx).purgeEndedFamilies(new Date().toISOString());
    const rateLimits = await new RateLimitRepository(tx).purgeEnded(this.rateLimits.windowSeconds);
    return { refreshTokens, rateLimits };
  }

  /**
   * Account deletion (UserService.deleteAccount): forgets her throttling counters, the ones keyed
   * by her e-mail address or her id, in the deletion's transaction. Her devices and tokens go with
   * her row (foreign keys).
   */
  async forgetAccount(tx: Executor, account: { id: string; email: string }): Promise<void> {
    const { keys, prefixes } = accountKeys(account);
    await new RateLimitRepository(tx).forget(keys, prefixes);
  }
}
