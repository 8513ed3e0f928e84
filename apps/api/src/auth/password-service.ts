import { randomBytes } from 'node:crypto';
import { MAX_PASSWORD_LENGTH, PASSWORD_RESET_TTL_SECONDS, type ChangePasswordBody, type ForgotPasswordBody, type ResetPasswordBody } from '@blok/contract';
import { validateValue } from '@blok/contract/validation/index';
import type { Executor } from '@blok/db';
import { AppError } from '../errors.ts';
import type { UnitOfWork } from '../write/unit-of-work.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
import { PasswordRepository } from './password-repository.ts';
import { RateLimitRepository } from './rate-limit-repository.ts';
import { RATE_LIMIT_KEYS } from './rate-limit-keys.ts';
import { normalizeEmail, passwordTooLong } from './service.ts';
import { hashToken } from './tokens.ts';

export interface PasswordOptions {
  /** wrong current passwords per account per window before a password change is throttled */
  changeFailuresPerAccount: number;
  /** reset-link requests per IP address, and per e-mail address, per window */
  forgotPerWindow: number;
  /** resets with a bad link (unknown, used, expired) per IP address per window */
  resetFailuresPerIp: number;
  windowSeconds: number;
  /** PUBLIC_URL: the base of the link in the mail */
  publicUrl: string;
  /**
   * Without PUBLIC_URL, build the link from the request's own address. Only outside production: a
   * forged Host header would otherwise put an attacker's address in front of a real token.
   */
  allowRequestOrigin: boolean;
}

/** What the password feature needs of the mail feature. */
export interface MailQueue {
  queue(tx: Executor, mail: { userId: string; to: string; subject: string; text: string; html: string }): Promise<string>;
}

/** The spec's passwordSecurity and passwordConfirm rules, with the same function the forms use. */
export function assertPasswordRules(password: string, confirmation: string): void {
  if (Array.from(password).length > MAX_PASSWORD_LENGTH) throw passwordTooLong();
  if (validateValue(password, 'required|passwordSecurity', { fieldName: 'password', locale: 'nl' }) !== true) {
    throw new AppError('weak_password', 'Dit wachtwoord komt niet overeen met het veiligheidsbeleid');
  }
  if (password !== confirmation) throw new AppError('validation_failed', 'Deze wachtwoorden komen niet overeen');
}

function tooMany(retryAfter: number, what: string): AppError {
  const minutes = Math.max(1, Math.ceil(retryAfter / 60));
  return new AppError('too_many_requests', `Te veel ${what}. Probeer het over ${minutes} ${minutes === 1 ? 'minuut' : 'minuten'} opnieuw.`, {
    'retry-after': String(retryAfter),
  });
}

const invalidResetToken = () => new AppError('invalid_reset_token', 'Deze link is verlopen of al gebruikt. Vraag een nieuwe link aan.');

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

/** The reset mail, in Dutch. */
export function resetMail(link: string): { subject: string; text: string; html: string } {
  const subject = 'Stel een nieuw wachtwoord in voor Blok';
  const text = [
    'Hoi,',
    '',
    'Je hebt gevraagd om een nieuw wachtwoord voor je Blok-account. Via deze link stel je een nieuw wachtwoord in:',
    '',
    link,
    '',
    'De link werkt één keer en is een uur geldig. Heb je dit niet zelf gevraagd? Dan hoef je niets te doen: je wachtwoord blijft hetzelfde.',
    '',
    'Groeten,',
    'Blok',
  ].join('\n');
  const href = escapeHtml(link);
  const html = `<!doctype html><html lang="nl"><body style="font-family:sans-serif;line-height:1.5;color:#1a1a2e">
<p>Hoi,</p>
<p>Je hebt gevraagd om een nieuw wachtwoord voor je Blok-account. Via deze link stel je een nieuw wachtwoord in:</p>
<p><a href="${href}">Nieuw wachtwoord instellen</a></p>
<p>De link werkt één keer en is een uur geldig. Heb je dit niet zelf gevraagd? Dan hoef je niets te doen: je wachtwoord blijft hetzelfde.</p>
<p>Groeten,<br>Blok</p>
</body></html>`;
  return { subject, text, html };
}

/**
 * Changing a password while signed in, and forgot/reset password (issue 11). The forgot answer is
 * the same whether or not the address has an account (no enumeration); the mail is queued in the
 * same transaction as its token.
 */
