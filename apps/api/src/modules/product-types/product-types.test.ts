import { MESSAGES } from '@portal/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildActors, buildUser } from '../../../test/factories';
import { getTestApp, type TestApp } from '../../../test/test-app';

let app: TestApp;
let close: () => Promise<void>;
let db: Awaited<ReturnType<typeof getTestApp>>['db'];
let actors: Awaited<ReturnType<typeof buildActors>>;
const UNKNOWN = '00000000-0000-4000-8000-000000000000';

beforeAll(async () => {
  ({ app, close, db } = await getTestApp());
  actors = await buildActors(db);
});
afterAll(() => close());

const asAdmin = () => bearer(actors.admin.token);
const create = (payload: object) =>
  app.inject({ method: 'POST', url: '/api/product-types', headers: asAdmin(), payload });

describe('product types', () => {
  it('creates, lists by name (page[size]=999, sort[by]=name), renames and deletes', async () => {
    const video = (await create({ name: 'Video', description: 'Edits and reels' })).json().data;
    await create({ name: 'branding' });
    await create({ name: 'Ads' });
    const res = await app.inject({ url: '/api/product-types?page[size]=999&sort[by]=name', headers: asAdmin() });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.map((p: { name: string }) => p.name)).toEqual(['Ads', 'branding', 'Video']);
    expect(res.json().meta).toEqual({ total: 3, current_page: 1, last_page: 1, per_page: 999 });
    expect(video).toMatchObject({ name: 'Video', description: 'Edits and reels' });

    const renamed = await app.inject({
      method: 'PUT',
      url: `/api/product-types/${video.uuid}`,
      headers: asAdmin(),
      payload: { name: 'Video production' },
    });
    expect(renamed.json().data).toMatchObject({ uuid: video.uuid, name: 'Video production', description: null });
    const deleted = await app.inject({ method: 'DELETE', url: `/api/product-types/${video.uuid}`, headers: asAdmin() });
    expect(deleted.statusCode).toBe(200);
    const after = await app.inject({ url: '/api/product-types', headers: asAdmin() });
    expect(after.json().meta.total).toBe(2);
  });

  it('refuses a duplicate name (any case) and a missing one', async () => {
    const first = (await create({ name: 'Hosting care' })).json().data;
    const duplicate = await create({ name: 'hosting CARE' });
    expect(duplicate.statusCode).toBe(422);
    expect(duplicate.json()).toEqual({
      message: MESSAGES.nameTaken,
      errors: { name: [MESSAGES.nameTaken] },
      code: 'validation_failed',
    });
    const other = (await create({ name: 'Care plus' })).json().data;
    const rename = await app.inject({
      method: 'PUT',
      url: `/api/product-types/${other.uuid}`,
      headers: asAdmin(),
      payload: { name: 'Hosting care' },
    });
    expect(rename.json().errors).toEqual({ name: [MESSAGES.nameTaken] });
    const same = await app.inject({
      method: 'PUT',
      url: `/api/product-types/${first.uuid}`,
      headers: asAdmin(),
      payload: { name: 'Hosting Care' },
    });
    expect(same.statusCode).toBe(200);
    const missing = await create({ name: '  ' });
    expect(missing.json().errors).toEqual({ name: [MESSAGES.required] });
  });

  it('answers 404 for an unknown uuid, 422 for a malformed one or bad paging', async () => {
    const put = await app.inject({
      method: 'PUT',
      url: `/api/product-types/${UNKNOWN}`,
      headers: asAdmin(),
      payload: { name: 'X' },
    });
    expect(put.statusCode).toBe(404);
    const del = await app.inject({ method: 'DELETE', url: `/api/product-types/${UNKNOWN}`, headers: asAdmin() });
    expect(del.statusCode).toBe(404);
    const malformed = await app.inject({ method: 'DELETE', url: '/api/product-types/123', headers: asAdmin() });
    expect(malformed.statusCode).toBe(422);
    for (const bad of ['page[size]=0', 'page[size]=abc', 'sort[by]=price']) {
      expect((await app.inject({ url: `/api/product-types?${bad}`, headers: asAdmin() })).statusCode, bad).toBe(422);
    }
  });

  it('needs the PRODUCT_TYPES_* permission of each call', async () => {
    const reader = await buildUser(db, { permissions: ['PRODUCT_TYPES_READ'] });
    expect((await app.inject({ url: '/api/product-types', headers: bearer(reader.token) })).statusCode).toBe(200);
    const created = await app.inject({
      method: 'POST',
      url: '/api/product-types',
      headers: bearer(reader.token),
      payload: { name: 'Nope' },
    });
    expect(created.statusCode).toBe(403);
    expect((await app.inject({ url: '/api/product-types', headers: bearer(actors.freelancer.token) })).statusCode).toBe(
      403,
    );
  });

  it('gives a service a product type (product_type_uuid in, {uuid, name} out), changes and clears it', async () => {
    const web = (await create({ name: 'Web' })).json().data;
    const design = (await create({ name: 'Design' })).json().data;
    const made = await app.inject({
      method: 'POST',
      url: '/api/request-types',
      headers: asAdmin(),
      payload: { name: 'Landing page', product_type_uuid: web.uuid },
    });
    expect(made.statusCode).toBe(200);
    const service = made.json().data;
    expect(service.product_type).toEqual({ uuid: web.uuid, name: 'Web' });
    const listed = (await app.inject({ url: '/api/request-types', headers: asAdmin() })).json().data;
    expect(listed.find((t: { id: number }) => t.id === service.id).product_type).toEqual({
      uuid: web.uuid,
      name: 'Web',
    });
    expect(listed.find((t: { name: string }) => t.name === 'Email Design').product_type).toBeNull();

    const put = (payload: object) =>
      app.inject({ method: 'PUT', url: `/api/request-types/${service.id}`, headers: asAdmin(), payload });
    expect((await put({ product_type_uuid: design.uuid })).json().data.product_type).toEqual({
      uuid: design.uuid,
      name: 'Design',
    });
    // A PUT without the field keeps the type.
    expect((await put({ description: 'One page' })).json().data.product_type?.name).toBe('Design');
    const unknown = await put({ product_type_uuid: UNKNOWN });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors).toEqual({ product_type_uuid: ['The selected product type does not exist'] });
    expect((await put({ product_type_uuid: 'nope' })).statusCode).toBe(422);
    expect((await put({ product_type_uuid: null })).json().data.product_type).toBeNull();
  });

  it('refuses to delete a product type that services use, saying how many, and deletes it once they have none', async () => {
    const hosting = (await create({ name: 'Hosting' })).json().data;
    const services = [];
    for (const name of ['Managed hosting', 'Domain renewal']) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/request-types',
        headers: asAdmin(),
        payload: { name, product_type_uuid: hosting.uuid },
      });
      services.push(res.json().data);
    }
    const remove = () =>
      app.inject({ method: 'DELETE', url: `/api/product-types/${hosting.uuid}`, headers: asAdmin() });
    const refused = await remove();
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({ message: MESSAGES.productTypeInUse(2), code: 'product_type_in_use' });
    expect(MESSAGES.productTypeInUse(2)).toBe(
      'This product type is used by 2 services; give them another type (or none) before deleting it',
    );
    const [first, second] = services;
    await app.inject({
      method: 'PUT',
      url: `/api/request-types/${first.id}`,
      headers: asAdmin(),
      payload: { product_type_uuid: null },
    });
    expect((await remove()).json().message).toBe(MESSAGES.productTypeInUse(1));
    await app.inject({ method: 'DELETE', url: `/api/request-types/${second.id}`, headers: asAdmin() });
    expect((await remove()).statusCode).toBe(200);
    const list = (await app.inject({ url: '/api/product-types?page[size]=999', headers: asAdmin() })).json().data;
    expect(list.some((t: { uuid: string }) => t.uuid === hosting.uuid)).toBe(false);
  });
});
