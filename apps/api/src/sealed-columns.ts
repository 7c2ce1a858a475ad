/**
 * Every database column that holds values sealed by the secret box (secret-box.ts), so that rotating the
 * application key (rotate-app-key.ts) re-encrypts all of them. A module that adds a sealed column adds it here:
 * sealed-columns.test.ts fails when a column named like a secret, or checked for the sealed prefix, is missing.
 * `key` is a column that identifies one row (its primary key).
 */
export type SealedColumn = { table: string; column: string; key: string };

export const SEALED_COLUMNS: readonly SealedColumn[] = [
  // A person's authenticator app secret (modules/mfa).
  { table: 'mfa_totp', column: 'secret_sealed', key: 'user_id' },
  // A webhook's signing secret (modules/webhooks).
  { table: 'webhooks', column: 'secret_sealed', key: 'id' },
  // A client's onboarding page token and the information form's share link token (modules/onboarding).
  { table: 'onboarding_links', column: 'sealed_token', key: 'id' },
  { table: 'onboardings', column: 'information_link_token', key: 'id' },
  // A credential a client gave during onboarding (modules/onboarding).
  { table: 'onboarding_items', column: 'secret_value', key: 'id' },
  // A person's Google Calendar tokens and a sign-in's PKCE verifier until its callback (modules/google).
  { table: 'google_accounts', column: 'refresh_token_sealed', key: 'id' },
  { table: 'google_accounts', column: 'access_token_sealed', key: 'id' },
  { table: 'google_oauth_states', column: 'code_verifier_sealed', key: 'id' },
  // A person's private calendar feed address, kept so it can be shown again (modules/calendar).
  { table: 'calendar_feed_tokens', column: 'token_sealed', key: 'id' },
  // The agency's Stripe API key and webhook signing secret (modules/billing).
  { table: 'stripe_settings', column: 'api_key_sealed', key: 'id' },
  { table: 'stripe_settings', column: 'webhook_secret_sealed', key: 'id' },
  // A client's Meta Marketing API access token for the insights sync (modules/advertising).
  { table: 'ad_client_settings', column: 'meta_token_sealed', key: 'customer_id' },
];

/**
 * Columns whose names look like a secret's but hold no sealed value, and why; the sealed-columns test accepts
 * these. Hashes cannot be re-encrypted and need not be: they never depended on the key.
 */
export const NOT_SEALED: Readonly<Record<string, string>> = {
  'push_tokens.token': 'a browser push subscription, addressed to the push service; not a credential of ours',
  'tasks.ref_token': 'the web client’s write token, echoed in live events so it can skip its own change',
  'time_logs.ref_token': 'the web client’s write token, echoed in live events',
  'requests.ref_token': 'the web client’s write token, echoed in live events',
  'comments.ref_token': 'the web client’s write token, echoed in live events',
  'form_share_links.token_hint': 'the last characters of a share link, shown to tell links apart',
  'content_approvals.token_hint':
    'the last characters of an approval link (the token itself is kept as SHA-256), shown to tell links apart',
  'stripe_settings.webhook_secret_hint': 'the masked last characters of the signing secret (whsec_…abcd), shown as set',
};
