import type { SecondFactorChallenge, SecondFactorMethod, SignedInUser, SignInLinkSent } from '@portal/domain';

/**
 * What POST login (or a sign-in link) answered: the signed-in user; (202, past the account's guess ceiling on a
 * device it does not know) that a one-time sign-in link was e-mailed — the message to show, no session; or (202, an
 * account with a second factor) the challenge the second step spends with a code.
 */
export type SignInOutcome = { signedIn: SignedInUser } | { linkSent: string } | { secondFactor: SecondStep };

/** The second step to show: the challenge it spends and the ways this person can take it. */
export type SecondStep = { challenge: string; message: string; methods: SecondFactorMethod[] };

export function signInOutcome(body: { data: SignedInUser } | SignInLinkSent | SecondFactorChallenge): SignInOutcome {
  if ('sign_in_link_sent' in body) {
    return { linkSent: body.message };
  }
  if ('second_factor_required' in body) {
    return { secondFactor: { challenge: body.challenge, message: body.message, methods: body.methods } };
  }
  return { signedIn: body.data };
}
