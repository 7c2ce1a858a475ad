import { eq } from 'drizzle-orm';
import webPush from 'web-push';
import type { DbExecutor } from '../../db/client';
import { settings } from '../../db/schema';

export type VapidKeys = { publicKey: string; privateKey: string };

const SETTING_KEY = 'vapid';
const cached = new WeakMap<object, Promise<VapidKeys>>();

function isVapidKeys(value: unknown): value is VapidKeys {
  const v = value as Partial<VapidKeys> | null;
  return typeof v?.publicKey === 'string' && typeof v.privateKey === 'string';
}

/**
 * The server's VAPID key pair, generated once and kept in `settings` so every instance and every restart signs
 * Web Push with the same key (browsers' subscriptions are bound to the public key). Two instances starting at
 * once may both generate a pair; the insert keeps the first and both read it back.
 */
export function getVapidKeys(db: DbExecutor): Promise<VapidKeys> {
  let keys = cached.get(db);
  if (!keys) {
    keys = loadOrCreate(db);
    // A failed load (database down) is retried next time instead of being remembered.
    keys.catch(() => cached.delete(db));
    cached.set(db, keys);
  }
  return keys;
}

async function loadOrCreate(db: DbExecutor): Promise<VapidKeys> {
  const read = async () => (await db.select().from(settings).where(eq(settings.key, SETTING_KEY)))[0]?.value;
  const stored = await read();
  if (isVapidKeys(stored)) {
    return stored;
  }
  const generated = webPush.generateVAPIDKeys();
  await db.insert(settings).values({ key: SETTING_KEY, value: generated }).onConflictDoNothing();
  const kept = await read();
  if (!isVapidKeys(kept)) {
    throw new Error('the vapid setting is not a key pair');
  }
  return kept;
}

/** The VAPID subject: a contact for push services, the sender address of our e-mail. */
export function vapidSubject(mailFrom: string): string {
  const address = /<([^>]+)>/.exec(mailFrom)?.[1] ?? mailFrom.trim();
  return `mailto:${address}`;
}
