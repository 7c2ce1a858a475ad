import { randomBytes } from 'node:crypto';
import { chmod, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { sql } from 'drizzle-orm';
import type { Database } from './db/client';
import { SEALED_COLUMNS, type SealedColumn } from './sealed-columns';
import { appKeyFile, keyFromAppKey, SecretBox } from './secret-box';

export type RotationResult = { column: string; rows: number }[];

/**
 * Re-encrypts every sealed column (sealed-columns.ts) from the old key to the new one in one transaction: either
 * every value is under the new key, or (a value that does not open under the old key, a crash) none is.
 */
export async function resealAll(
  db: Database,
  from: SecretBox,
  to: SecretBox,
  columns: readonly SealedColumn[] = SEALED_COLUMNS,
): Promise<RotationResult> {
  return db.transaction(async (tx) => {
    const result: RotationResult = [];
    for (const { table, column, key } of columns) {
      const rows = (
        await tx.execute<{ key: string | number; value: string }>(
          sql`select ${sql.identifier(key)} as key, ${sql.identifier(column)} as value from ${sql.identifier(table)}
            where ${sql.identifier(column)} is not null for update`,
        )
      ).rows;
      for (const row of rows) {
        let plain: string;
        try {
          plain = await from.open(row.value);
        } catch {
          throw new Error(
            `${table}.${column} (${key} ${row.key}) does not open under the old key; nothing was changed`,
          );
        }
        await tx.execute(
          sql`update ${sql.identifier(table)} set ${sql.identifier(column)} = ${await to.seal(plain)}
            where ${sql.identifier(key)} = ${row.key}`,
        );
      }
      result.push({ column: `${table}.${column}`, rows: rows.length });
    }
    return result;
  });
}

const writeKey = async (file: string, key: Buffer) => {
  await writeFile(file, key.toString('hex'), { mode: 0o600 });
  await chmod(file, 0o600);
};

/**
 * Rotation with APP_KEY: the operator passes the old and the new value; afterwards they set APP_KEY to the new one
 * and restart every instance.
 */
export function rotateWithAppKeys(db: Database, oldAppKey: string, newAppKey: string): Promise<RotationResult> {
  if (!oldAppKey || !newAppKey || oldAppKey === newAppKey) {
    throw new Error('Pass the current key as OLD_APP_KEY and a different new one as NEW_APP_KEY');
  }
  return resealAll(
    db,
    new SecretBox({ key: keyFromAppKey(oldAppKey) }),
    new SecretBox({ key: keyFromAppKey(newAppKey) }),
  );
}

/**
 * Rotation with the key file (DATA_DIR/.app-key): the old key is copied to .app-key.previous and a new one written
 * to .app-key.next before the transaction, so a crash at any point leaves both keys on disk; after the commit the
 * new key becomes .app-key and the previous copy is removed. Restart every instance afterwards.
 */
export async function rotateKeyFile(
  db: Database,
  dataDir: string,
  columns: readonly SealedColumn[] = SEALED_COLUMNS,
): Promise<RotationResult> {
  const file = appKeyFile(dataDir);
  const oldKey = Buffer.from((await readFile(file, 'utf8')).trim(), 'hex');
  if (oldKey.length !== 32) {
    throw new Error(`${file} does not hold a 32-byte key`);
  }
  const newKey = randomBytes(32);
  await writeKey(`${file}.previous`, oldKey);
  await writeKey(`${file}.next`, newKey);
  let result: RotationResult;
  try {
    result = await resealAll(db, new SecretBox({ key: oldKey }), new SecretBox({ key: newKey }), columns);
  } catch (error) {
    // Rolled back: every value is still under the old key, which .app-key holds; the new key is of no use.
    await rm(`${file}.next`, { force: true });
    await rm(`${file}.previous`, { force: true });
    throw error;
  }
  await rename(`${file}.next`, file);
  await rm(`${file}.previous`);
  return result;
}
