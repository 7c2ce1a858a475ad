import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The embedded PostgreSQL's passwords: random at first start, kept beside its data directory in a file only this
 * account may read (0600). Nothing else knows them, so another local user cannot connect.
 */
export type PgCredentials = {
  superuser: { user: string; password: string };
  app?: { user: string; password: string };
  /**
   * Set while an older data directory's fixed superuser password is being replaced: the new one is written here
   * before the server takes it, so a crash in between leaves a file that still names the password that works.
   */
  rotatingFrom?: string;
};

export const randomPassword = () => randomBytes(24).toString('base64url');

export function credentialsFile(dataDir: string): string {
  return path.join(path.dirname(dataDir), `${path.basename(dataDir)}-credentials.json`);
}

export function readCredentials(dataDir: string): PgCredentials | null {
  const file = credentialsFile(dataDir);
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as PgCredentials) : null;
}

export function writeCredentials(dataDir: string, credentials: PgCredentials): void {
  writeFileSync(credentialsFile(dataDir), `${JSON.stringify(credentials, null, 2)}\n`, { mode: 0o600 });
}

/** A password in SQL text (ALTER ROLE takes no parameters); ours are base64url, checked so nothing else slips in. */
export function passwordLiteral(password: string): string {
  if (!/^[A-Za-z0-9_-]+$/.test(password)) {
    throw new Error('unexpected characters in a generated password');
  }
  return `'${password}'`;
}
