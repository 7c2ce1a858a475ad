/** Second factors (authenticator app, passkeys, recovery codes); the sign-in flow (modules/auth) takes its steps from here. */
export { challengeOwner, issueChallenge, lockChallenge, spendChallenge } from './challenges';
export { acceptSecondFactor, hasConfirmedTotp, secondFactorMethods } from './factors';
export { mfaRoutes } from './mfa.routes';
export { acceptAssertion, assertionOptions } from './passkey-assertions';
export { hasPasskeySignIn } from './passkeys';
export { passkeyRoutes } from './passkeys.routes';
