import { loadConfig } from './config';
import { createDb } from './db/client';
import { openDatabase } from './db/database';
import { rotateKeyFile, rotateWithAppKeys } from './rotate-app-key';

/**
 * `npm run rotate-app-key`: re-encrypts every sealed secret under a new application key (README, "Rotating the
 * application key"). With APP_KEY set, pass OLD_APP_KEY and NEW_APP_KEY; without it the key file is replaced.
 * Stop the app first (or restart every instance right after): a running server keeps the old key in memory.
 */
const config = loadConfig();
const handle = await openDatabase(config, (m) => console.log(m));
const { db, pool } = createDb(handle.url, { max: 2 });
try {
  const result = config.appKey
    ? await rotateWithAppKeys(db, process.env.OLD_APP_KEY ?? '', process.env.NEW_APP_KEY ?? '')
    : await rotateKeyFile(db, config.dataDir);
  for (const { column, rows } of result) {
    console.log(`  ${column.padEnd(40)} ${rows} re-encrypted`);
  }
  console.log(
    config.appKey
      ? 'Done. Set APP_KEY to the new value and restart every instance.'
      : 'Done. The new key is in the data folder; restart every instance.',
  );
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await pool.end();
  await handle.stop();
}
