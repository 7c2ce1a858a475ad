import { constants } from 'node:zlib';
import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/** Answers smaller than this go as they are: compressing them costs more CPU than the bytes it saves. */
export const COMPRESS_MIN_BYTES = 1024;

/**
 * Buffered answers up to this size are compressed in one synchronous call; larger ones (and streams: exports,
 * downloads) go through a zlib stream. The plugin's default on two cores is 8 KB, so every list took the stream
 * path, whose set-up (a zlib handle, an async iterator, a pipeline) cost more than compressing the bytes: gzip of a
 * 37 KB task page added 0.6 ms of CPU where the one-shot call takes 0.1. At brotli quality 0 a 1 MB answer takes
 * about 1.5 ms in one go (gzip 1 about 3.5), short enough to hold the event loop for.
 */
export const COMPRESS_SYNC_MAX_BYTES = 1024 * 1024;

/**
 * Negotiated response compression (brotli, then gzip) for every answer over 1 KB: a 1,000-task list is ~790 KB of
 * JSON and ~50 KB gzipped. Compression must not cost more than it saves on a fast network (issue 24: compressed
 * throughput at least 90 % of uncompressed), so both run at their cheapest setting: brotli quality 0 (its default
 * 11 costs tens of milliseconds per large list; quality 4 cost 1.9 ms of CPU for a 237 KB task list, quality 1 0.8 ms
 * for 9 % more bytes). Once the lists' own CPU fell (a 50-row task page ~1.7 ms), quality 1 measured +0.2–0.25 ms a
 * request in the server (87.9–89.8 % of uncompressed), quality 0 +0.1 (93.5–95.3 %), for a 37 KB page 5.6 KB
 * instead of 4.7 (a 735 KB page 114 KB instead of 87; gzip 1 writes 100). gzip level 1 for clients without brotli
 * (browsers all send br; on a 330 KB list level 1 took 0.9 ms against level 4's 1.3 and level 6's 1.7, for 3 % and
 * 17 % more bytes; at level 4 the comment list's compressed throughput was 85 % of uncompressed; it is the dearer
 * of the two, ~87–91 % on the 50-row task page, and no window or memory setting measured better). `npm run bench compression`
 * measures the lists' throughput each way. The web app's files are precompressed at build
 * time instead (apps/web/vite-plugins/precompress.ts) and already carry their content-encoding, which this plugin
 * leaves alone. Request bodies are never decompressed: no client sends them compressed, and an inflating body
 * would only be a way around the body limit.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(compress, {
    global: true,
    globalDecompression: false,
    threshold: COMPRESS_MIN_BYTES,
    syncThreshold: COMPRESS_SYNC_MAX_BYTES,
    encodings: ['br', 'gzip'],
    brotliOptions: {
      params: {
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_QUALITY]: 0,
      },
    },
    zlibOptions: { level: constants.Z_BEST_SPEED },
  });
}
