import type { SignedInUser, SignInLinkSent } from '@portal/domain';

/**
 * What POST login answered: the signed-in user, or (202, past the account's guess ceiling on a device it does not
 * know) that a one-time sign-in link was e-mailed — the message to show, no session.
 */
export type SignInOutcome = { signedIn: SignedInUser } | { linkSent: string };

export function signInOutcome(body: { data: SignedInUser } | SignInLinkSent): SignInOutcome {
  return 'sign_in_link_sent' in body ? { linkSent: body.message } : { signedIn: body.data };
}
