import { integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { createdAt, id, publicId, updatedAt } from './columns';
import { users } from './users';

export const productTypes = pgTable('product_types', {
  id: id(),
  uuid: publicId(),
  name: text().notNull().unique(),
  description: text(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** Groups of staff, managed by super users; a group is a mention target (doc 2 §3 Mentionable). */
export const groups = pgTable('groups', {
  id: id(),
  uuid: publicId(),
  name: text().notNull().unique(),
  description: text(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const groupMembers = pgTable(
  'group_members',
  {
    groupId: integer()
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.groupId, t.userId] })],
);
