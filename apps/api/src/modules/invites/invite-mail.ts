import { INVITE_INCLUSIONS, type InviteInclusion } from '@portal/domain';
import type { InviteInclusions } from '../../db/schema';
import { escapeHtml } from '../mail/html';
import type { MailMessage } from '../mail/mailer';
import type { InviteMailLink } from './invite-hooks';

/** How each inclusion reads in the e-mail (the Include choice of the invite dialog and the other flags). */
export const INCLUSION_LABELS: Record<InviteInclusion, string> = {
  social_media: 'Social media',
  creative_package: 'Creative package',
  video_production: 'Video production',
  website: 'Website',
  advertising: 'Advertising',
  schedule_call_link: 'Schedule a call',
  welcome_kit: 'Welcome kit',
  login_register: 'Login/Register',
  leadsie_manage_link: 'Leadsie manage link',
  leadsie_social_link: 'Leadsie social link',
};

export function inviteLink(appUrl: string, token: string): string {
  return `${appUrl}/register?invite=${encodeURIComponent(token)}`;
}

/** The invitation e-mail: which client invites, the link (register, or sign in when the address has an account). */
export function composeInviteMail(input: {
  appUrl: string;
  to: string;
  token: string;
  businessName: string;
  inclusions: InviteInclusions;
  /** Further links (the client's onboarding page), each with its one-time secret. */
  links?: readonly InviteMailLink[];
}): MailMessage {
  const links = input.links ?? [];
  const link = inviteLink(input.appUrl, input.token);
  const included = INVITE_INCLUSIONS.filter((k) => input.inclusions[k]).map((k) => INCLUSION_LABELS[k]);
  const client = input.businessName;
  const text = [
    `${client} invites you to join them on Agency Portal.`,
    '',
    'Accept the invitation here (register, or sign in if you already have an account):',
    link,
    ...(included.length ? ['', 'Included:', ...included.map((label) => `- ${label}`)] : []),
    ...links.flatMap((l) => ['', `${l.label}:`, l.url]),
    '',
    'If you were not expecting this invitation, you can ignore this e-mail.',
  ].join('\n');
  const html = [
    `<p>${escapeHtml(client)} invites you to join them on Agency Portal.</p>`,
    `<p><a href="${link}">Accept the invitation</a> (register, or sign in if you already have an account).</p>`,
    included.length
      ? `<p>Included:</p><ul>${included.map((label) => `<li>${escapeHtml(label)}</li>`).join('')}</ul>`
      : '',
    ...links.map((l) => `<p><a href="${escapeHtml(l.url)}">${escapeHtml(l.label)}</a></p>`),
    '<p>If you were not expecting this invitation, you can ignore this e-mail.</p>',
  ].join('');
  return {
    to: input.to,
    subject: `${client} invites you to Agency Portal`,
    text,
    html,
    template: 'invite',
    secrets: [input.token, ...links.map((l) => l.secret)],
  };
}
