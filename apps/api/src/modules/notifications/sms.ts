import type { NotificationData } from '@portal/domain';

/** A Twilio-compatible Messages API account (config.sms). */
export type SmsConfig = { apiUrl: string; accountSid: string; authToken: string; from: string };

/** One text stays within two SMS segments; the link is what matters. */
const MAX_BODY = 300;

/** The text of a notification: what happened, then the link to it in the app. */
export function composeNotificationSms(appUrl: string, data: NotificationData): string {
  const link = data.action_url ? `${appUrl}${data.action_url}` : appUrl;
  const headline = data.sub_title ? `${data.title}: ${data.sub_title}` : data.title;
  const room = MAX_BODY - link.length - 1;
  const text = headline.length > room ? `${headline.slice(0, Math.max(0, room - 1))}…` : headline;
  return `${text}\n${link}`;
}

export class SmsError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

/**
 * Sends one text through the provider: POST {apiUrl}/2010-04-01/Accounts/{sid}/Messages.json with To, From and
 * Body form-encoded and the account's basic auth, as Twilio and compatible gateways take it. Answers the provider's
 * message id; a refusal throws SmsError with the provider's own message.
 */
export async function sendSms(
  config: SmsConfig,
  to: string,
  body: string,
  fetchImpl: typeof fetch = fetch,
): Promise<string> {
  const url = `${config.apiUrl.replace(/\/+$/, '')}/2010-04-01/Accounts/${encodeURIComponent(config.accountSid)}/Messages.json`;
  const response = await fetchImpl(url, {
    method: 'POST',
    headers: {
      authorization: `Basic ${Buffer.from(`${config.accountSid}:${config.authToken}`).toString('base64')}`,
      'content-type': 'application/x-www-form-urlencoded',
      accept: 'application/json',
    },
    body: new URLSearchParams({ To: to, From: config.from, Body: body }).toString(),
    signal: AbortSignal.timeout(10_000),
  });
  const answer = (await response.json().catch(() => ({}))) as { sid?: string; message?: string };
  if (!response.ok) {
    throw new SmsError(answer.message ?? `SMS provider answered ${response.status}`, response.status);
  }
  return answer.sid ?? '';
}

/**
 * Sends each text after commit. Without an SMS account configured nothing is sent (the preference is kept, so
 * texts start once the account is set); a refusal is logged and never reaches the request that caused it.
 */
export async function deliverTexts(
  config: SmsConfig | null,
  appUrl: string,
  texts: readonly { to: string; data: NotificationData }[],
  log: { error: (obj: object, msg: string) => void },
  // The guarded client's fetch for SMS_API_URL (ctx.outbound.forConfiguredHost) when the caller has one.
  fetchImpl: typeof fetch = fetch,
): Promise<void> {
  if (!config) {
    return;
  }
  for (const text of texts) {
    try {
      await sendSms(config, text.to, composeNotificationSms(appUrl, text.data), fetchImpl);
    } catch (error) {
      log.error({ err: error }, 'notification SMS failed');
    }
  }
}
