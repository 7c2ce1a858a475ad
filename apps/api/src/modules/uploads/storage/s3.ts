import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  CopyObjectCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { noteStreamedBytes } from '../stream-memory';
import { contentDisposition } from './content-disposition';
import type { FileStorage, GetOptions, PresignedPut } from './types';

export type S3Settings = {
  bucket: string;
  endpoint: string | null;
  region: string;
  accessKeyId: string | null;
  secretAccessKey: string | null;
  forcePathStyle: boolean;
};

/** A file in a new private temporary folder, removed with its folder once `use` settles. */
async function withTemporaryFile<T>(use: (file: string) => Promise<T>): Promise<T> {
  const folder = await mkdtemp(path.join(tmpdir(), 'portal-s3-'));
  try {
    return await use(path.join(folder, 'body'));
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

/**
 * An S3-compatible bucket (AWS, MinIO, R2 …): real pre-signed PUT and GET URLs from the AWS SDK, so the bytes go
 * between the browser and the bucket without passing through this server. Served files get their disposition and
 * type through the signed response overrides.
 */
export class S3Storage implements FileStorage {
  readonly driver = 's3' as const;
  readonly client: S3Client;

  constructor(
    private readonly settings: S3Settings,
    readonly maxUploadBytes: number,
  ) {
    this.client = new S3Client({
      region: settings.region,
      endpoint: settings.endpoint ?? undefined,
      forcePathStyle: settings.forcePathStyle,
      // The SDK's default checksums send a streamed body aws-chunked with a trailer, which many S3-compatible
      // servers (s3rver, older MinIO, R2 …) store as is, chunk headers included: checksums only where the API
      // requires them.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      credentials:
        settings.accessKeyId && settings.secretAccessKey
          ? { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey }
          : undefined,
    });
  }

  async presignPut(key: string, options: { contentType: string; expiresInSeconds: number }): Promise<PresignedPut> {
    const command = new PutObjectCommand({ Bucket: this.settings.bucket, Key: key, ContentType: options.contentType });
    const url = await getSignedUrl(this.client, command, { expiresIn: options.expiresInSeconds });
    return { url, method: 'PUT', headers: { 'Content-Type': options.contentType } };
  }

  /** Read off a presigned URL, so path-style, virtual-host and custom endpoints all come out as the SDK signs them. */
  async browserOrigin(): Promise<string | null> {
    const probe = new GetObjectCommand({ Bucket: this.settings.bucket, Key: 'origin-probe' });
    return new URL(await getSignedUrl(this.client, probe, { expiresIn: 60 })).origin;
  }

  async presignGet(key: string, options: GetOptions): Promise<string> {
    const command = new GetObjectCommand({
      Bucket: this.settings.bucket,
      Key: key,
      ResponseContentType: options.contentType,
      ResponseContentDisposition: contentDisposition(options.inline ? 'inline' : 'attachment', options.fileName),
    });
    return getSignedUrl(this.client, command, { expiresIn: options.expiresInSeconds });
  }

  async write(key: string, body: Readable | Buffer, options: { contentType: string; size?: number }): Promise<void> {
    if (Buffer.isBuffer(body) || options.size !== undefined) {
      await this.client.send(
        new PutObjectCommand({
          Bucket: this.settings.bucket,
          Key: key,
          Body: body,
          ContentType: options.contentType,
          ContentLength: Buffer.isBuffer(body) ? body.length : options.size,
        }),
      );
      return;
    }
    // A stream of unknown length (a zip being built): spool it to a temporary file so PutObject knows its length.
    await withTemporaryFile(async (file) => {
      await pipeline(body, createWriteStream(file));
      const { size } = await stat(file);
      await this.client.send(
        new PutObjectCommand({
          Bucket: this.settings.bucket,
          Key: key,
          Body: createReadStream(file),
          ContentType: options.contentType,
          ContentLength: size,
        }),
      );
    });
  }

  /** The object streamed into a temporary file (constant memory), removed once `use` is done with it. */
  async withLocalFile<T>(key: string, use: (file: string) => Promise<T>): Promise<T> {
    return withTemporaryFile(async (file) => {
      const body = await this.read(key);
      // Each chunk of the answer is a new buffer; counting them lets spent ones be reclaimed while it streams.
      body.on('data', (chunk: Buffer) => noteStreamedBytes(chunk.length));
      await pipeline(body, createWriteStream(file));
      return use(file);
    });
  }

  async read(key: string, range?: { start: number; end: number }): Promise<Readable> {
    const answer = await this.client.send(
      new GetObjectCommand({
        Bucket: this.settings.bucket,
        Key: key,
        Range: range ? `bytes=${range.start}-${range.end}` : undefined,
      }),
    );
    return answer.Body as Readable;
  }

  async stat(key: string): Promise<{ size: number } | null> {
    try {
      const head = await this.client.send(new HeadObjectCommand({ Bucket: this.settings.bucket, Key: key }));
      return { size: head.ContentLength ?? 0 };
    } catch (error) {
      const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
      if (status === 404 || (error as { name?: string }).name === 'NotFound') {
        return null;
      }
      throw error;
    }
  }

  async copy(from: string, to: string): Promise<void> {
    await this.client.send(
      new CopyObjectCommand({ Bucket: this.settings.bucket, Key: to, CopySource: `${this.settings.bucket}/${from}` }),
    );
  }

  async remove(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.settings.bucket, Key: key }));
  }
}
