import { MESSAGES, PERMISSIONS } from '@portal/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BuiltUser, bearer, buildUser } from '../../../test/factories';
import { getTestApp, type TestApp } from '../../../test/test-app';

let app: TestApp;
let close: () => Promise<void>;
let db: Awaited<ReturnType<typeof getTestApp>>['db'];
let superUser: BuiltUser;

beforeAll(async () => {
  ({ app, close, db } = await getTestApp());
  // The test app's SUPER_USER_EMAILS is super@agency.test.
  superUser = await buildUser(db, { permissions: PERMISSIONS, email: 'super@agency.test' });
});
afterAll(() => close());

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, token = superUser.token) =>
  app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

describe('groups', () => {
  it('creates, lists, edits and deletes a group of staff and freelancers', async () => {
    const staff = await buildUser(db, { name: 'Aaron Staff' });
    const freelancer = await buildUser(db, { type: 'freelancer', name: 'Bea Freelance' });
    const created = await call('POST', '/api/groups', {
      name: 'Designers',
      description: 'Everyone who draws',
      members: [staff.uuid, freelancer.uuid],
    });
    expect(created.statusCode).toBe(200);
    const group = created.json().data;
    expect(group).toMatchObject({
      name: 'Designers',
      description: 'Everyone who draws',
      members: [
        { uuid: staff.uuid, name: 'Aaron Staff', type: 'regular_user' },
        { uuid: freelancer.uuid, name: 'Bea Freelance', type: 'freelancer' },
      ],
    });
    const list = await call('GET', '/api/groups?page[size]=999&sort[by]=name');
    expect(list.json().data.map((g: { uuid: string }) => g.uuid)).toEqual([group.uuid]);
    const edited = await call('PUT', `/api/groups/${group.uuid}`, { members: [freelancer.uuid] });
    expect(edited.json().data.members.map((m: { uuid: string }) => m.uuid)).toEqual([freelancer.uuid]);
    expect(edited.json().data.name).toBe('Designers');
    expect((await call('DELETE', `/api/groups/${group.uuid}`)).statusCode).toBe(200);
    expect((await call('GET', `/api/groups/${group.uuid}`)).statusCode).toBe(404);
  });

  it('validates: name required and unique, members must be staff or freelancer logins', async () => {
    const missing = await call('POST', '/api/groups', { members: [] });
    expect(missing.json().errors).toEqual({ name: [MESSAGES.required] });
    await call('POST', '/api/groups', { name: 'Writers', members: [] });
    const duplicate = await call('POST', '/api/groups', { name: 'WRITERS', members: [] });
    expect(duplicate.statusCode).toBe(422);
    expect(duplicate.json().errors).toEqual({ name: [MESSAGES.nameTaken] });
    const client = await buildUser(db, { type: 'contact' });
    const clientMember = await call('POST', '/api/groups', { name: 'Mixed', members: [client.uuid] });
    expect(clientMember.json().errors).toEqual({ members: [MESSAGES.unknownReference] });
    const malformed = await call('POST', '/api/groups', { name: 'Bad', members: ['nope'] });
    expect(malformed.statusCode).toBe(422);
  });

  it('is for super users only, even with every GROUPS permission', async () => {
    const admin = await buildUser(db, { permissions: PERMISSIONS });
    expect((await call('GET', '/api/groups', undefined, admin.token)).statusCode).toBe(403);
    expect((await call('POST', '/api/groups', { name: 'No', members: [] }, admin.token)).statusCode).toBe(403);
  });

  it('answers 404 for unknown uuids', async () => {
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect((await call('GET', `/api/groups/${unknown}`)).statusCode).toBe(404);
    expect((await call('PUT', `/api/groups/${unknown}`, { name: 'X' })).statusCode).toBe(404);
    expect((await call('DELETE', `/api/groups/${unknown}`)).statusCode).toBe(404);
  });
});
