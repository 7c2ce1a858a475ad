import type { Readable } from 'node:stream';

/** How a client must send the bytes to a pre-signed URL. */
export type PresignedPut = { url: string; method: 'PUT'; headers: Record<string, string> };

/** What a short-lived download URL serves: the original or its thumbnail, inline (preview) or as an attachment. */
export type GetOptions = {
  uploadUuid: string;
  variant: 'original' | 'thumbnail';
  fileName: string;
  contentType: string;
  inline: boolean;
  expiresInSeconds: number;
};

/**
 * One storage interface, two drivers chosen by configuration (Documenso's provider shape): the local disk
 * (`local.ts`, default) and an S3-compatible bucket (`s3.ts`). Keys are derived from upload uuids only, never from
 * a user's file name. Everything streams: no driver holds a whole file in memory.
 */
export interface FileStorage {
  readonly driver: 'local' | 's3';
  /** MAX_UPLOAD_BYTES: no stored file may be larger. */
  readonly maxUploadBytes: number;
  /** A URL the browser PUTs the file to (the local driver's is an HMAC-signed URL of this server). */
  presignPut(
    key: string,
    options: { uploadUuid: string; contentType: string; expiresInSeconds: number },
  ): Promise<PresignedPut>;
  /**
   * The origin the browser talks to for presigned PUTs and GETs when it is not ours (an S3 bucket), so the
   * Content-Security-Policy can admit it; null when files go through this server (the local driver).
   */
  browserOrigin(): Promise<string | null>;
  /** A short-lived URL that serves the bytes. */
  presignGet(key: string, options: GetOptions): Promise<string>;
  write(key: string, body: Readable | Buffer, options: { contentType: string; size?: number }): Promise<void>;
  /** The bytes, or a range of them (inclusive end, as HTTP ranges). */
  read(key: string, range?: { start: number; end: number }): Promise<Readable>;
  /**
   * Runs `use` with the stored bytes as a file on this machine's disk, for tools that read a file (sharp): the
   * local driver's own file, or a temporary copy streamed from the bucket and removed afterwards. Memory stays
   * constant whatever the size.
   */
  withLocalFile<T>(key: string, use: (file: string) => Promise<T>): Promise<T>;
  /** The stored size, or null when nothing is stored under the key. */
  stat(key: string): Promise<{ size: number } | null>;
  /** Copies stored bytes to another key (inside the storage, without passing them through this process's memory). */
  copy(from: string, to: string): Promise<void>;
  /** Removes the bytes; removing a missing key is not an error. */
  remove(key: string): Promise<void>;
}

export const originalKey = (uuid: string) => `files/${uuid.slice(0, 2)}/${uuid}`;
export const thumbnailKey = (uuid: string) => `thumbs/${uuid.slice(0, 2)}/${uuid}.webp`;
