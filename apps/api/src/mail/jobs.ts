import type { Executor } from '@blok/db';
import type { JobRegistry } from '../push/jobs.ts';
import type { Mailer } from './mailer.ts';
import { MailRepository } from './repository.ts';

export const MAIL_JOB = 'mail.send';

export interface MailJobPayload {
  mailId: string;
}

/** Sends one stored mail; a mail already sent (a retry after a crash) is not sent again. */
export async function sendStoredMail(db: Executor, mailer: Mailer, payload: MailJobPayload): Promise<'sent' | 'skipped'> {
  const repo = new MailRepository(db);
  const mail = await repo.find(payload.mailId);
  if (!mail || mail.sent_at) return 'skipped';
  await mailer.send({ id: mail.id, to: mail.to_address, subject: mail.subject, text: mail.text_body, html: mail.html_body });
  await repo.markSent(mail.id, mailer.transport);
  return 'sent';
}

/** Mail goes out by job: a slow mail server never holds up a request. Outside the transaction (at least once). */
export function registerMailJobs(jobs: Pick<JobRegistry, 'register'>, mailer: Mailer): void {
  jobs.register(
    MAIL_JOB,
    async (payload, { tx }) => {
      await sendStoredMail(tx, mailer, payload as MailJobPayload);
    },
    { transactional: false, leaseSeconds: 120 },
  );
}
