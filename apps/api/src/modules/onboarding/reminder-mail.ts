import { MESSAGES } from '@portal/domain';
import { escapeHtml } from '../mail/html';
import type { MailMessage } from '../mail/mailer';

/** The daily reminder to a client: what is still open, and the page's link (a secret, redacted from the log). */
export function composeOnboardingReminder(input: {
  to: string;
  businessName: string;
  url: string;
  token: string;
  openSteps: readonly string[];
}): MailMessage {
  const agency = 'Agency Portal';
  const text = [
    `Hello ${input.businessName},`,
    '',
    'A few steps of your onboarding are still open:',
    ...input.openSteps.map((s) => `- ${s}`),
    '',
    'Continue on your onboarding page:',
    input.url,
  ].join('\n');
  const html = [
    `<p>Hello ${escapeHtml(input.businessName)},</p>`,
    '<p>A few steps of your onboarding are still open:</p>',
    `<ul>${input.openSteps.map((s) => `<li>${escapeHtml(s)}</li>`).join('')}</ul>`,
    `<p><a href="${escapeHtml(input.url)}">Continue on your onboarding page</a></p>`,
  ].join('');
  return {
    to: input.to,
    subject: MESSAGES.onboardingReminderSubject(agency),
    text,
    html,
    template: 'onboarding_reminder',
    secrets: [input.token],
  };
}
