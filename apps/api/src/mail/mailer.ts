import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';

export interface Mail {
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** Something that delivers a mail. Sending happens in a job, never in a request. */
export interface Mailer {
  readonly transport: 'smtp' | 'outbox';
  send(mail: Mail): Promise<void>;
}

/** Delivers over SMTP (SMTP_URL) with nodemailer. */
export class SmtpMailer implements Mailer {
  readonly transport = 'smtp' as const;
  private readonly transporter: Transporter;

  constructor(
    url: string,
    private readonly from: string,
    /** extra transport options (tests: a loopback server's self-signed certificate) */
    options: Record<string, unknown> = {},
  ) {
    this.transporter = nodemailer.createTransport(url, options);
  }

  async send(mail: Mail): Promise<void> {
    await this.transporter.sendMail({
      from: this.from,
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
      messageId: `<${mail.id}@blok>`,
    });
  }

  close(): void {
    this.transporter.close();
  }
}

/**
 * Without SMTP: writes each mail as an .eml file into the outbox folder and logs where it went and
 * the links it holds, so a developer can open a reset link with no mail server at all.
 */
export class OutboxMailer implements Mailer {
  readonly transport = 'outbox' as const;
  readonly dir: string;

  constructor(
    dir: string,
    private readonly from: string,
    private readonly log: (info: Record<string, unknown>, message: string) => void,
  ) {
    this.dir = resolve(dir);
  }

  fileOf(id: string): string {
    return join(this.dir, `${id}.eml`);
  }

  async send(mail: Mail): Promise<void> {
    mkdirSync(this.dir, { recursive: true, mode: 0o700 });
    const raw = await new Promise<Buffer>((ok, fail) => {
      nodemailer
        .createTransport({ streamTransport: true, buffer: true, newline: 'unix' })
        .sendMail({ from: this.from, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html, messageId: `<${mail.id}@blok>` }, (err, info) =>
          err ? fail(err) : ok(info.message as Buffer),
        );
    });
    const file = this.fileOf(mail.id);
    writeFileSync(file, raw, { mode: 0o600 });
    const links = mail.text.match(/https?:\/\/\S+/g) ?? [];
    this.log({ to: mail.to, subject: mail.subject, file, links }, 'mail written to the outbox (no SMTP_URL configured)');
  }
}
