import { createHash, randomBytes } from 'node:crypto';

/** 256 random bits, URL-safe. Only the SHA-256 digest is ever stored. */
export function generateToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
