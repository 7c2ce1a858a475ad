import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildActors, buildPlan, buildUser } from '../../../test/factories';
import { getTestApp, type TestApp } from '../../../test/test-app';

let app: TestApp;
let close: () => Promise<void>;
let db: Awaited<ReturnType<typeof getTestApp>>['db'];
let actors: Awaited<ReturnType<typeof buildActors>>;

beforeAll(async () => {
  ({ app, close, db } = await getTestApp());
  actors = await buildActors(db);
});
afterAll(() => close());

type Row = { uuid: string; name: string; status: string; type: string };
const names = (res: { json: () => { data: Row[] } }) => res.json().data.map((u) => u.name);

describe('GET /api/project-users (pickers)', () => {
  it('lists everyone with a login who is staff or a freelancer, by name, with uuid (the user’s), name, status and type', async () => {
    const zed = await buildUser(db, { name: 'Pick Zed', type: 'freelancer' });
    await buildUser(db, { name: 'pick amy' });
    await buildUser(db, { name: 'Pick Gone', status: 'inactive' });
    await buildUser(db, { name: 'Pick Client', type: 'contact' });
    const res = await app.inject({
      url: '/api/project-users?search_term=pick&page[size]=999',
      headers: bearer(actors.admin.token),
    });
    expect(res.statusCode).toBe(200);
    expect(names(res)).toEqual(['pick amy', 'Pick Gone', 'Pick Zed']);
    expect(res.json().data[2]).toEqual({ uuid: zed.uuid, name: 'Pick Zed', status: 'active', type: 'freelancer' });

    const active = await app.inject({
      url: '/api/project-users?search_term=pick&filters[auth_users.status][]=active',
      headers: bearer(actors.admin.token),
    });
    expect(names(active)).toEqual(['pick amy', 'Pick Zed']);
    const freelancers = await app.inject({
      url: '/api/project-users?search_term=pick&filters[type][]=freelancer',
      headers: bearer(actors.admin.token),
    });
    expect(names(freelancers)).toEqual(['Pick Zed']);
    const paged = await app.inject({
      url: '/api/project-users?search_term=pick&page[size]=1&page[number]=2',
      headers: bearer(actors.admin.token),
    });
    expect(paged.json().meta).toEqual({ total: 3, current_page: 2, last_page: 3, per_page: 1 });
  });

  it('is open to freelancers (task pickers) and closed to contacts', async () => {
    expect((await app.inject({ url: '/api/project-users', headers: bearer(actors.freelancer.token) })).statusCode).toBe(
      200,
    );
    expect((await app.inject({ url: '/api/project-users', headers: bearer(actors.contact.token) })).statusCode).toBe(
      403,
    );
  });

  it('answers 422 for bad paging and filters', async () => {
    for (const bad of ['page[size]=0', 'page[size]=x', 'filters[auth_users.status][]=gone', 'filters[type][]=robot']) {
      const res = await app.inject({ url: `/api/project-users?${bad}`, headers: bearer(actors.admin.token) });
      expect(res.statusCode, bad).toBe(422);
    }
  });
});

describe('GET /api/projects/:uuid/users', () => {
  it("lists that plan's members only", async () => {
    const member = await buildUser(db, { name: 'Member One', type: 'freelancer' });
    await buildUser(db, { name: 'Member Not' });
    const plan = await buildPlan(db, { projectManagerId: actors.manager.id, members: [member.id] });
    const res = await app.inject({
      url: `/api/projects/${plan.uuid}/users?page[size]=50`,
      headers: bearer(actors.freelancer.token),
    });
    expect(res.statusCode).toBe(200);
    expect(
      res
        .json()
        .data.map((u: Row) => u.uuid)
        .sort(),
    ).toEqual([member.uuid, actors.manager.uuid].sort());
    const searched = await app.inject({
      url: `/api/projects/${plan.uuid}/users?search_term=member`,
      headers: bearer(actors.admin.token),
    });
    expect(names(searched)).toEqual(['Member One']);
  });
});
