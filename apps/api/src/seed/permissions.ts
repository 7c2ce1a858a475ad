import { PERMISSIONS } from '@portal/domain';
import type { Database } from '../db/client';
import { permissions } from '../db/schema';

/** The permission catalogue is reference data owned by the code: every start makes the table match it (adds only). */
export async function syncPermissions(db: Database): Promise<void> {
  await db
    .insert(permissions)
    .values(PERMISSIONS.map((name) => ({ name })))
    .onConflictDoNothing({ target: permissions.name });
}
