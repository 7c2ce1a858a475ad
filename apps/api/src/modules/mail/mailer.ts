import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Database } from '../../db/client';
import { mailOutbox } from '../../db/schema';

/** `template` names the kind of message for the e-mail log (password_reset, invite, notification …). */
export type MailMessage = { to: string; subject: string; text: string; html?: string; template?: string };

/**
 * Every message is recorded in mail_outbox (the email log). With SMTP_URL it is also delivered over SMTP;
 * without it the outbox and the server log are the delivery, so a reset link can be followed locally.
 */
export class Mailer {
  private readonly transport: Transporter | null;

  constructor(
    private readonly db: Database,
    private readonly log: FastifyBaseLogger,
    private readonly options: { smtpUrl?: string; from: string },
  ) {
    this.transport = options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : null;
  }

  /** Records the message (and delivers it with SMTP); answers the outbox row's uuid. */
  async send(message: MailMessage): Promise<string | undefined> {
    const [row] = await this.db
      .insert(mailOutbox)
      .values({
        toAddress: message.to,
        subject: message.subject,
        textBody: message.text,
        htmlBody: message.html ?? null,
        transport: this.transport ? 'smtp' : 'outbox',
        template: message.template ?? null,
      })
      .returning({ id: mailOutbox.id, uuid: mailOutbox.uuid });
    if (!this.transport || !row) {
      this.log.info({ mail: { to: message.to, subject: message.subject } }, `mail (outbox):\n${message.text}`);
      return row?.uuid;
    }
    const { template: _template, ...envelope } = message;
    try {
      await this.transport.sendMail({ from: this.options.from, ...envelope });
      await this.db.update(mailOutbox).set({ sentAt: new Date() }).where(eq(mailOutbox.id, row.id));
    } catch (error) {
      // The caller's action (e.g. a reset request) still succeeds; the failure is kept with the message.
      this.log.error({ err: error, to: message.to }, 'SMTP delivery failed');
      await this.db
        .update(mailOutbox)
        .set({ error: String((error as Error).message ?? error).slice(0, 1000) })
        .where(eq(mailOutbox.id, row.id));
    }
    return row.uuid;
  }
}
