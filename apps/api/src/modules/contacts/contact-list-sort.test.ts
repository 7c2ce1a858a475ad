import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildActors, buildUser } from '../../../test/factories';
import { getTestApp, type TestApp } from '../../../test/test-app';

/** GET /api/contacts sort[by]=email (Users and People tables): ties by id, paging stable. */

let app: TestApp;
let close: () => Promise<void>;
let actors: Awaited<ReturnType<typeof buildActors>>;
const TAG = 'mailsortq';

beforeAll(async () => {
  const world = await getTestApp();
  ({ app, close } = world);
  actors = await buildActors(world.db);
  // Names in the reverse order of the e-mails, so a name order would show.
  for (const [name, email] of [
    ['Ann', `carol.${TAG}@example.test`],
    ['Bob', `bob.${TAG}@example.test`],
    ['Cy', `amy.${TAG}@example.test`],
  ]) {
    await buildUser(world.db, { name, email });
  }
});
afterAll(() => close());

const names = async (query: string) => {
  const res = await app.inject({
    url: `/api/contacts?search_term=${TAG}&${query}`,
    headers: bearer(actors.admin.token),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.map((c: { name: string }) => c.name);
};

describe('GET /api/contacts sort[by]=email', () => {
  it('orders by e-mail either way and pages without repeating a person', async () => {
    expect(await names('sort[by]=email')).toEqual(['Cy', 'Bob', 'Ann']);
    expect(await names('sort[by]=email&sort[direction]=desc')).toEqual(['Ann', 'Bob', 'Cy']);
    expect([
      ...(await names('sort[by]=email&page[size]=2')),
      ...(await names('sort[by]=email&page[size]=2&page[number]=2')),
    ]).toEqual(['Cy', 'Bob', 'Ann']);
  });
});
