import { escapeHtml } from './html';

/** What the e-mail log shows in place of a one-time secret. */
export const REDACTED = '[redacted]';

/**
 * Query parameters of links that carry a one-time secret (reset/welcome `token`, verification `token`, client
 * `invite`). The backstop behind the `secrets` a sender declares: a future template that forgets to declare its
 * token still never stores it. Migration 0028 redacted the rows logged before with the same parameters.
 */
export const LINK_SECRET_PARAMETERS = ['token', 'invite'] as const;

const LINK_SECRET_PATTERN = new RegExp(`([?&](?:amp;)?(?:${LINK_SECRET_PARAMETERS.join('|')})=)[^&\\s"'<>]+`, 'g');

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Every way a secret can appear in a message: as is, URL-encoded in a link, HTML-escaped in an attribute. */
function spellings(secret: string): string[] {
  const encoded = encodeURIComponent(secret);
  return [...new Set([secret, encoded, escapeHtml(secret), escapeHtml(encoded)])].sort((a, b) => b.length - a.length);
}

/** The text with each secret (in any of its spellings) and every secret link parameter's value replaced. */
export function redactSecrets(text: string, secrets: readonly string[]): string {
  let result = text;
  for (const secret of secrets.filter((value) => value.length > 0)) {
    result = result.replace(new RegExp(spellings(secret).map(escapeRegExp).join('|'), 'g'), REDACTED);
  }
  return result.replace(LINK_SECRET_PATTERN, `$1${REDACTED}`);
}

/** The parts of a message that are stored in the e-mail log, with their secrets redacted. */
export function redactMessage(
  message: { subject: string; text: string; html?: string },
  secrets: readonly string[] = [],
): { subject: string; text: string; html: string | null; redacted: boolean } {
  const subject = redactSecrets(message.subject, secrets);
  const text = redactSecrets(message.text, secrets);
  const html = message.html === undefined ? null : redactSecrets(message.html, secrets);
  const redacted = subject !== message.subject || text !== message.text || html !== (message.html ?? null);
  return { subject, text, html, redacted };
}
