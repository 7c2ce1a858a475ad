import { CANNED_COMMENT_TEMPLATES, type CommentTemplate, type CommentTemplateInput } from '@portal/domain';
import { asc, eq, sql } from 'drizzle-orm';
import type { Database, DbExecutor } from '../../db/client';
import { commentTemplates, settings } from '../../db/schema';
import { notFound } from '../../http/errors';

const SEEDED_KEY = 'comment_templates_seeded';

/**
 * The six canned replies (doc 2 §9) go in once per database; afterwards the templates are the admins' (a deleted
 * one stays deleted across restarts). The settings row and the inserts commit together.
 */
export async function seedCommentTemplates(db: Database): Promise<void> {
  await db.transaction(async (tx) => {
    const [claimed] = await tx
      .insert(settings)
      .values({ key: SEEDED_KEY, value: true })
      .onConflictDoNothing()
      .returning({ key: settings.key });
    if (claimed) {
      await tx.insert(commentTemplates).values(CANNED_COMMENT_TEMPLATES.map((t) => ({ ...t })));
    }
  });
}

const present = (row: typeof commentTemplates.$inferSelect): CommentTemplate => ({
  uuid: row.uuid,
  title: row.title,
  content: row.content,
});

export async function listCommentTemplates(db: DbExecutor): Promise<CommentTemplate[]> {
  const rows = await db
    .select()
    .from(commentTemplates)
    .orderBy(asc(sql`lower(${commentTemplates.title})`), asc(commentTemplates.id));
  return rows.map(present);
}

export async function getCommentTemplate(db: DbExecutor, uuid: string): Promise<CommentTemplate> {
  const [row] = await db.select().from(commentTemplates).where(eq(commentTemplates.uuid, uuid));
  if (!row) {
    throw notFound();
  }
  return present(row);
}

export async function createCommentTemplate(db: DbExecutor, input: Required<CommentTemplateInput>) {
  const [row] = await db.insert(commentTemplates).values(input).returning();
  if (!row) {
    throw new Error('template not created');
  }
  return present(row);
}

export async function updateCommentTemplate(db: DbExecutor, uuid: string, input: Required<CommentTemplateInput>) {
  const [row] = await db
    .update(commentTemplates)
    .set({ ...input, updatedAt: new Date() })
    .where(eq(commentTemplates.uuid, uuid))
    .returning();
  if (!row) {
    throw notFound();
  }
  return present(row);
}

export async function deleteCommentTemplate(db: DbExecutor, uuid: string): Promise<void> {
  const deleted = await db
    .delete(commentTemplates)
    .where(eq(commentTemplates.uuid, uuid))
    .returning({ id: commentTemplates.id });
  if (deleted.length === 0) {
    throw notFound();
  }
}
