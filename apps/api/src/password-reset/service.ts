import { randomBytes } from 'node:crypto';
import { PASSWORD_RESET_TTL_SECONDS, type ForgotPasswordBody, type ResetPasswordBody } from '@blok/contract';
import { AppError } from '../errors.ts';
import { hashPassword } from '../auth/passwords.ts';
import { normalizeEmail } from '../auth/service.ts';
import { hashToken } from '../auth/tokens.ts';
import { RateLimitRepository } from '../auth/rate-limit-repository.ts';
import { MailRepository } from '../mail/repository.ts';
import { MAIL_JOB, type MailJobPayload } from '../mail/jobs.ts';
import { UserRepository } from '../user/repository.ts';
import { assertPasswordRules } from '../user/password-rules.ts';
import type { JobQueue } from '../push/service.ts';
import type { UnitOfWork } from '../write/unit-of-work.ts';
import { PasswordResetRepository } from './repository.ts';

export interface PasswordResetOptions {
  /** requests per IP address, and per e-mail address, per window */
  perWindow: number;
  windowSeconds: number;
  /** PUBLIC_URL: the base of the link in the mail */
  publicUrl: string;
  /**
   * Without PUBLIC_URL, build the link from the request's own address. Only outside production: a
   * forged Host header would otherwise put an attacker's address in front of a real token.
   */
  allowRequestOrigin: boolean;
}

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
 * Forgot and reset password (issue 11). The forgot answer is the same whether or not the address
 * has an account (no enumeration); the mail is a job enqueued in the same transaction as its token.
 */
export class PasswordResetService {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly jobs: JobQueue,
    private readonly options: PasswordResetOptions,
  ) {}

  async requestLink(input: ForgotPasswordBody, client: { ip: string }, requestOrigin: string): Promise<{ sent: true }> {
    const appUrl = this.options.publicUrl || (this.options.allowRequestOrigin ? requestOrigin : '');
    if (!appUrl) throw new Error('PUBLIC_URL is required in production to mail password reset links');
    const email = normalizeEmail(input.email);
    const limits = new RateLimitRepository(this.uow.db);
    const window = this.options.windowSeconds;
    const ipHit = await limits.hit(`forgot:ip:${client.ip}`, window);
    const mailHit = await limits.hit(`forgot:email:${email}`, window);
    const hit = ipHit.count > this.options.perWindow ? ipHit : mailHit.count > this.options.perWindow ? mailHit : null;
    if (hit) {
      const minutes = Math.max(1, Math.ceil(hit.retryAfter / 60));
      throw new AppError('too_many_requests', `Te veel aanvragen. Probeer het over ${minutes} ${minutes === 1 ? 'minuut' : 'minuten'} opnieuw.`, {
        'retry-after': String(hit.retryAfter),
      });
    }
    return this.uow.run(async (tx) => {
      const user = await tx.selectFrom('users').select(['id', 'email']).where('email', '=', email).executeTakeFirst();
      if (user) {
        const token = randomBytes(32).toString('base64url');
        await new PasswordResetRepository(tx).create(user.id, hashToken(token), PASSWORD_RESET_TTL_SECONDS);
        const link = `${appUrl.replace(/\/+$/, '')}/auth/reset-password?token=${token}`;
        const mailId = await new MailRepository(tx).add({ userId: user.id, to: user.email, ...resetMail(link) });
        const payload: MailJobPayload = { mailId };
        await this.jobs.enqueue(tx, { name: MAIL_JOB, payload, dedupeKey: `mail:${mailId}`, maxAttempts: 8 });
      }
      return { sent: true as const };
    });
  }

  /** Sets the new password with a valid link, once; every device of the student is signed out. */
  async reset(input: ResetPasswordBody): Promise<null> {
    assertPasswordRules(input.password, input.passwordConfirmation);
    const hash = await hashPassword(input.password);
    return this.uow.run(async (tx) => {
      const tokens = new PasswordResetRepository(tx);
      const userId = await tokens.consume(hashToken(input.token));
      if (!userId) throw new AppError('invalid_reset_token', 'Deze link is verlopen of al gebruikt. Vraag een nieuwe link aan.');
      await tokens.invalidateAll(userId);
      const users = new UserRepository(tx);
      await users.setPasswordHash(userId, hash);
      await users.revokeDevices(userId, null);
      return null;
    });
  }
}
