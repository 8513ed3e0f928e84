// Tables of the mail outbox.
// Owner: apps/api/src/mail. Only the owner's code names them in a query; another feature asks the
// owner's service (decision 020; eslint.config.js reads this file).

/** A mail waiting for (or past) delivery by the mail job. */
export interface MailOutboxTable {
  id: string;
  user_id: string;
  to_address: string;
  subject: string;
  /** cleared once sent */
  text_body: string;
  html_body: string;
  created_at: string;
  sent_at: string | null;
  /** 'smtp' or 'outbox' */
  transport: string | null;
}

/** The tables owned by mail: their names as Kysely sees them. */
export interface MailTables {
  mail_outbox: MailOutboxTable;
}
