import { CATALOGUE_IMAGE_MESSAGE } from '@portal/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setUpRequestTests } from '../../src/modules/requests/request-test-helpers';
import { bearer } from '../factories';

let t: Awaited<ReturnType<typeof setUpRequestTests>>;
beforeAll(async () => {
  t = await setUpRequestTests();
});
afterAll(() => t.close());

const post = (payload: object) =>
  t.app.inject({ method: 'POST', url: '/api/request-types', headers: bearer(t.actors.admin.token), payload });
const option = (imageUrl: string) => [
  { name: 'size', label: 'Size', type: 'select', options: [{ label: 'A4', value: 'a4', imageUrl }] },
];

describe('catalogue images (request types and their options)', () => {
  it('refuses javascript: and data: URLs on a type, with a clear 422', async () => {
    for (const imageUrl of ['javascript:alert(document.cookie)', 'data:image/svg+xml,<svg onload=alert(1)>']) {
      const res = await post({ name: `Bad ${imageUrl.slice(0, 4)}`, imageUrl });
      expect(res.statusCode, imageUrl).toBe(422);
      expect(res.json().errors.imageUrl).toEqual([CATALOGUE_IMAGE_MESSAGE]);
    }
  });

  it("refuses them on a question's option too", async () => {
    const res = await post({ name: 'Bad option', form: option('javascript:alert(1)') });
    expect(res.statusCode).toBe(422);
    expect(res.body).toContain(CATALOGUE_IMAGE_MESSAGE);
  });

  it('refuses an upload path with dot segments or encoded slashes, which would point at another route', async () => {
    for (const imageUrl of [
      '/api/uploads/3f1c2a4e-8b7d-4c1e-9a2b-5d6e7f8a9b0c/../../logout',
      '/api/uploads/3f1c2a4e-8b7d-4c1e-9a2b-5d6e7f8a9b0c/%2e%2e/%2e%2e/logout',
      '/api/uploads/3f1c2a4e-8b7d-4c1e-9a2b-5d6e7f8a9b0c%2f..%2f..%2flogout',
    ]) {
      const res = await post({ name: 'Climbing image', imageUrl });
      expect(res.statusCode, imageUrl).toBe(422);
      expect(res.json().errors.imageUrl, imageUrl).toEqual([CATALOGUE_IMAGE_MESSAGE]);
    }
  });

  it('accepts https images and our own uploads', async () => {
    const ok = await post({
      name: 'Good images',
      imageUrl: 'https://cdn.example.com/poster.png',
      form: option('/api/uploads/3f1c2a4e-8b7d-4c1e-9a2b-5d6e7f8a9b0c'),
    });
    expect(ok.statusCode, ok.body).toBe(200);
  });
});
