import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { getTestApp } from '../../test/test-app';
import { runPrepared } from './prepared';
import { users } from './schema';

let ctx: Awaited<ReturnType<typeof getTestApp>>;
beforeAll(async () => {
  ctx = await getTestApp();
});
afterAll(() => ctx?.close());

test('a query runs as one named statement per SQL shape, whatever its values, and answers like the plain query', async () => {
  await ctx.db.transaction(async (tx) => {
    // One transaction = one connection, whose prepared statements pg_prepared_statements lists.
    const byId = (id: number) => tx.select({ id: users.id }).from(users).where(eq(users.id, id));
    expect(await runPrepared(byId(1))).toEqual(await byId(1));
    await runPrepared(byId(2));
    const statements = await tx.execute<{ name: string; statement: string }>(
      sql`select name, statement from pg_prepared_statements where name like 'p\\_%'`,
    );
    expect(statements.rows).toHaveLength(1);
    expect(statements.rows[0]?.statement).toContain('"users"."id" = $1');
  });
});
