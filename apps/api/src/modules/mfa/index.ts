/** Two-factor sign-in (TOTP and recovery codes); the sign-in flow (modules/auth) uses the second step from here. */
export { challengeOwner, issueChallenge, lockChallenge, spendChallenge } from './challenges';
export { acceptSecondFactor, hasConfirmedTotp } from './factors';
export { mfaRoutes } from './mfa.routes';
