import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import sharp from 'sharp';
import type { TestApp } from '../../../test/test-app';
import { createStorage, type FileStorage } from './storage';

export const TEST_BUCKET = 'portal-test';
export type Driver = 'local' | 's3';

/**
 * The storage environment of one driver for getTestApp: a temporary DATA_DIR for the local disk, or a real
 * S3-compatible server (s3rver on a free loopback port, its own folder) for S3. Never a mock of the SDK.
 */
export async function startStorage(driver: Driver, extra: Record<string, string> = {}) {
  const folder = await mkdtemp(path.join(tmpdir(), `portal-uploads-${driver}-`));
  if (driver === 'local') {
    return { env: { DATA_DIR: folder, ...extra }, stop: () => rm(folder, { recursive: true, force: true }) };
  }
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: path.join(folder, 's3'),
    configureBuckets: [{ name: TEST_BUCKET }],
  });
  const address = (await server.run()) as { port: number };
  return {
    env: {
      DATA_DIR: folder,
      S3_BUCKET: TEST_BUCKET,
      S3_ENDPOINT: `http://127.0.0.1:${address.port}`,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
      ...extra,
    },
    stop: async () => {
      await server.close();
      await rm(folder, { recursive: true, force: true });
    },
  };
}

/** A storage driver as the app builds it from the environment startStorage gives (s3rver for S3, never a mock). */
export function storageOf(env: Record<string, string>, maxUploadBytes: number): Promise<FileStorage> {
  return createStorage({
    dataDir: env.DATA_DIR ?? '',
    storage: {
      maxUploadBytes,
      s3: env.S3_BUCKET
        ? {
            bucket: env.S3_BUCKET,
            endpoint: env.S3_ENDPOINT ?? null,
            region: env.S3_REGION ?? 'us-east-1',
            accessKeyId: env.S3_ACCESS_KEY_ID ?? null,
            secretAccessKey: env.S3_SECRET_ACCESS_KEY ?? null,
            forcePathStyle: env.S3_FORCE_PATH_STYLE === 'true',
          }
        : null,
    },
  });
}

export const pngBytes = (width = 40, height = 30) =>
  sharp({ create: { width, height, channels: 3, background: '#e33' } })
    .png()
    .toBuffer();

export const PDF_BYTES = Buffer.from('%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n');

/** A client of the test app that speaks the browser's side of the upload flow. */
export function uploadClient(app: TestApp) {
  const auth = (token: string) => ({ authorization: `Bearer ${token}` });

  async function presign(token: string, input: { name: string; size: number; extension?: string; type?: string }) {
    const extension = input.extension ?? input.name.split('.').pop() ?? '';
    return app.inject({
      method: 'POST',
      url: '/api/create-pre-signed-url',
      headers: auth(token),
      payload: { extension, size: input.size, name: input.name, type: input.type ?? 'attachment' },
    });
  }

  /** PUTs bytes to a pre-signed URL: this server's (local driver) through inject, a bucket's over HTTP. */
  async function put(target: { url: string; headers: Record<string, string> }, body: Buffer) {
    if (target.url.startsWith('/')) {
      const res = await app.inject({ method: 'PUT', url: target.url, headers: target.headers, payload: body });
      return { status: res.statusCode, body: res.body };
    }
    const res = await fetch(target.url, { method: 'PUT', headers: target.headers, body });
    return { status: res.status, body: await res.text() };
  }

  /** GETs a served URL (signed local path or bucket URL) with its headers and bytes. */
  async function fetchUrl(url: string) {
    if (url.startsWith('/')) {
      const res = await app.inject({ method: 'GET', url });
      return { status: res.statusCode, headers: res.headers as Record<string, string>, body: res.rawPayload };
    }
    const res = await fetch(url);
    return {
      status: res.status,
      headers: Object.fromEntries(res.headers.entries()),
      body: Buffer.from(await res.arrayBuffer()),
    };
  }

  /** The whole flow: presign, PUT, answer the uuid (fails the test on any refusal). */
  async function upload(token: string, name: string, body: Buffer, type = 'attachment') {
    const presigned = await presign(token, { name, size: body.length, type });
    if (presigned.statusCode !== 200) {
      throw new Error(`presign ${presigned.statusCode}: ${presigned.body}`);
    }
    const target = presigned.json() as { url: string; uuid: string; headers: Record<string, string> };
    const sent = await put(target, body);
    if (sent.status !== 200) {
      throw new Error(`put ${sent.status}: ${sent.body}`);
    }
    return target.uuid;
  }

  return { auth, presign, put, fetchUrl, upload };
}
