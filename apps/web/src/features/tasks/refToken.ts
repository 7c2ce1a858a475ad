/**
 * This tab's ref_token (doc 2 §3, §4): every write carries it, so the live-update layer can ignore the echoes of the
 * tab's own changes. One per page load, i.e. per tab.
 */
export const REF_TOKEN: string =
  typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `tab-${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
