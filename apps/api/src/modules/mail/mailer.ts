import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Database } from '../../db/client';
import { mailOutbox } from '../../db/schema';
import { countEmail } from '../../ops';
import type { MailPickup } from './pickup';
import { redactMessage } from './secrets';

/**
 * `template` names the kind of message for the e-mail log (password_reset, invite, notification …). `secrets` lists
 * every one-time value the message carries (a link's token): the recipient gets them, the e-mail log and the server
 * log show `[redacted]` in their place. A message with a sign-in, reset or any other secret link must declare it.
 */
export type MailMessage = {
  to: string;
  subject: string;
  text: string;
  html?: string;
  template?: string;
  secrets?: readonly string[];
};

export type { DeliveredMail } from './pickup';

/**
 * Every message is recorded in mail_outbox (the email log) with its secrets redacted (mail/secrets.ts). With
 * SMTP_URL it is also delivered over SMTP; without it the pickup (MAIL_PICKUP_DIR, tests: memory) is the delivery.
 */
export class Mailer {
  private readonly transport: Transporter | null;

  constructor(
    private readonly db: Database,
    private readonly log: FastifyBaseLogger,
    private readonly options: { smtpUrl?: string; from: string; pickup?: MailPickup },
  ) {
    this.transport = options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : null;
  }

  /** Records the message (and delivers it with SMTP); answers the outbox row's uuid. */
  async send(message: MailMessage): Promise<string | undefined> {
    const stored = redactMessage(message, message.secrets);
    const [row] = await this.db
      .insert(mailOutbox)
      .values({
        toAddress: message.to,
        subject: stored.subject,
        textBody: stored.text,
        htmlBody: stored.html,
        redacted: stored.redacted,
        transport: this.transport ? 'smtp' : 'outbox',
        template: message.template ?? null,
      })
      .returning({ id: mailOutbox.id, uuid: mailOutbox.uuid });
    const { template: _template, secrets: _secrets, ...envelope } = message;
    if (!this.transport || !row) {
      this.log.info({ mail: { to: message.to, subject: stored.subject } }, `mail (outbox):\n${stored.text}`);
      countEmail('outbox');
      if (row && this.options.pickup) {
        await this.options.pickup.deliver({ uuid: row.uuid, ...envelope });
      }
      return row?.uuid;
    }
    try {
      await this.transport.sendMail({ from: this.options.from, ...envelope });
      countEmail('sent');
      await this.db.update(mailOutbox).set({ sentAt: new Date() }).where(eq(mailOutbox.id, row.id));
    } catch (error) {
      // The caller's action (e.g. a reset request) still succeeds; the failure is kept with the message.
      countEmail('failed');
      this.log.error({ err: error, to: message.to }, 'SMTP delivery failed');
      await this.db
        .update(mailOutbox)
        .set({ error: String((error as Error).message ?? error).slice(0, 1000) })
        .where(eq(mailOutbox.id, row.id));
    }
    return row.uuid;
  }
}
