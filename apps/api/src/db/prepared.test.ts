import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { getTestApp } from '../../test/test-app';
import { isoTimestamp, queryTextRows, runPrepared } from './prepared';
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

test('a statement of fixed text runs under the name it passes, without its SQL being built to be hashed', async () => {
  await ctx.db.transaction(async (tx) => {
    const byId = (id: number) => tx.select({ id: users.id }).from(users).where(eq(users.id, id));
    expect(await runPrepared(byId(1), 'test_user_by_id')).toEqual(await byId(1));
    expect(await runPrepared(byId(2), 'test_user_by_id')).toEqual(await byId(2));
    const statements = await tx.execute<{ name: string; statement: string }>(
      sql`select name, statement from pg_prepared_statements where name = 'f_test_user_by_id'`,
    );
    expect(statements.rows).toHaveLength(1);
    expect(statements.rows[0]?.statement).toContain('"users"."id" = $1');
  });
});

test('a timestamptz text becomes the ISO form a Date writes, whatever its fraction, zone or year', () => {
  const texts = [
    '2026-11-29 09:11:42+00',
    '2026-11-29 09:11:42.7+00',
    '2026-11-29 09:11:42.12+00',
    '2026-11-29 09:11:42.123456+00',
    '2026-11-29 23:59:59.999999+00',
    '2026-11-29 09:11:42.5+01',
    '0099-01-01 00:00:00+00',
  ];
  for (const text of texts) {
    expect(isoTimestamp(text)).toBe(new Date(text).toISOString());
  }
});

test("a text-row statement inside a transaction runs on the transaction's connection, answering PostgreSQL's text", async () => {
  await ctx.db.transaction(async (tx) => {
    const pid = await tx.execute<{ pid: number }>(sql`select pg_backend_pid() as pid`);
    const rows = await queryTextRows(tx, 'test_backend_pid', 'select pg_backend_pid(), $1::int + 1, null', [41]);
    expect(rows).toEqual([[String(pid.rows[0]?.pid), '42', null]]);
  });
});
