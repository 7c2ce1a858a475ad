import { parsePhoneNumberFromString } from 'libphonenumber-js';

/**
 * Web addresses and phone numbers that people type on clients and contacts (issue 17). Both end up as links in
 * somebody else's browser (`href`, `tel:`), so only http(s) addresses and E.164 numbers are stored, and the web app
 * renders a stored address as a link only when it still passes `safeHttpUrl` (rows from before this rule).
 */

/** An absolute http(s) address with a host and no user:password part, as the URL parser reads it. */
export function isHttpUrl(value: string): boolean {
  const text = value.trim();
  // The parser drops tabs and newlines inside the scheme ("java\tscript:"); a stored value must be what is shown.
  if (text === '' || /\s/.test(text) || [...text].some((c) => c.charCodeAt(0) < 0x20 || c === '\u007f')) {
    return false;
  }
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return false;
  }
  return (
    (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '' && !url.username && !url.password
  );
}

/** The address if it may be rendered as a link, else null (read-time guard for rows stored before the rule). */
export function safeHttpUrl(value: string | null | undefined): string | null {
  return value && isHttpUrl(value) ? value.trim() : null;
}

/**
 * The number in E.164 (`+14155550100`), or null when it is not a valid phone number in international form. The
 * agency has no country setting to read national numbers by, so the country code (`+…`) is required.
 */
export function toE164Phone(value: string): string | null {
  const text = value.trim();
  if (!text.startsWith('+')) {
    return null;
  }
  const parsed = parsePhoneNumberFromString(text);
  return parsed?.isValid() ? parsed.number : null;
}
