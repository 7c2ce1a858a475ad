import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/**
 * Why this exists: Node gives every chunk of a streamed body its own new Buffer — the HTTP parser copies each
 * ≤ 64 KiB of a request body, fs read streams allocate each read. Their memory lives outside the JS heap, and V8
 * only collects it once that external memory has grown by about 64 MB (or at the next scavenge, which a stream
 * that allocates little on the heap rarely causes). Measured on a 200 MB PUT: +67 MB RSS, and slower, because every
 * chunk lands on fresh pages. A minor collection every few MiB frees those buffers while they are still young, so
 * the same few MiB are reused (+12 MB, and faster); a minor GC of this heap costs about half a millisecond.
 */
const RECLAIM_EVERY_BYTES = 4 * 1024 * 1024;

type MinorGc = (options: { type: 'minor' }) => void;

let collect: MinorGc | null | undefined;
let sinceLast = 0;

function minorGc(): MinorGc | null {
  if (collect === undefined) {
    try {
      // The documented way to reach V8's collector without a start flag: expose `gc` to new contexts only.
      const existing = (globalThis as { gc?: MinorGc }).gc;
      if (existing) {
        collect = existing;
      } else {
        setFlagsFromString('--expose-gc');
        collect = runInNewContext('gc') as MinorGc;
      }
    } catch {
      collect = null;
    }
  }
  return collect;
}

/**
 * Counts bytes streamed through this process (every upload and download together) and, every
 * RECLAIM_EVERY_BYTES, asks V8 for a minor collection. Without a reachable collector it does nothing: memory is
 * then merely reclaimed later.
 */
export function noteStreamedBytes(bytes: number): void {
  sinceLast += bytes;
  if (sinceLast < RECLAIM_EVERY_BYTES) {
    return;
  }
  sinceLast = 0;
  minorGc()?.({ type: 'minor' });
}
