import { sql } from 'drizzle-orm';
import { integer, timestamp, uuid } from 'drizzle-orm/pg-core';

/** Internal ids never leave the server; every table that is addressed from outside also has a public uuid. */
export const id = () => integer().primaryKey().generatedAlwaysAsIdentity();
export const publicId = () => uuid().notNull().unique().default(sql`gen_random_uuid()`);
export const createdAt = () => timestamp({ withTimezone: true }).notNull().defaultNow();
export const updatedAt = () => timestamp({ withTimezone: true }).notNull().defaultNow();
