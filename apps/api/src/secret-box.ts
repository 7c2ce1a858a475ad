import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

const VERSION = 'v1';

/** The key file used when APP_KEY is not set: 32 random bytes, hex, mode 0600. */
export const appKeyFile = (dataDir: string) => path.join(dataDir, '.app-key');

/** APP_KEY may be any string; its SHA-256 is the AES-256 key. */
export const keyFromAppKey = (appKey: string) => createHash('sha256').update(appKey).digest();

/** Whether a stored value has the sealed shape (`v1.` prefix); the sealed-columns test looks for it. */
export const SEALED_PREFIX = `${VERSION}.`;

/**
 * Seals secrets the server must read back later (a TOTP secret) under the application key: AES-256-GCM with a
 * random nonce per value, stored as `v1.<nonce>.<tag>.<ciphertext>` (base64url). A database dump alone does not
 * reveal them; the key lives outside the database (APP_KEY, else a key file generated once in the data folder).
 */
export class SecretBox {
  private key: Promise<Buffer> | null = null;

  /** `key`: a key already in hand (the rotation command holds the old and the new one at once). */
  constructor(private readonly source: { appKey: string | null; dataDir: string } | { key: Buffer }) {}

  private loadKey(): Promise<Buffer> {
    this.key ??= (async () => {
      if ('key' in this.source) {
        return this.source.key;
      }
      if (this.source.appKey) {
        return keyFromAppKey(this.source.appKey);
      }
      const file = appKeyFile(this.source.dataDir);
      try {
        return Buffer.from((await readFile(file, 'utf8')).trim(), 'hex');
      } catch {
        await mkdir(this.source.dataDir, { recursive: true });
        // 'wx': two instances starting together keep the first key.
        await writeFile(file, randomBytes(32).toString('hex'), { flag: 'wx', mode: 0o600 }).catch(() => undefined);
        await chmod(file, 0o600).catch(() => undefined);
        return Buffer.from((await readFile(file, 'utf8')).trim(), 'hex');
      }
    })();
    return this.key;
  }

  async seal(plain: string): Promise<string> {
    const nonce = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', await this.loadKey(), nonce);
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return [VERSION, nonce, cipher.getAuthTag(), body]
      .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
      .join('.');
  }

  /** Throws when the value was not sealed under this key or was altered. */
  async open(sealed: string): Promise<string> {
    const [version, nonce, tag, body] = sealed.split('.');
    if (version !== VERSION || !nonce || !tag || body === undefined) {
      throw new Error('not a sealed secret');
    }
    const decipher = createDecipheriv('aes-256-gcm', await this.loadKey(), Buffer.from(nonce, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
  }
}
