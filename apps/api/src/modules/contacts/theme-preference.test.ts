import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildUser } from '../../../test/factories';
import { getTestApp, type TestApp } from '../../../test/test-app';
import type { Database } from '../../db/client';

/** The colour scheme (System / Light / Dark in the profile menu) is a preference kept on the server. */

let app: TestApp;
let db: Database;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ app, db, close } = await getTestApp());
});
afterAll(() => close());

describe('theme preference', () => {
  it("follows the system until chosen, and the choice comes back in GET user on the person's next call", async () => {
    // No permissions at all: the theme is one of the own-profile fields anybody may change.
    const me = await buildUser(db);
    const user = () => app.inject({ url: '/api/user', headers: bearer(me.token) });
    expect((await user()).json().data.preferences.theme).toBe('system');

    const put = await app.inject({
      method: 'PUT',
      url: `/api/contacts/${me.contactUuid}`,
      headers: bearer(me.token),
      payload: { preferences: { theme: 'dark' } },
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json().data.preferences).toMatchObject({ theme: 'dark', email_notifications: '1' });
    expect((await user()).json().data.preferences.theme).toBe('dark');
  });

  it('refuses a scheme that is not system, light or dark', async () => {
    const me = await buildUser(db);
    const bad = await app.inject({
      method: 'PUT',
      url: `/api/contacts/${me.contactUuid}`,
      headers: bearer(me.token),
      payload: { preferences: { theme: 'sepia' } },
    });
    expect(bad.statusCode).toBe(422);
  });
});
