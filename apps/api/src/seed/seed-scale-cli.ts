import { loadConfig } from '../config';
import { createDb } from '../db/client';
import { openDatabase } from '../db/database';
import { runMigrations } from '../db/migrate';
import { syncPermissions } from './permissions';
import { syncPlanTypes } from './plan-types';
import { syncRequestTypes } from './request-types';
import { seedScale } from './seed-scale';

/** `npm run seed:scale`: 2,000 clients and 10,000 plans into DATABASE_URL (or the embedded database). */
const config = loadConfig();
const handle = await openDatabase(config, (m) => console.log(m));
const { db, pool } = createDb(handle.url, { max: 2 });
try {
  await runMigrations(db);
  await syncPermissions(db);
  await syncPlanTypes(db);
  await syncRequestTypes(db);
  const started = performance.now();
  const result = await seedScale(db);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(
    result.skipped
      ? 'Scale data already present; nothing changed.'
      : `Seeded ${result.clients} clients and ${result.plans} plans in ${seconds}s.`,
  );
} finally {
  await pool.end();
  await handle.stop();
}
