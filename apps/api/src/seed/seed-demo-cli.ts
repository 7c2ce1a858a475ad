import { loadConfig } from '../config';
import { createDb } from '../db/client';
import { openDatabase } from '../db/database';
import { runMigrations } from '../db/migrate';
import { SecretBox } from '../secret-box';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedDemo } from './demo';
import { syncPermissions } from './permissions';
import { syncPlanTypes } from './plan-types';
import { syncRequestTypes } from './request-types';

/** `npm run seed:demo`: seeds the demo workspace into DATABASE_URL (or the embedded database). */
const config = loadConfig();
const handle = await openDatabase(config, (m) => console.log(m));
const { db, pool } = createDb(handle.url, { max: 2 });
try {
  await runMigrations(db);
  await syncPermissions(db);
  await syncPlanTypes(db);
  await syncRequestTypes(db);
  const secrets = new SecretBox({ appKey: config.appKey, dataDir: config.dataDir });
  const seeded = await seedDemo(db, { secrets, appUrl: config.appUrl });
  console.log(seeded ? 'Demo workspace seeded.' : 'Demo workspace already present; nothing changed.');
  for (const account of DEMO_ACCOUNTS) {
    console.log(`  ${account.email.padEnd(22)} ${DEMO_PASSWORD}`);
  }
} finally {
  await pool.end();
  await handle.stop();
}
