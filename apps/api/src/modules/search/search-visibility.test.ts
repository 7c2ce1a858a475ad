import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildActors, buildPlan, buildUser } from '../../../test/factories';
import { getTestApp } from '../../../test/test-app';
import type { Database } from '../../db/client';
import { requestUsers } from '../../db/schema';
import { buildRequest } from '../requests/relation-test-helpers';
import { visibleRequests } from '../requests/request-access';
import { type Viewer, visibleTasks } from '../tasks/task-access';
import { buildTask } from '../tasks/test-helpers';
import { probeVisibleRequests, probeVisibleTasks } from './search-visibility';

/** The search's per-row form of the freelancer rules selects exactly the rows the modules' rules select. */

let db: Database;
let close: () => Promise<void>;
let freelancer: Viewer;
let stranger: Viewer;

beforeAll(async () => {
  ({ db, close } = await getTestApp());
  const actors = await buildActors(db);
  freelancer = { userId: actors.freelancer.id, type: 'freelancer' };
  stranger = { userId: (await buildUser(db, { type: 'freelancer' })).id, type: 'freelancer' };
  // One plan of each kind of link: a member, the manager, neither (reached through a task or request link only).
  const member = await buildPlan(db, { members: [actors.freelancer.id] });
  const managed = await buildPlan(db, { projectManagerId: actors.freelancer.id });
  const elsewhere = await buildPlan(db);
  for (const plan of [member, managed, elsewhere]) {
    await buildTask(db, { projectId: plan.id, title: 'Probe plain' });
    await buildRequest(db, { projectId: plan.id, subject: 'Probe plain' });
  }
  await buildTask(db, { projectId: elsewhere.id, title: 'Probe followed' }, { followers: [actors.freelancer.id] });
  await buildTask(db, { projectId: elsewhere.id, title: 'Probe mine' }, { responsibles: [actors.freelancer.id] });
  const linked = await buildRequest(db, { projectId: elsewhere.id, subject: 'Probe linked' });
  await db.insert(requestUsers).values({ requestId: linked.id, userId: actors.freelancer.id, pivot: 'responsible' });
  await buildRequest(db, { projectId: null, subject: 'Probe planless' });
});
afterAll(() => close());

async function ids(table: 'tasks' | 'requests', condition: ReturnType<typeof sql>): Promise<number[]> {
  const result = await db.execute<{ id: number }>(sql`select id from ${sql.raw(table)} where ${condition} order by id`);
  return result.rows.map((row) => row.id);
}

describe('search visibility probes', () => {
  it("select a freelancer's tasks exactly as the tasks module's rule does", async () => {
    const probed = await ids('tasks', probeVisibleTasks(freelancer));
    expect(probed).toEqual(await ids('tasks', visibleTasks(freelancer)));
    // Member plan, managed plan, followed and responsible tasks elsewhere (plus buildActors' own data).
    expect(probed.length).toBeGreaterThanOrEqual(4);
    expect(await ids('tasks', probeVisibleTasks(stranger))).toEqual(await ids('tasks', visibleTasks(stranger)));
  });

  it("select a freelancer's requests exactly as the requests module's rule does", async () => {
    const rule = visibleRequests(freelancer);
    if (!rule) {
      throw new Error('a freelancer has a request rule');
    }
    const probed = await ids('requests', probeVisibleRequests(freelancer));
    expect(probed).toEqual(await ids('requests', rule));
    expect(probed.length).toBeGreaterThanOrEqual(3);
  });
});
