import { MESSAGES, PERMISSIONS } from '@portal/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BuiltUser, bearer, buildRole, buildUser } from '../../../test/factories';
import { getTestApp, type TestApp } from '../../../test/test-app';
import { roles, userRoles } from '../../db/schema';

let app: TestApp;
let close: () => Promise<void>;
let db: Awaited<ReturnType<typeof getTestApp>>['db'];
let admin: BuiltUser;

beforeAll(async () => {
  ({ app, close, db } = await getTestApp());
  admin = await buildUser(db, { permissions: PERMISSIONS });
});
afterAll(() => close());

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, token = admin.token) =>
  app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

async function createRole(payload: { name: string; permissions: string[]; description?: string }) {
  const res = await call('POST', '/api/roles', payload);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { uuid: string; name: string; permissions: string[]; users_count: number };
}

describe('roles', () => {
  it('creates a role and lists it with its permissions and holder count', async () => {
    const role = await createRole({ name: 'Editor', permissions: ['TASKS_READ', 'COMMENTS_READ'] });
    expect(role).toMatchObject({ name: 'Editor', permissions: ['COMMENTS_READ', 'TASKS_READ'], users_count: 0 });
    const list = await call('GET', '/api/roles?page[size]=999&search_term=edit');
    expect(list.statusCode).toBe(200);
    expect(list.json().data.map((r: { uuid: string }) => r.uuid)).toEqual([role.uuid]);
    const all = await call('GET', '/api/roles?page[size]=999');
    const adminRole = all.json().data.find((r: { users_count: number; permissions: string[] }) => r.users_count === 1);
    expect(adminRole.permissions).toHaveLength(PERMISSIONS.length);
    const one = await call('GET', `/api/roles/${role.uuid}`);
    expect(one.json().data).toEqual(role);
  });

  it('lists every permission name', async () => {
    const res = await call('GET', '/api/permissions');
    expect(
      res
        .json()
        .data.map((p: { name: string }) => p.name)
        .sort(),
    ).toEqual([...PERMISSIONS].sort());
  });

  it('validates: name required and unique, permissions must exist', async () => {
    const missing = await call('POST', '/api/roles', { permissions: [] });
    expect(missing.json().errors).toEqual({ name: [MESSAGES.required] });
    await createRole({ name: 'Unique One', permissions: [] });
    const duplicate = await call('POST', '/api/roles', { name: 'unique one', permissions: [] });
    expect(duplicate.statusCode).toBe(422);
    expect(duplicate.json().errors).toEqual({ name: [MESSAGES.nameTaken] });
    const unknown = await call('POST', '/api/roles', { name: 'Bogus', permissions: ['TASKS_READ', 'FLY'] });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors.permissions).toEqual([`${MESSAGES.unknownReference}: FLY`]);
    const other = await createRole({ name: 'Other Name', permissions: [] });
    const rename = await call('PUT', `/api/roles/${other.uuid}`, { name: 'Unique One' });
    expect(rename.json().errors).toEqual({ name: [MESSAGES.nameTaken] });
  });

  it("applies a permission edit to a signed-in holder's very next call (cached session)", async () => {
    const roleId = await buildRole(db, ['CONTACTS_READ']);
    const [row] = await db.select({ uuid: roles.uuid }).from(roles).where(eq(roles.id, roleId));
    const holder = await buildUser(db, { type: 'freelancer' });
    await db.insert(userRoles).values({ userId: holder.id, roleId });
    expect((await call('GET', '/api/contacts', undefined, holder.token)).statusCode).toBe(200);
    const edit = await call('PUT', `/api/roles/${row?.uuid}`, { permissions: ['TASKS_READ'] });
    expect(edit.statusCode).toBe(200);
    expect(edit.json().data).toMatchObject({ permissions: ['TASKS_READ'], users_count: 1 });
    expect((await call('GET', '/api/contacts', undefined, holder.token)).statusCode).toBe(403);
    const me = await call('GET', '/api/user', undefined, holder.token);
    expect(me.json().data.permissions).toEqual([{ name: 'TASKS_READ' }]);
  });

  it('refuses to delete a role someone holds, and deletes one nobody holds', async () => {
    const roleId = await buildRole(db, ['TASKS_READ']);
    const [row] = await db.select({ uuid: roles.uuid }).from(roles).where(eq(roles.id, roleId));
    const holder = await buildUser(db);
    await db.insert(userRoles).values({ userId: holder.id, roleId });
    const held = await call('DELETE', `/api/roles/${row?.uuid}`);
    expect(held.statusCode).toBe(422);
    expect(held.json().message).toBe(MESSAGES.roleInUse(1));
    const free = await createRole({ name: 'Disposable', permissions: [] });
    expect((await call('DELETE', `/api/roles/${free.uuid}`)).statusCode).toBe(200);
    expect((await call('GET', `/api/roles/${free.uuid}`)).statusCode).toBe(404);
  });

  it('answers 404 for unknown uuids and 422 for malformed ones', async () => {
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect((await call('GET', `/api/roles/${unknown}`)).statusCode).toBe(404);
    expect((await call('PUT', `/api/roles/${unknown}`, { name: 'X' })).statusCode).toBe(404);
    expect((await call('DELETE', `/api/roles/${unknown}`)).statusCode).toBe(404);
    expect((await call('GET', '/api/roles/nope')).statusCode).toBe(422);
    expect((await call('POST', '/api/roles', { name: 'X', permissions: 'TASKS_READ' })).statusCode).toBe(422);
  });
});

describe('GET /api/users', () => {
  it('lists logins with name, e-mail, type, status and roles, filtered and searched', async () => {
    const freelancer = await buildUser(db, { type: 'freelancer', name: 'Frida Picker', permissions: ['TASKS_READ'] });
    await buildUser(db, { type: 'regular_user', name: 'Rita Regular' });
    const res = await call('GET', '/api/users?page[size]=999&filters[type][]=freelancer&search_term=frida');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual([
      {
        uuid: freelancer.uuid,
        contact_uuid: freelancer.contactUuid,
        name: 'Frida Picker',
        email: freelancer.email,
        type: 'freelancer',
        status: 'active',
        roles: [{ uuid: expect.any(String), name: expect.any(String) }],
      },
    ]);
    const inactive = await call('GET', '/api/users?filters[status][]=inactive');
    expect(inactive.json().meta.total).toBe(0);
    expect((await call('GET', '/api/users?filters[type][]=robot')).statusCode).toBe(422);
  });
});
