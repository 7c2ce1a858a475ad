import { MESSAGES, PERMISSIONS } from '@portal/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { roles, tasks } from '../../src/db/schema';
import { DEMO_ROLES } from '../../src/seed/roles';
import { type BuiltUser, bearer, buildPlan, buildRole, buildUser, TEST_PASSWORD } from '../factories';
import { getTestApp, type TestApp } from '../test-app';

/**
 * Issue 17: a manager (CONTACTS_UPDATE, no role administration) turned a freelancer into staff with
 * `PUT contacts/{uuid} {"type":"regular_user"}`, and after signing in again the freelancer read every plan's tasks.
 * Type and roles are role administration (ROLES_UPDATE), bounded by the actor's own type and permissions.
 */
let app: TestApp;
let close: () => Promise<void>;
let db: Awaited<ReturnType<typeof getTestApp>>['db'];
let admin: BuiltUser;
let manager: BuiltUser;

beforeAll(async () => {
  ({ app, close, db } = await getTestApp({ env: { SUPER_USER_EMAILS: 'super@agency.test,super2@agency.test' } }));
  admin = await buildUser(db, { permissions: PERMISSIONS, email: 'super@agency.test' });
  manager = await buildUser(db, { permissions: DEMO_ROLES.Manager?.permissions ?? [] });
});
afterAll(() => close());

const put = (token: string, uuid: string, payload: object) =>
  app.inject({ method: 'PUT', url: `/api/contacts/${uuid}`, headers: bearer(token), payload });

async function signIn(email: string) {
  const res = await app.inject({ method: 'POST', url: '/api/login', payload: { email, password: TEST_PASSWORD } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.auth_token as string;
}

async function roleUuid(id: number) {
  const [row] = await db.select({ uuid: roles.uuid }).from(roles).where(eq(roles.id, id));
  return row?.uuid ?? '';
}

describe('changing who a person is to the system', () => {
  it('refuses a manager turning a freelancer into staff (403), and the freelancer still cannot read foreign tasks', async () => {
    const freelancer = await buildUser(db, { type: 'freelancer', permissions: DEMO_ROLES.Freelancer?.permissions });
    const foreign = await buildPlan(db);
    const [task] = await db.insert(tasks).values({ title: 'Not theirs', projectId: foreign.id }).returning();

    const res = await put(manager.token, freelancer.contactUuid, { type: 'regular_user' });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(MESSAGES.typeChangeNeedsRoleAdmin);

    const token = await signIn(freelancer.email);
    const me = await app.inject({ method: 'GET', url: '/api/user', headers: bearer(token) });
    expect(me.json().data.contact.type).toBe('freelancer');
    const read = await app.inject({ method: 'GET', url: `/api/tasks/${task?.uuid}`, headers: bearer(token) });
    expect(read.statusCode).toBe(404);
  });

  it('refuses a manager every type change, a client contact included, but saves an unchanged type', async () => {
    const contact = await buildUser(db, { type: 'contact' });
    const staff = await buildUser(db, { type: 'regular_user' });
    expect((await put(manager.token, contact.contactUuid, { type: 'freelancer' })).statusCode).toBe(403);
    expect((await put(manager.token, staff.contactUuid, { type: 'contact' })).statusCode).toBe(403);
    const same = await put(manager.token, staff.contactUuid, { type: 'regular_user', job_title: 'Designer' });
    expect(same.statusCode, same.body).toBe(200);
    expect(same.json().data.job_title).toBe('Designer');
  });

  it('refuses a manager changing roles (403) but saves an unchanged role list', async () => {
    const freelancer = await buildUser(db, { type: 'freelancer', permissions: ['TASKS_READ'] });
    const reader = await roleUuid(await buildRole(db, ['CONTACTS_READ']));
    const give = await put(manager.token, freelancer.contactUuid, { roles: [reader] });
    expect(give.statusCode).toBe(403);
    expect(give.json().message).toBe(MESSAGES.rolesChangeNeedsRoleAdmin);
    const current = (await put(admin.token, freelancer.contactUuid, {}))
      .json()
      .data.roles.map((r: { uuid: string }) => r.uuid);
    const unchanged = await put(manager.token, freelancer.contactUuid, { roles: current, name: 'Kept Roles' });
    expect(unchanged.statusCode, unchanged.body).toBe(200);

    const create = await app.inject({
      method: 'POST',
      url: '/api/contacts',
      headers: bearer(manager.token),
      payload: { name: 'With Roles', email: 'with-roles@agency.test', type: 'freelancer', roles: [reader] },
    });
    expect(create.statusCode).toBe(403);
    expect(create.json().message).toBe(MESSAGES.rolesChangeNeedsRoleAdmin);
  });

  it('lets role administrators change a type, but not to one that reaches further than their own', async () => {
    const freelancer = await buildUser(db, { type: 'freelancer' });
    const staff = await put(admin.token, freelancer.contactUuid, { type: 'regular_user' });
    expect(staff.statusCode, staff.body).toBe(200);
    expect(staff.json().data.type).toBe('regular_user');

    const freelanceAdmin = await buildUser(db, { type: 'freelancer', permissions: PERMISSIONS });
    const other = await buildUser(db, { type: 'contact' });
    const res = await put(freelanceAdmin.token, other.contactUuid, { type: 'regular_user' });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(MESSAGES.typeAboveOwn);
  });

  it("refuses anyone but a super user giving a person a super user's address or changing a super user's", async () => {
    const roleAdmin = await buildUser(db, { permissions: PERMISSIONS });
    const target = await buildUser(db, { type: 'freelancer' });
    const res = await put(roleAdmin.token, target.contactUuid, { email: 'super2@agency.test' });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(MESSAGES.superUserAddress);
    const own = await put(roleAdmin.token, admin.contactUuid, { email: 'not-super@agency.test' });
    expect(own.statusCode).toBe(403);
  });
});
