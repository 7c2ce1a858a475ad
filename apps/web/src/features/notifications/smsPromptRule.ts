import type { PublicConfig, SignedInUser } from '@portal/domain';

/**
 * The SMS notice is offered only when texts can actually be sent (the server has an SMS account), the person has no
 * phone yet and has never chosen about SMS (null, doc 1 §3). Dismissing it records '0' on the server (doc 2 §7:
 * '0' when declining with no earlier choice), so it stays away on every device.
 */
export function shouldOfferSms(
  config: Pick<PublicConfig, 'sms_enabled'> | undefined,
  user:
    | { phone: SignedInUser['phone']; preferences: Pick<SignedInUser['preferences'], 'sms_notifications'> }
    | null
    | undefined,
): boolean {
  return Boolean(config?.sms_enabled && user && !user.phone && user.preferences.sms_notifications === null);
}
