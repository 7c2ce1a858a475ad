import { randomUUID } from 'node:crypto';
import type { TestApp } from '../../../test/test-app';
import type { Database } from '../../db/client';
import { uploads } from '../../db/schema';

/** A CSV the user "uploaded": its bytes in the app's storage and its uploads row, as the upload flow leaves them. */
export async function storeCsv(app: TestApp, db: Database, userId: number, text: string, name = 'export.csv') {
  const uuid = randomUUID();
  const key = `ad-test/${uuid}`;
  const bytes = Buffer.from(text, 'utf8');
  await app.ctx.storage.write(key, bytes, { contentType: 'text/csv', size: bytes.length });
  await db.insert(uploads).values({
    uuid,
    name,
    extension: name.split('.').pop() ?? '',
    size: bytes.length,
    url: key,
    stated: true,
    createdById: userId,
    contentType: 'text/csv',
  });
  return uuid;
}
