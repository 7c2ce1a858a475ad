import { oneTimeTokenTable } from './auth';

/** Links that prove a self-registered person receives mail at their address. Only a SHA-256 is stored. */
export const emailVerificationTokens = oneTimeTokenTable('email_verification_tokens');
