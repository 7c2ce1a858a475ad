import { sql } from 'drizzle-orm';
import { registerUploadHolder } from '../uploads/holder-access';
import { visibleContentPlans } from './content-access';

/** A content item's media are seen by whoever sees the item (its plan's rule); the uploader deletes them. */
export function registerContentUploads() {
  registerUploadHolder('content_item', {
    canView: async (db, viewer, holderId) =>
      (
        await db.execute(
          sql`select 1 from content_items ci where ci.id = ${holderId} and ${visibleContentPlans(viewer)}`,
        )
      ).rows.length > 0,
  });
}
