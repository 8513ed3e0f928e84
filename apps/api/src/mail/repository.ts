import { uuidv7, type Executor, type MailOutboxTable } from '@blok/db';

/** Mails waiting for (or past) delivery. */
export class MailRepository {
  constructor(private readonly db: Executor) {}

  async add(mail: { userId: string; to: string; subject: string; text: string; html: string }): Promise<string> {
    const id = uuidv7();
    await this.db
      .insertInto('mail_outbox')
      .values({
        id,
        user_id: mail.userId,
        to_address: mail.to,
        subject: mail.subject,
        text_body: mail.text,
        html_body: mail.html,
        created_at: new Date().toISOString(),
        sent_at: null,
        transport: null,
      })
      .execute();
    return id;
  }

  find(id: string): Promise<MailOutboxTable | undefined> {
    return this.db.selectFrom('mail_outbox').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** Marks the mail sent and clears its body: a reset link must not outlive its delivery here. */
  async markSent(id: string, transport: string): Promise<void> {
    await this.db
      .updateTable('mail_outbox')
      .set({ sent_at: new Date().toISOString(), transport, text_body: '', html_body: '' })
      .where('id', '=', id)
      .execute();
  }

  /** Ids of a user's mails (to remove their outbox files with the account). */
  async idsOf(userId: string): Promise<string[]> {
    const rows = await this.db.selectFrom('mail_outbox').select('id').where('user_id', '=', userId).execute();
    return rows.map((r) => r.id);
  }
}
