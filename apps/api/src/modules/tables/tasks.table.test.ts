import http from 'node:http';
import { MESSAGES } from '@portal/domain';
import { eq, inArray, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildPlan } from '../../../test/factories';
import { tasks } from '../../db/schema';
import type { DomainEvent } from '../../events/domain-events';
import { buildTask, setUpTaskTests, type TaskTestContext, UNKNOWN } from '../tasks/test-helpers';
import { BULK_SET_BATCH_SIZE } from './bulk-runner';
import { parseCsv, today } from './test-helpers';

/** Bulk status/delete and export-all of GET tasks (doc 2 §7 Tables). */

let ctx: TaskTestContext;
const events: DomainEvent[] = [];

beforeAll(async () => {
  ctx = await setUpTaskTests();
  ctx.app.ctx.events.subscribe((batch) => {
    events.push(...batch);
  });
});
afterAll(() => ctx.close());

const post = (url: string, payload: object, token = ctx.actors.admin.token) =>
  ctx.app.inject({ method: 'POST', url: `/api${url}`, headers: bearer(token), payload });
const statusOf = async (id: number) => (await ctx.db.select().from(tasks).where(eq(tasks.id, id)))[0]?.status;

describe('POST tasks/bulk-operations/update', () => {
  it('completes the rows the single-row rules allow and reports each refused row with its message', async () => {
    const plan = await buildPlan(ctx.db);
    const a = await buildTask(ctx.db, { projectId: plan.id, title: 'Bulk A' });
    const b = await buildTask(ctx.db, { projectId: plan.id, title: 'Bulk B' });
    const parent = await buildTask(ctx.db, { projectId: plan.id, title: 'Parent with open child' });
    await buildTask(ctx.db, { projectId: plan.id, title: 'Open child', parentId: parent.id });
    events.length = 0;

    const res = await post('/tasks/bulk-operations/update', {
      filters: { ids: [a.uuid, parent.uuid, b.uuid, UNKNOWN] },
      data: { status: 'completed' },
    });

    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      message: MESSAGES.changesUpdated,
      updated: 2,
      failed: expect.arrayContaining([
        { uuid: parent.uuid, message: MESSAGES.existingSubtasks },
        { uuid: UNKNOWN, message: MESSAGES.resourceNotFound },
      ]),
    });
    expect(await statusOf(a.id)).toBe('completed');
    expect(await statusOf(b.id)).toBe('completed');
    expect(await statusOf(parent.id)).toBe('todo');
    // The same events as PUT tasks/{uuid}: an update and a move per changed row, none for refused rows.
    const taskEvents = events.filter((e) => e.model === 'task');
    expect(taskEvents.map((e) => `${e.id}:${e.action}`).sort()).toEqual(
      [`${a.uuid}:updated`, `${a.uuid}:move`, `${b.uuid}:updated`, `${b.uuid}:move`].sort(),
    );
  });

  it('runs selections larger than one batch, each batch announcing its rows after it commits', async () => {
    const plan = await buildPlan(ctx.db);
    const rows = await ctx.db
      .insert(tasks)
      .values(Array.from({ length: BULK_SET_BATCH_SIZE + 10 }, (_, i) => ({ projectId: plan.id, title: `Batch ${i}` })))
      .returning({ uuid: tasks.uuid });
    events.length = 0;
    const res = await post('/tasks/bulk-operations/update', {
      filters: { ids: [...rows.map((r) => r.uuid), UNKNOWN] },
      data: { status: 'in_progress' },
    });
    expect(res.json()).toMatchObject({ updated: BULK_SET_BATCH_SIZE + 10, failed: [{ uuid: UNKNOWN }] });
    const changed = await ctx.db.select({ status: tasks.status }).from(tasks).where(eq(tasks.projectId, plan.id));
    expect(new Set(changed.map((r) => r.status))).toEqual(new Set(['in_progress']));
    expect(events.filter((e) => e.model === 'task' && e.action === 'updated')).toHaveLength(BULK_SET_BATCH_SIZE + 10);
  });

  it('completes subtasks before their parent when both are selected', async () => {
    const plan = await buildPlan(ctx.db);
    const parent = await buildTask(ctx.db, { projectId: plan.id });
    const child = await buildTask(ctx.db, { projectId: plan.id, parentId: parent.id });
    const res = await post('/tasks/bulk-operations/update', {
      filters: { ids: [parent.uuid, child.uuid] },
      data: { status: 'completed' },
    });
    expect(res.json()).toMatchObject({ updated: 2, failed: [] });
    expect(await statusOf(parent.id)).toBe('completed');
  });

  it("applies the freelancer's visibility: tasks of plans they are not on fail as 'not found'", async () => {
    const other = await buildPlan(ctx.db);
    const mine = await buildTask(ctx.db, { projectId: ctx.plan.id });
    const hidden = await buildTask(ctx.db, { projectId: other.id });
    const res = await post(
      '/tasks/bulk-operations/update',
      { filters: { ids: [mine.uuid, hidden.uuid] }, data: { status: 'in_progress' } },
      ctx.actors.freelancer.token,
    );
    expect(res.json()).toEqual({
      message: MESSAGES.changesUpdated,
      updated: 1,
      failed: [{ uuid: hidden.uuid, message: MESSAGES.resourceNotFound }],
    });
    expect(await statusOf(hidden.id)).toBe('todo');
  });

  it('_all takes the list filters and search term, and touches nothing else', async () => {
    const plan = await buildPlan(ctx.db);
    const match = await buildTask(ctx.db, { projectId: plan.id, title: 'Needle one', status: 'todo' });
    const otherStatus = await buildTask(ctx.db, { projectId: plan.id, title: 'Needle two', status: 'pending' });
    const otherTitle = await buildTask(ctx.db, { projectId: plan.id, title: 'Haystack', status: 'todo' });
    const res = await post('/tasks/bulk-operations/update', {
      filters: { _all: true, project: [plan.uuid], task_status: ['todo'] },
      search_term: 'needle',
      data: { status: 'approved' },
    });
    expect(res.json()).toMatchObject({ updated: 1, failed: [] });
    expect(await statusOf(match.id)).toBe('approved');
    expect(await statusOf(otherStatus.id)).toBe('pending');
    expect(await statusOf(otherTitle.id)).toBe('todo');
  });

  it('answers 422 for a selection without ids or _all, or a status the tasks do not have', async () => {
    const empty = await post('/tasks/bulk-operations/update', { filters: {}, data: { status: 'completed' } });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors['filters.ids']).toEqual([MESSAGES.required]);
    const seed = await post('/tasks/bulk-operations/update', { filters: { ids: [UNKNOWN] }, data: { status: 'seed' } });
    expect(seed.statusCode).toBe(422);
  });
});

