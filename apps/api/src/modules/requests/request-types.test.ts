import { MESSAGES } from '@portal/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer } from '../../../test/factories';
import { type RequestTestContext, requestCalls, setUpRequestTests } from './request-test-helpers';

let ctx: RequestTestContext;
const calls = requestCalls(() => ctx);

beforeAll(async () => {
  ctx = await setUpRequestTests();
});
afterAll(() => ctx.close());

const form = [
  { name: 'project_brief', label: 'Project brief', type: 'textEditor', submitRequired: true },
  { name: 'size', label: 'Size', type: 'select', options: [{ label: 'A4', value: 'a4' }] },
];
const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, headers = calls.asAdmin()) =>
  ctx.app.inject({ method, url: `/api${url}`, headers, ...(payload ? { payload } : {}) });

describe('request-type catalogue', () => {
  it('lists enabled and disabled types with the flag, and only enabled ones when asked', async () => {
    const all = (await call('GET', '/request-types', undefined, bearer(ctx.actors.freelancer.token))).json().data;
    const byId = new Map(all.map((t: { id: number }) => [t.id, t]));
    expect(byId.get(8)).toMatchObject({ name: 'Email Design', timeEstimated: 60, disabled: false });
    expect(byId.get(17)).toMatchObject({ name: 'New Campaign', timeEstimated: 900 });
    expect(
      all
        .filter((t: { disabled: boolean }) => t.disabled)
        .map((t: { name: string }) => t.name)
        .sort(),
    ).toEqual(['Casting Call', 'Location Rentals']);
    const enabled = (await call('GET', '/request-types?enabled_only=1')).json().data;
    expect(enabled.some((t: { disabled: boolean }) => t.disabled)).toBe(false);
    expect((await call('GET', '/request-types/8')).json().data.form[0]).toMatchObject({ name: 'project_brief' });
    expect((await call('GET', '/request-types/424242')).statusCode).toBe(404);
    expect((await call('GET', '/request-types/abc')).statusCode).toBe(422);
  });

  it('lets admins create, edit and delete types, checking the form', async () => {
    const created = await call('POST', '/request-types', { name: 'Menu Design', timeEstimated: 120, form });
    expect(created.statusCode, created.body).toBe(200);
    const type = created.json().data;
    expect(type).toMatchObject({ name: 'Menu Design', disabled: false, form });
    expect(type.id).toBeGreaterThan(20);
    const clash = await call('POST', '/request-types', { name: 'menu design' });
    expect(clash.json().errors).toEqual({ name: [MESSAGES.nameTaken] });
    const edited = await call('PUT', `/request-types/${type.id}`, { disabled: true, tags: ['print'] });
    expect(edited.json().data).toMatchObject({ disabled: true, tags: ['print'], name: 'Menu Design' });
    expect((await call('DELETE', `/request-types/${type.id}`)).json()).toEqual({ message: MESSAGES.deleted });
    expect((await call('GET', `/request-types/${type.id}`)).statusCode).toBe(404);
  });

  it('refuses to delete a type that requests use, suggesting to disable it, and keeps the link', async () => {
    const type = (await call('POST', '/request-types', { name: 'Poster Design', form })).json().data;
    const request = await calls.createOk(
      calls.submitted({ request_type_id: type.id, answers: { project_brief: { ops: [{ insert: 'A poster\n' }] } } }),
    );
    const refused = await call('DELETE', `/request-types/${type.id}`);
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({ message: MESSAGES.requestTypeInUse(1), code: 'request_type_in_use' });
    expect((await call('GET', `/request-types/${type.id}`)).statusCode).toBe(200);
    expect((await calls.stored(request.uuid)).requestTypeId).toBe(type.id);
    const disabled = await call('PUT', `/request-types/${type.id}`, { disabled: true });
    expect(disabled.json().data.disabled).toBe(true);
  });

  it('refuses forms that do not hold together, and bad fields, with 422', async () => {
    const duplicate = await call('POST', '/request-types', { name: 'Twice', form: [form[1], form[1]] });
    expect(duplicate.json().errors).toEqual({ form: [MESSAGES.invalidForm] });
    const dangling = await call('POST', '/request-types', {
      name: 'Dangling',
      form: [{ name: 'a', label: 'A', type: 'input', visible: { field: 'ghost', values: ['x'] } }],
    });
    expect(dangling.json().errors).toEqual({ form: [MESSAGES.invalidForm] });
    for (const body of [
      { name: '' },
      { name: 'x'.repeat(1000) },
      { name: 'Bad', form: [{ name: 'Bad Name', label: 'x', type: 'input' }] },
      { name: 'Bad', form: [{ name: 'x', label: 'x', type: 'hologram' }] },
      { name: 'Bad', timeEstimated: -1 },
      { name: 'Bad', form: 'none' },
    ]) {
      expect((await call('POST', '/request-types', body)).statusCode, JSON.stringify(body)).toBe(422);
    }
    expect((await call('PUT', '/request-types/424242', { name: 'Nope' })).statusCode).toBe(404);
    expect((await call('DELETE', '/request-types/424242')).statusCode).toBe(404);
  });

  it('is admin work: freelancers and contacts cannot edit the catalogue', async () => {
    expect((await call('POST', '/request-types', { name: 'X' }, bearer(ctx.actors.freelancer.token))).statusCode).toBe(
      403,
    );
    expect((await call('PUT', '/request-types/8', { name: 'X' }, bearer(ctx.actors.contact.token))).statusCode).toBe(
      403,
    );
    expect((await call('GET', '/request-types', undefined, bearer(ctx.actors.contact.token))).statusCode).toBe(403);
  });
});
