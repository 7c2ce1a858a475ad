/** The standard address pattern used by every e-mail field (doc 1 §5). */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * Characters that do not show: zero-width spaces and joiners, direction marks, soft hyphens, variation selectors,
 * the BOM, control characters. An address carrying them looks exactly like another one.
 */
const INVISIBLE = /[\p{Default_Ignorable_Code_Point}\p{Cf}\p{Cc}]/gu;

/**
 * The one form every e-mail is stored and looked up in: NFKC (full-width and compatibility letters folded), no
 * invisible characters, trimmed, lower-case. Every path that stores or finds an address goes through emailField
 * (contracts/common.ts), which applies this.
 */
export function normalizeEmail(email: string): string {
  return email.normalize('NFKC').replace(INVISIBLE, '').trim().toLowerCase();
}

/**
 * Self-registration accepts plain ASCII addresses only: letters from other scripts that look Latin (Cyrillic 'а',
 * Greek 'ο') would let someone register a look-alike of an existing person.
 */
export function isPlainAsciiEmail(email: string): boolean {
  return /^[\x21-\x7e]+$/.test(email);
}
