import { constants } from 'node:zlib';
import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/** Answers smaller than this go as they are: compressing them costs more CPU than the bytes it saves. */
export const COMPRESS_MIN_BYTES = 1024;

/**
 * Negotiated response compression (brotli, then gzip) for every answer over 1 KB: a 1,000-task list is ~790 KB of
 * JSON and ~50 KB gzipped. Brotli runs at quality 4, not its default 11: at request time 11 costs tens of
 * milliseconds of CPU per large list for a few percent fewer bytes. The web app's files are precompressed at build
 * time instead (apps/web/vite-plugins/precompress.ts) and already carry their content-encoding, which this plugin
 * leaves alone. Request bodies are never decompressed: no client sends them compressed, and an inflating body
 * would only be a way around the body limit.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(compress, {
    global: true,
    globalDecompression: false,
    threshold: COMPRESS_MIN_BYTES,
    encodings: ['br', 'gzip'],
    brotliOptions: {
      params: {
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_QUALITY]: 4,
      },
    },
    zlibOptions: { level: 6 },
  });
}
