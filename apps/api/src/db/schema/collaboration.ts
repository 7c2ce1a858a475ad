import { customType, pgTable, text } from 'drizzle-orm/pg-core';
import { updatedAt } from './columns';

const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });

/**
 * The Yjs state of each collaboratively edited text (collab/documents.ts names them: `task.<uuid>.description`,
 * `request.<uuid>.project_brief`, `customer.<uuid>.notes`). The object's own delta column stays the readable copy,
 * rewritten from this state at each store, so readers never decode Yjs.
 */
export const collabDocuments = pgTable('collab_documents', {
  name: text().primaryKey(),
  state: bytea().notNull(),
  updatedAt: updatedAt(),
});
