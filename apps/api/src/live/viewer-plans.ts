import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';

/** The plans a freelancer sees the objects of: those they are a member or the manager of (task-access.ts). */
export async function freelancerPlanIds(db: Database, userId: number): Promise<number[]> {
  const result = await db.execute<{ id: number }>(sql`
    select project_id as id from project_users where user_id = ${userId}
    union
    select id from projects where project_manager_id = ${userId}`);
  return result.rows.map((row) => Number(row.id));
}
