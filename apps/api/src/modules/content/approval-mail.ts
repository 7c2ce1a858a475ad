import { CONTENT_MESSAGES } from '@portal/domain';
import type { AppContext } from '../../context';

/** The public page a client opens, outside the signed-in app (web route /approve/:token). */
export const approvalUrl = (appUrl: string, token: string) => `${appUrl}/approve/${token}`;

/**
 * Mails each of the plan's client contacts the link. The token is the credential, so it is declared a secret: the
 * recipient gets it, the e-mail log shows it redacted.
 */
export async function mailApprovalLink(
  ctx: Pick<AppContext, 'mailer'>,
  input: { to: readonly string[]; url: string; token: string; planTitle: string; count: number; expiresAt: Date },
) {
  const expires = input.expiresAt.toISOString().slice(0, 10);
  const what = input.count === 1 ? '1 post' : `${input.count} posts`;
  for (const to of input.to) {
    await ctx.mailer.send({
      to,
      subject: CONTENT_MESSAGES.approvalMailSubject,
      text: [
        `${what} for ${input.planTitle} ${input.count === 1 ? 'is' : 'are'} ready for your review.`,
        '',
        `Approve each one or ask for changes here (no account needed): ${input.url}`,
        '',
        `The link works until ${expires}.`,
      ].join('\n'),
      template: 'content_approval',
      secrets: [input.token],
    });
  }
}
