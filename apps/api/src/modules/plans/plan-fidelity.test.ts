import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildActors, buildPlan } from '../../../test/factories';
import { getTestApp, type TestApp } from '../../../test/test-app';
import { buildRequest } from '../requests/relation-test-helpers';

let app: TestApp;
let close: () => Promise<void>;
let db: Awaited<ReturnType<typeof getTestApp>>['db'];
let actors: Awaited<ReturnType<typeof buildActors>>;

beforeAll(async () => {
  ({ app, close, db } = await getTestApp());
  actors = await buildActors(db);
});
afterAll(() => close());

const get = (url: string, token: string) => app.inject({ url, headers: bearer(token) });

describe('GET /api/projects?personal_only=true (doc 2 §7)', () => {
  it('answers the caller’s personal plan to every staff member, freelancers included', async () => {
    for (const actor of [actors.admin, actors.manager, actors.freelancer]) {
      const res = await get('/api/projects?personal_only=true', actor.token);
      expect(res.statusCode).toBe(200);
      const { data, meta } = res.json();
      expect(data).toHaveLength(1);
      expect(data[0]).toMatchObject({ kind: 'personal', requests: [] });
      expect(meta.total).toBe(1);
      // The same plan as the personal-plan call, and nobody else's.
      const personal = (await get('/api/projects/personal', actor.token)).json().data;
      expect(data[0].uuid).toBe(personal.uuid);
    }
    const mine = (await get('/api/projects?personal_only=true', actors.admin.token)).json().data[0].uuid;
    const theirs = (await get('/api/projects?personal_only=true', actors.freelancer.token)).json().data[0].uuid;
    expect(mine).not.toBe(theirs);
  });

  it('keeps the plans list itself for regular users with PROJECTS_READ, and contacts out of both', async () => {
    expect((await get('/api/projects', actors.freelancer.token)).statusCode).toBe(403);
    expect((await get('/api/projects?personal_only=false', actors.freelancer.token)).statusCode).toBe(403);
    expect((await get('/api/projects', actors.manager.token)).statusCode).toBe(200);
    expect((await get('/api/projects?personal_only=true', actors.contact.token)).statusCode).toBe(403);
  });
});

describe('a plan carries its requests (doc 1 §3)', () => {
  it('answers the plan with its requests, newest first, and leaves other plans’ requests out', async () => {
    const plan = await buildPlan(db);
    const other = await buildPlan(db);
    const older = await buildRequest(db, { projectId: plan.id, subject: 'Logo refresh', status: 'new' });
    const newer = await buildRequest(db, { projectId: plan.id, subject: 'Spring campaign', status: 'in_progress' });
    await buildRequest(db, { projectId: other.id, subject: 'Elsewhere' });

    const res = await get(`/api/projects/${plan.uuid}`, actors.admin.token);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.requests).toEqual([
      { uuid: newer.uuid, subject: 'Spring campaign', status: 'in_progress' },
      { uuid: older.uuid, subject: 'Logo refresh', status: 'new' },
    ]);
  });
});
