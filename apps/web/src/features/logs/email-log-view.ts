import { type EmailLogDetail, MESSAGES } from '@portal/domain';

export type EmailLogView = {
  /** hidden: mail to another staff member, whose body only super users read (the server sends none). */
  body: 'hidden' | 'html' | 'text';
  /** A failed message can be sent again, unless its one-time links were redacted from the log. */
  canResend: boolean;
  /** Why links read [redacted], or why a failed message cannot be resent. */
  redactionNotice: string | null;
};

/** What the e-mail log's message modal shows for a message and the view the reader picked. */
export function emailLogView(
  detail: Pick<EmailLogDetail, 'html' | 'body_hidden' | 'redacted' | 'status'>,
  preferred: 'html' | 'text',
): EmailLogView {
  const failed = detail.status === 'failed';
  return {
    body: detail.body_hidden ? 'hidden' : preferred === 'html' && detail.html ? 'html' : 'text',
    canResend: failed && !detail.redacted,
    redactionNotice: detail.redacted ? (failed ? MESSAGES.emailRedactedNoResend : MESSAGES.emailLinksRedacted) : null,
  };
}
