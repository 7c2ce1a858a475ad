import { MESSAGES } from '@portal/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildActors, buildCustomer } from '../../../test/factories';
import { getTestApp, type TestApp } from '../../../test/test-app';
import type { Database } from '../../db/client';
import { uploads } from '../../db/schema';
import type { LocalStorage } from './storage/local';
import { type Driver, PDF_BYTES, pngBytes, startStorage, uploadClient } from './test-helpers';

const MAX = 2 * 1024 * 1024;

/** The same behaviour through both drivers: the local disk and a real S3-compatible server. */
describe.each<Driver>(['local', 's3'])('uploads through the %s driver', (driver) => {
  let app: TestApp;
  let db: Database;
  let close: () => Promise<void>;
  let stop: () => Promise<void>;
  let actors: Awaited<ReturnType<typeof buildActors>>;
  let client: ReturnType<typeof uploadClient>;

  beforeAll(async () => {
    const storage = await startStorage(driver, { MAX_UPLOAD_BYTES: String(MAX) });
    stop = storage.stop;
    ({ app, db, close } = await getTestApp({ env: storage.env }));
    actors = await buildActors(db);
    client = uploadClient(app);
  });
  afterAll(async () => {
    await close();
    await stop();
  });

  const row = async (uuid: string) => (await db.select().from(uploads).where(eq(uploads.uuid, uuid)))[0];
  const attachToCustomer = async (uuid: string, customerUuid?: string) => {
    const customer = customerUuid ?? (await buildCustomer(db)).uuid;
    return app.inject({
      method: 'PUT',
      url: `/api/customers/${customer}`,
      headers: client.auth(actors.admin.token),
      payload: { uploads: [uuid] },
    });
  };

  it("lets the browser's Content-Security-Policy reach the storage it uploads to, and only that", async () => {
    const csp = (await app.inject({ url: '/api/health' })).headers['content-security-policy'] as string;
    const { url } = (await client.presign(actors.admin.token, { name: 'a.png', size: 10 })).json() as { url: string };
    const connect = csp.split(';').find((part) => part.trim().startsWith('connect-src')) ?? '';
    if (driver === 'local') {
      expect(url.startsWith('/api/uploads/')).toBe(true);
      expect(connect).not.toContain('http://127.0.0.1:');
    } else {
      expect(connect).toContain(new URL(url).origin);
    }
  });

  it('starts pending and becomes stated once its bytes are verified, with dimensions and a thumbnail', async () => {
    const png = await pngBytes(40, 30);
    const uuid = await client.upload(actors.admin.token, 'brief.png', png);
    expect((await row(uuid))?.stated).toBe(driver === 'local');

    const attached = await attachToCustomer(uuid);
    expect(attached.statusCode).toBe(200);
    const [file] = attached.json().data.uploads;
    expect(file).toMatchObject({
      uuid,
      url: `/api/uploads/${uuid}`,
      name: 'brief.png',
      extension: 'png',
      size: png.length,
      stated: true,
      width: 40,
      height: 30,
      preview: 'image',
      thumbnail_url: `/api/uploads/${uuid}/thumbnail`,
    });

    const link = await app.inject({ url: `/api/uploads/${uuid}/download`, headers: client.auth(actors.admin.token) });
    expect(link.statusCode).toBe(200);
    const served = await client.fetchUrl(link.json().data);
    expect(served.status).toBe(200);
    expect(Buffer.compare(served.body, png)).toBe(0);
  });

  it('refuses a body that is not the declared size and deletes its bytes', async () => {
    const presigned = await client.presign(actors.admin.token, { name: 'short.pdf', size: PDF_BYTES.length + 10 });
    const target = presigned.json();
    const sent = await client.put(target, PDF_BYTES);
    const stored = await row(target.uuid);
    if (driver === 'local') {
      expect(sent.status).toBe(422);
      expect(JSON.parse(sent.body).message).toBe(MESSAGES.uploadSizeMismatch);
    } else {
      const attached = await attachToCustomer(target.uuid);
      expect(attached.statusCode).toBe(422);
      expect(attached.json().errors.uploads).toEqual([MESSAGES.uploadSizeMismatch]);
    }
    expect(stored?.stated).toBe(false);
    expect(await app.ctx.storage.stat(stored?.url ?? '')).toBeNull();
  });

  it('refuses content whose magic bytes do not match the extension', async () => {
    const fake = Buffer.from('<html><script>alert(1)</script></html>');
    const presigned = await client.presign(actors.admin.token, { name: 'cat.png', size: fake.length });
    const target = presigned.json();
    const sent = await client.put(target, fake);
    if (driver === 'local') {
      expect(sent.status).toBe(422);
      expect(JSON.parse(sent.body).message).toBe(MESSAGES.uploadContentMismatch);
    } else {
      const attached = await attachToCustomer(target.uuid);
      expect(attached.json().errors.uploads).toEqual([MESSAGES.uploadContentMismatch]);
    }
    expect(await app.ctx.storage.stat((await row(target.uuid))?.url ?? '')).toBeNull();
  });

  it('refuses a declared size over MAX_UPLOAD_BYTES and a type the editor cannot show', async () => {
    const big = await client.presign(actors.admin.token, { name: 'huge.mp4', size: MAX + 1 });
    expect(big.statusCode).toBe(422);
    expect(big.json().errors.size).toEqual([MESSAGES.uploadTooLarge(2)]);
    const editor = await client.presign(actors.admin.token, { name: 'notes.pdf', size: 10, type: 'in-message' });
    expect(editor.json().errors.extension).toEqual([MESSAGES.imagesOnly]);
    const bad = await client.presign(actors.admin.token, { name: 'x', size: 10, extension: '../sh' });
    expect(bad.statusCode).toBe(422);
  });

  it('serves html and svg only as an attachment, with nosniff, and never under the user’s file name as key', async () => {
    for (const [name, body] of [
      ['page.html', '<html><body>hi</body></html>'],
      ['logo.svg', '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'],
    ] as const) {
      const uuid = await client.upload(actors.admin.token, name, Buffer.from(body));
      expect((await attachToCustomer(uuid)).statusCode).toBe(200);
      const stored = await row(uuid);
      expect(stored?.url).not.toContain(name.split('.')[0]);
      // Even the stable path asking for inline answers an attachment.
      const stable = await app.inject({ url: `/api/uploads/${uuid}`, headers: client.auth(actors.admin.token) });
      expect(stable.statusCode).toBe(302);
      const served = await client.fetchUrl(stable.headers.location as string);
      expect(served.status).toBe(200);
      expect(served.headers['content-disposition']).toMatch(/^attachment;/);
      expect(served.headers['content-type']).toBe('application/octet-stream');
      if (driver === 'local') {
        expect(served.headers['x-content-type-options']).toBe('nosniff');
      }
    }
  });

  it('serves a PDF inline with its real type', async () => {
    const uuid = await client.upload(actors.admin.token, 'report.pdf', PDF_BYTES);
    await attachToCustomer(uuid);
    const stable = await app.inject({ url: `/api/uploads/${uuid}`, headers: client.auth(actors.admin.token) });
    const served = await client.fetchUrl(stable.headers.location as string);
    expect(served.headers['content-type']).toBe('application/pdf');
    expect(served.headers['content-disposition']).toMatch(/^inline;/);
  });

  it('answers 404 to someone who cannot see what holds the file, and to others for an unheld file', async () => {
    const uuid = await client.upload(actors.admin.token, 'notes.png', await pngBytes());
    const unheld = await app.inject({
      url: `/api/uploads/${uuid}/download`,
      headers: client.auth(actors.manager.token),
    });
    expect(unheld.statusCode).toBe(404);
    await attachToCustomer(uuid);
    const freelancer = await app.inject({
      url: `/api/uploads/${uuid}/download`,
      headers: client.auth(actors.freelancer.token),
    });
    expect(freelancer.statusCode).toBe(404);
    const staff = await app.inject({
      url: `/api/uploads/${uuid}/download`,
      headers: client.auth(actors.manager.token),
    });
    expect(staff.statusCode).toBe(200);
  });

  it('lets only the uploader delete a file, and removes its bytes', async () => {
    const uuid = await client.upload(actors.admin.token, 'delete-me.png', await pngBytes());
    await attachToCustomer(uuid);
    const stored = await row(uuid);
    const other = await app.inject({
      method: 'DELETE',
      url: `/api/uploads/${uuid}`,
      headers: client.auth(actors.manager.token),
    });
    expect(other.statusCode).toBe(403);
    const own = await app.inject({
      method: 'DELETE',
      url: `/api/uploads/${uuid}`,
      headers: client.auth(actors.admin.token),
    });
    expect(own.statusCode).toBe(200);
    expect(await row(uuid)).toBeUndefined();
    expect(await app.ctx.storage.stat(stored?.url ?? '')).toBeNull();
    expect(await app.ctx.storage.stat(stored?.thumbnailKey ?? '')).toBeNull();
  });

  it('copies a file someone may see into a new upload of theirs that they can attach elsewhere', async () => {
    const png = await pngBytes(20, 20);
    const uuid = await client.upload(actors.admin.token, 'shared.png', png);
    await attachToCustomer(uuid);
    const copied = await app.inject({
      method: 'POST',
      url: `/api/uploads/${uuid}/copy`,
      headers: client.auth(actors.manager.token),
    });
    expect(copied.statusCode).toBe(200);
    const copy = copied.json().data;
    expect(copy).toMatchObject({ name: 'shared.png', stated: true, creator_uuid: actors.manager.uuid, width: 20 });
    expect(copy.uuid).not.toBe(uuid);
    expect((await attachToCustomer(copy.uuid)).statusCode).toBe(422); // the manager's copy, attached by the admin
    const link = await app.inject({
      url: `/api/uploads/${copy.uuid}/download`,
      headers: client.auth(actors.manager.token),
    });
    expect(Buffer.compare((await client.fetchUrl(link.json().data)).body, png)).toBe(0);
    const hidden = await app.inject({
      method: 'POST',
      url: `/api/uploads/${uuid}/copy`,
      headers: client.auth(actors.freelancer.token),
    });
    expect(hidden.statusCode).toBe(404);
  });

  it('will not let anyone attach another person’s upload', async () => {
    const uuid = await client.upload(actors.manager.token, 'theirs.pdf', PDF_BYTES);
    const attached = await attachToCustomer(uuid);
    expect(attached.statusCode).toBe(422);
    expect(attached.json().errors.uploads).toEqual([MESSAGES.unknownReference]);
  });

  it('opens stable paths with the file cookie, and not without a session', async () => {
    const uuid = await client.upload(actors.admin.token, 'cookie.png', await pngBytes());
    await attachToCustomer(uuid);
    const anonymous = await app.inject({ url: `/api/uploads/${uuid}` });
    expect(anonymous.statusCode).toBe(401);
    const withCookie = await app.inject({
      url: `/api/uploads/${uuid}/thumbnail`,
      headers: { cookie: `other=1; portal_files=${actors.manager.token}` },
    });
    expect(withCookie.statusCode).toBe(302);
    const thumb = await client.fetchUrl(withCookie.headers.location as string);
    expect(thumb.headers['content-type']).toBe('image/webp');
  });

  if (driver === 'local') {
    it('refuses expired or tampered signatures and a second PUT', async () => {
      const presigned = (await client.presign(actors.admin.token, { name: 'a.pdf', size: PDF_BYTES.length })).json();
      const tampered = presigned.url.replace(/signature=[^&]+/, 'signature=AAAA');
      expect((await client.put({ ...presigned, url: tampered }, PDF_BYTES)).status).toBe(403);
      const storage = app.ctx.storage as LocalStorage;
      const expires = Math.floor(Date.now() / 1000) - 5;
      const signature = await storage.sign({ action: 'put', uuid: presigned.uuid, expires });
      const expired = `/api/uploads/${presigned.uuid}/content?expires=${expires}&signature=${signature}`;
      const refused = await client.put({ ...presigned, url: expired }, PDF_BYTES);
      expect(refused.status).toBe(403);
      expect(JSON.parse(refused.body).message).toBe(MESSAGES.uploadLinkInvalid);
      // A signature for another file does not open this one.
      const other = (await client.presign(actors.admin.token, { name: 'b.pdf', size: PDF_BYTES.length })).json();
      const swapped = presigned.url.replace(presigned.uuid, other.uuid);
      expect((await client.put({ ...presigned, url: swapped }, PDF_BYTES)).status).toBe(403);
      expect((await client.put(presigned, PDF_BYTES)).status).toBe(200);
      expect((await client.put(presigned, PDF_BYTES)).status).toBe(409);
      // A served link is bound to its disposition.
      const link = (
        await app.inject({ url: `/api/uploads/${presigned.uuid}/download`, headers: client.auth(actors.admin.token) })
      ).json().data as string;
      expect((await client.fetchUrl(link.replace('disposition=attachment', 'disposition=inline'))).status).toBe(403);
    });

    it('refuses a body over MAX_UPLOAD_BYTES with 413 and serves byte ranges', async () => {
      const presigned = (await client.presign(actors.admin.token, { name: 'v.mp4', size: MAX })).json();
      const sent = await client.put(presigned, Buffer.alloc(MAX + 10));
      expect(sent.status).toBe(413);
      const uuid = await client.upload(actors.admin.token, 'range.pdf', PDF_BYTES);
      const link = (
        await app.inject({ url: `/api/uploads/${uuid}/download`, headers: client.auth(actors.admin.token) })
      ).json().data;
      const part = await app.inject({ url: link, headers: { range: 'bytes=0-3' } });
      expect(part.statusCode).toBe(206);
      expect(part.body).toBe('%PDF');
      expect(part.headers['content-range']).toBe(`bytes 0-3/${PDF_BYTES.length}`);
    });
  }
});