describe('POST tasks/bulk-operations/delete', () => {
  it('deletes the visible rows and reports the others; needs TASKS_DESTROY', async () => {
    const plan = await buildPlan(ctx.db);
    const a = await buildTask(ctx.db, { projectId: plan.id });
    const b = await buildTask(ctx.db, { projectId: plan.id });
    events.length = 0;
    const res = await post('/tasks/bulk-operations/delete', { filters: { ids: [a.uuid, b.uuid, UNKNOWN] } });
    expect(res.json()).toEqual({
      message: MESSAGES.deleted,
      deleted: 2,
      failed: [{ uuid: UNKNOWN, message: MESSAGES.resourceNotFound }],
    });
    expect(
      await ctx.db
        .select()
        .from(tasks)
        .where(inArray(tasks.id, [a.id, b.id])),
    ).toEqual([]);
    expect(events.filter((e) => e.model === 'task' && e.action === 'deleted')).toHaveLength(2);

    const refused = await post(
      '/tasks/bulk-operations/delete',
      { filters: { ids: [UNKNOWN] } },
      ctx.actors.freelancer.token,
    );
    expect(refused.statusCode).toBe(403);
  });
});

describe('GET tasks/export-all', () => {
  it('streams the filtered list as tasks-{date}.csv: BOM, ; delimiter, one line per task, readable values', async () => {
    const plan = await buildPlan(ctx.db, { title: 'Export plan' });
    await buildTask(ctx.db, { projectId: plan.id, title: 'First; with "quotes"', priority: 2, endDate: '2026-03-05' });
    await buildTask(ctx.db, { projectId: plan.id, title: '=HYPERLINK("x")', status: 'in_progress' });
    await buildTask(ctx.db, { projectId: plan.id, title: 'Not in filter', status: 'completed' });
    const res = await ctx.app.inject({
      url: `/api/tasks/export-all?filters[project][]=${plan.uuid}&filters[task_status][]=todo&filters[task_status][]=in_progress&page[size]=100000&format=csv`,
      headers: bearer(ctx.actors.admin.token),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="tasks-${today()}.csv"`);
    expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const [header, ...rows] = parseCsv(res.rawPayload);
    expect(header).toEqual([
      'Title',
      'Plan',
      'Status',
      'Priority',
      'Start date',
      'Due date',
      'Assignees',
      'Tags',
      'Created by',
      'Created',
    ]);
    expect(rows).toHaveLength(2);
    const byTitle = new Map(rows.map((r) => [r[0], r]));
    expect(byTitle.get('First; with "quotes"')).toMatchObject({
      1: 'Export plan',
      2: 'Todo',
      3: 'High',
      5: '03/05/2026',
    });
    // A title that reads as a formula stays text in Excel.
    expect(byTitle.get(`'=HYPERLINK("x")`)?.[2]).toBe('In progress');
  });

  it('answers tasks-{date}.xlsx that Excel readers open, with the same rows', async () => {
    const plan = await buildPlan(ctx.db);
    for (let i = 0; i < 5; i += 1) {
      await buildTask(ctx.db, { projectId: plan.id, title: `Sheet row ${i}` });
    }
    const res = await ctx.app.inject({
      url: `/api/tasks/export-all?filters[project]=${plan.uuid}&format=xlsx`,
      headers: bearer(ctx.actors.admin.token),
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="tasks-${today()}.xlsx"`);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    expect(sheet?.rowCount).toBe(6);
    expect(sheet?.getRow(1).getCell(1).value).toBe('Title');
    const titles = [2, 3, 4, 5, 6].map((n) => sheet?.getRow(n).getCell(1).value).sort();
    expect(titles).toEqual(['Sheet row 0', 'Sheet row 1', 'Sheet row 2', 'Sheet row 3', 'Sheet row 4']);
  });

  it('stops reading and gives its connection back when the client goes away mid-file', async () => {
    const plan = await buildPlan(ctx.db);
    await ctx.db.execute(
      sql`insert into tasks (project_id, title) select ${plan.id}, 'Abandoned export ' || n from generate_series(1, 30000) n`,
    );
    const address = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const pool = ctx.db.$client;
    // Connections held for good (the LISTEN of the cache relays) are not the export's.
    const checkedOut = () => pool.totalCount - pool.idleCount;
    const heldBefore = checkedOut();
    const firstBytes = await new Promise<number>((resolve, reject) => {
      const request = http.get(
        `${address}/api/tasks/export-all?filters[project]=${plan.uuid}`,
        { headers: { ...bearer(ctx.actors.admin.token), 'accept-encoding': 'gzip' } },
        (res) => {
          res.once('data', (chunk: Buffer) => {
            request.destroy();
            resolve(chunk.length);
          });
        },
      );
      request.on('error', reject);
    });
    expect(firstBytes).toBeGreaterThan(0);
    await expect.poll(checkedOut, { timeout: 10_000 }).toBe(heldBefore);
    const again = await ctx.app.inject({
      url: `/api/tasks/export-all?filters[project]=${plan.uuid}&page[size]=10`,
      headers: bearer(ctx.actors.admin.token),
    });
    expect(parseCsv(again.rawPayload)).toHaveLength(11);
  });

  it("exports only the freelancer's visible tasks, and refuses page sizes over 100,000", async () => {
    const other = await buildPlan(ctx.db);
    await buildTask(ctx.db, { projectId: other.id, title: 'Hidden from freelancer' });
    const res = await ctx.app.inject({
      url: `/api/tasks/export-all?filters[project]=${other.uuid}`,
      headers: bearer(ctx.actors.freelancer.token),
    });
    expect(parseCsv(res.rawPayload)).toHaveLength(1);
    const tooBig = await ctx.app.inject({
      url: '/api/tasks/export-all?page[size]=100001',
      headers: bearer(ctx.actors.admin.token),
    });
    expect(tooBig.statusCode).toBe(422);
  });
});
