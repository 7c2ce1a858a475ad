import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** A message as the recipient gets it, secrets included (SMTP, or the pickup without SMTP). */
export type DeliveredMail = { uuid: string; to: string; subject: string; text: string; html?: string };

/**
 * Where messages are delivered when there is no SMTP server: the e-mail log keeps only redacted copies, so a reset
 * link sent on a development machine or in the end-to-end tests is read from here.
 */
export type MailPickup = { deliver(message: DeliveredMail): Promise<void> | void };

/** MAIL_PICKUP_DIR: one JSON file per message, readable by the server's user only. */
export class DirectoryPickup implements MailPickup {
  constructor(private readonly dir: string) {}

  async deliver(message: DeliveredMail): Promise<void> {
    await mkdir(this.dir, { recursive: true, mode: 0o700 });
    const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${message.uuid}.json`;
    await writeFile(path.join(this.dir, name), JSON.stringify(message), { mode: 0o600 });
  }
}

/** The tests' mailbox: the newest messages as delivered, in memory. */
export class MemoryPickup implements MailPickup {
  readonly messages: DeliveredMail[] = [];

  deliver(message: DeliveredMail): void {
    this.messages.push(message);
    if (this.messages.length > 500) {
      this.messages.shift();
    }
  }

  /** The newest message delivered to the address (e-mails compared case-insensitively). */
  lastTo(address: string): DeliveredMail | undefined {
    const wanted = address.toLowerCase();
    return this.messages.findLast((message) => message.to.toLowerCase() === wanted);
  }
}
