import type { Executor } from '@blok/db';
import type { EnqueueSpec } from '../jobs/queue.ts';
import { MAIL_JOB, type MailJobPayload } from './jobs.ts';
import { MailRepository } from './repository.ts';

/**
 * Mail for the other features: `queue` stores the mail and enqueues its delivery job in the
 * caller's transaction, so a mail goes out exactly when the change that causes it commits.
 */
export class MailService {
  constructor(private readonly jobs: { enqueue(executor: Executor, spec: EnqueueSpec): Promise<boolean> }) {}

  async queue(tx: Executor, mail: { userId: string; to: string; subject: string; text: string; html: string }): Promise<string> {
    const mailId = await new MailRepository(tx).add(mail);
    const payload: MailJobPayload = { mailId };
    await this.jobs.enqueue(tx, { name: MAIL_JOB, payload, dedupeKey: `mail:${mailId}`, maxAttempts: 8 });
    return mailId;
  }

  /** Ids of a user's mails (their outbox files go with her account). */
  mailIdsOf(tx: Executor, userId: string): Promise<string[]> {
    return new MailRepository(tx).idsOf(userId);
  }
}