export class PasswordService {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly mail: MailQueue,
    private readonly options: PasswordOptions,
  ) {}

  /**
   * Changes the password after checking the current one, and signs every other device out. The
   * device making the change stays signed in. Throttled per account like logins: the attempt is
   * reserved as a failure before the current password is checked (one atomic upsert), so concurrent
   * wrong guesses get exactly `changeFailuresPerAccount` evaluations; the right one clears the counter.
   */
  async changePassword(userId: string, deviceRowId: string, input: ChangePasswordBody): Promise<null> {
    // The new password's rules first: they need no secret, and a refusal for them is no failure.
    assertPasswordRules(input.newPassword, input.newPasswordConfirmation);
    const key = RATE_LIMIT_KEYS.passwordChangeAccount(userId);
    const refused = await this.uow.apart((tx) => new RateLimitRepository(tx).reserve([[key, this.options.changeFailuresPerAccount]], this.options.windowSeconds));
    if (refused) throw tooMany(refused.retryAfter, 'pogingen');
    const current = await new PasswordRepository(this.uow.db).passwordHash(userId);
    if (!(await verifyPassword(current, input.currentPassword))) {
      throw new AppError('invalid_current_password', 'Je huidige wachtwoord klopt niet.');
    }
    const hash = await hashPassword(input.newPassword);
    return this.uow.run(async (tx) => {
      const repo = new PasswordRepository(tx);
      await new RateLimitRepository(tx).reset(key);
      await repo.setPasswordHash(userId, hash);
      await repo.revokeDevices(userId, deviceRowId);
      return null;
    });
  }

  /**
   * Her password, asked again before something that cannot be undone (deleting the account,
   * issue 26). Throttled per account exactly like a password change, on its own counter; a right
   * password clears it.
   */
  async confirmPassword(userId: string, password: string): Promise<void> {
    const key = `password-confirm:account:${userId}`;
    const refused = await this.uow.apart((tx) => new RateLimitRepository(tx).reserve([[key, this.options.changeFailuresPerAccount]], this.options.windowSeconds));
    if (refused) throw tooMany(refused.retryAfter, 'pogingen');
    const current = await new PasswordRepository(this.uow.db).passwordHash(userId);
    if (!(await verifyPassword(current, password))) throw new AppError('invalid_current_password', 'Dit wachtwoord klopt niet.');
    await this.uow.apart((tx) => new RateLimitRepository(tx).reset(key));
  }

  async requestResetLink(input: ForgotPasswordBody, client: { ip: string }, requestOrigin: string): Promise<{ sent: true }> {
    const appUrl = this.options.publicUrl || (this.options.allowRequestOrigin ? requestOrigin : '');
    if (!appUrl) throw new Error('PUBLIC_URL is required in production to mail password reset links');
    const email = normalizeEmail(input.email);
    const limits = new RateLimitRepository(this.uow.db);
    const window = this.options.windowSeconds;
    const ipHit = await limits.hit(RATE_LIMIT_KEYS.forgotIp(client.ip), window);
    const mailHit = await limits.hit(RATE_LIMIT_KEYS.forgotEmail(email), window);
    const hit = ipHit.count > this.options.forgotPerWindow ? ipHit : mailHit.count > this.options.forgotPerWindow ? mailHit : null;
    if (hit) throw tooMany(hit.retryAfter, 'aanvragen');
    return this.uow.run(async (tx) => {
      const repo = new PasswordRepository(tx);
      const user = await repo.findUserByEmail(email);
      if (user) {
        const token = randomBytes(32).toString('base64url');
        await repo.createResetToken(user.id, hashToken(token), PASSWORD_RESET_TTL_SECONDS);
        const link = `${appUrl.replace(/\/+$/, '')}/auth/reset-password?token=${token}`;
        await this.mail.queue(tx, { userId: user.id, to: user.email, ...resetMail(link) });
      }
      return { sent: true as const };
    });
  }

  /**
   * Sets the new password with a valid link, once; every device of the student is signed out. The
   * link is looked up before the password is hashed (argon2, 19 MiB), so a bad link costs one
   * indexed read; each attempt is reserved as a failure of the address first (atomic, as logins
   * do) and given back when the reset succeeds, so an address stops after `resetFailuresPerIp` bad links.
   */
  async reset(input: ResetPasswordBody, client: { ip: string }): Promise<null> {
    assertPasswordRules(input.password, input.passwordConfirmation);
    const key = RATE_LIMIT_KEYS.resetFailIp(client.ip);
    const refused = await this.uow.apart((tx) => new RateLimitRepository(tx).reserve([[key, this.options.resetFailuresPerIp]], this.options.windowSeconds));
    if (refused) throw tooMany(refused.retryAfter, 'pogingen');
    const tokenHash = hashToken(input.token);
    if (!(await new PasswordRepository(this.uow.db).isUsableResetToken(tokenHash))) throw invalidResetToken();
    const hash = await hashPassword(input.password);
    return this.uow.run(async (tx) => {
      const repo = new PasswordRepository(tx);
      // Used meanwhile by a concurrent reset with the same link: the conditional update decides.
      const userId = await repo.consumeResetToken(tokenHash);
      if (!userId) throw invalidResetToken();
      await repo.invalidateResetTokens(userId);
      await repo.setPasswordHash(userId, hash);
      await repo.revokeDevices(userId, null);
      await new RateLimitRepository(tx).release(key);
      return null;
    });
  }
}
