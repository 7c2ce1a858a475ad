import { spawnSync } from 'node:child_process';
import { createWriteStream, readFileSync } from 'node:fs';
import { mkdtemp, open, rm } from 'node:fs/promises';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { startChild } from './child';
import { signIn } from './latency';

const MB = 1024 * 1024;

/** The resident set of a process, from /proc (bytes). */
function rssOf(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return kb * 1024;
}

/** Runs `work` while sampling the server's RSS every 20 ms; answers the time taken and the peak growth. */
async function watched<T>(pid: number, work: () => Promise<T>) {
  const before = rssOf(pid);
  let peak = before;
  const timer = setInterval(() => {
    peak = Math.max(peak, rssOf(pid));
  }, 20);
  const started = performance.now();
  try {
    const result = await work();
    return { result, seconds: (performance.now() - started) / 1000, growth: Math.max(0, peak - before) };
  } finally {
    clearInterval(timer);
  }
}

/** A file of `size` bytes that passes the mp4 signature check ('ftyp' at offset 4), written in 1 MiB chunks. */
async function makeVideo(file: string, size: number) {
  const chunk = Buffer.alloc(MB, 7);
  chunk.write('\u0000\u0000\u0000\u0018ftypmp42', 0, 'latin1');
  let left = size;
  await pipeline(
    Readable.from(
      (function* () {
        while (left > 0) {
          const part = chunk.subarray(0, Math.min(MB, left));
          left -= part.length;
          yield part;
        }
      })(),
    ),
    createWriteStream(file),
  );
}

/** One HTTP exchange with node:http (fetch's web streams cost more CPU than the server under test). */
function exchange(
  url: string,
  options: { method: string; headers?: Record<string, string>; send?: (request: http.ClientRequest) => Promise<void> },
  sink?: Writable,
): Promise<{ status: number; text: string; bytes: number }> {
  return new Promise((resolve, reject) => {
    const request = http.request(url, { method: options.method, headers: options.headers }, (response) => {
      let bytes = 0;
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => {
        bytes += chunk.length;
        if (!sink) {
          chunks.push(chunk);
        }
      });
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, text: Buffer.concat(chunks).toString(), bytes }),
      );
      response.on('error', reject);
    });
    request.on('error', reject);
    if (options.send) {
      options.send(request).catch((error: unknown) => {
        request.destroy(error as Error);
        reject(error);
      });
    } else {
      request.end();
    }
  });
}

/**
 * Sends a file as the body of `request` and ends it: 1 MiB slices read into two buffers used in turn, the next slice
 * read while the last one is written to the socket. (Piped from a read stream, every read was a new buffer: the
 * client spent more CPU than the server under test — 400 ms against 260 ms for 200 MB — on a machine whose two
 * cores the two share.)
 */
async function sendFile(request: http.ClientRequest, file: string, size: number): Promise<void> {
  const handle = await open(file, 'r');
  try {
    const buffers = [Buffer.allocUnsafe(MB), Buffer.allocUnsafe(MB)];
    let written: Promise<unknown> = Promise.resolve();
    for (let position = 0, turn = 0; position < size; turn += 1) {
      const buffer = buffers[turn % 2] as Buffer;
      const { bytesRead } = await handle.read(buffer, 0, Math.min(MB, size - position), position);
      if (bytesRead === 0) {
        throw new Error(`${file} is shorter than ${size} bytes`);
      }
      // The other buffer is read into next: its write must be done with it first.
      await written;
      position += bytesRead;
      written = new Promise((done, fail) =>
        request.write(buffer.subarray(0, bytesRead), (error) => (error ? fail(error) : done(undefined))),
      );
    }
    await written;
    request.end();
  } finally {
    await handle.close();
  }
}

async function upload(base: string, headers: Record<string, string>, file: string, name: string, size: number) {
  const presigned = (await (
    await fetch(`${base}/api/create-pre-signed-url`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ extension: name.split('.').pop(), size, name, type: 'attachment' }),
    })
  ).json()) as { url: string; uuid: string; headers: Record<string, string> };
  const put = await exchange(`${base}${presigned.url}`, {
    method: 'PUT',
    headers: { ...presigned.headers, 'content-length': String(size) },
    send: (request) => sendFile(request, file, size),
  });
  if (put.status !== 200) {
    throw new Error(`upload refused: ${put.status} ${put.text}`);
  }
  return presigned.uuid;
}

async function download(base: string, headers: Record<string, string>, uuid: string): Promise<number> {
  const link = ((await (await fetch(`${base}/api/uploads/${uuid}/download`, { headers })).json()) as { data: string })
    .data;
  const sink = new Writable({
    write(_chunk: Buffer, _encoding, done) {
      done();
    },
  });
  return (await exchange(`${base}${link}`, { method: 'GET' }, sink)).bytes;
}

const rate = (bytes: number, seconds: number) => `${(bytes / MB / seconds).toFixed(0).padStart(5)} MB/s`;

/**
 * `npm run bench uploads`: a 200 MB file uploaded and downloaded through the local driver (server RSS growth, target
 * ≤ 50 MB; throughput beside `cp` of the same file, target within 2×), then a mass-download zip of 500 files
 * totalling 1 GB (BENCH_ZIP_FILES / BENCH_ZIP_MB scale it) with its RSS growth (target ≤ 100 MB).
 */
export async function benchUploads(): Promise<void> {
  const size = Number(process.env.BENCH_UPLOAD_MB ?? 200) * MB;
  const zipFiles = Number(process.env.BENCH_ZIP_FILES ?? 500);
  const zipTotal = Number(process.env.BENCH_ZIP_MB ?? 1024) * MB;
  const work = await mkdtemp(path.join(tmpdir(), 'portal-bench-files-'));
  const api = await startChild('uploads-server.ts');
  const bare = await startChild('bare-upload-server.ts');
  try {
    const base = `http://127.0.0.1:${api.port}`;
    const admin = await signIn(base, 'admin@demo.test');
    const source = path.join(work, 'video.mp4');
    await makeVideo(source, size);

    // Rounds alternate cp and upload, so both see the same load on a shared machine; the median ratio is the
    // figure. Like the server, which fsyncs an upload before it answers, the baseline is `cp` followed by an fsync
    // of the copy (`sync FILE`: that file only, not every dirty page of the machine). `cp` alone (the page cache)
    // is printed beside it. Both read the same file from the page cache; the upload goes through the real signed PUT
    // route (presign included) with every check on, from a client in this process, not the server's.
    const rounds = Math.max(1, Number(process.env.BENCH_UPLOAD_ROUNDS ?? 3));
    const results: {
      cache: number;
      cp: number;
      bare: number;
      up: number;
      upGrowth: number;
      down: number;
      downGrowth: number;
    }[] = [];
    console.log(
      `\nUploads (local driver), ${size / MB} MB file, ${rounds} rounds (client: this process, reading the file from disk; server: pid ${api.pid})`,
    );
    for (let round = 1; round <= rounds; round += 1) {
      const copy = path.join(work, 'copy.mp4');
      const copyStarted = performance.now();
      spawnSync('cp', [source, copy]);
      const cacheSeconds = (performance.now() - copyStarted) / 1000;
      spawnSync('sync', [copy]);
      const cpSeconds = (performance.now() - copyStarted) / 1000;
      await rm(copy);
      const bareStarted = performance.now();
      const bareAnswer = await exchange(`http://127.0.0.1:${bare.port}/`, {
        method: 'PUT',
        headers: { 'content-length': String(size) },
        send: (request) => sendFile(request, source, size),
      });
      if (bareAnswer.status !== 200) {
        throw new Error(`bare upload failed: ${bareAnswer.text}`);
      }
      const bareSeconds = (performance.now() - bareStarted) / 1000;
      const up = await watched(api.pid, () => upload(base, admin, source, 'video.mp4', size));
      const down = await watched(api.pid, () => download(base, admin, up.result));
      results.push({
        cache: cacheSeconds,
        cp: cpSeconds,
        bare: bareSeconds,
        up: up.seconds,
        upGrowth: up.growth,
        down: down.seconds,
        downGrowth: down.growth,
      });
      console.log(
        `  round ${round}: cp+fsync ${cpSeconds.toFixed(2)} s (cp alone ${cacheSeconds.toFixed(2)} s) | bare node:http PUT ${bareSeconds.toFixed(2)} s | upload ${up.seconds.toFixed(2)} s = ${(up.seconds / cpSeconds).toFixed(2)}× cp+fsync, RSS +${(up.growth / MB).toFixed(1)} MB | download ${down.seconds.toFixed(2)} s = ${(down.seconds / cpSeconds).toFixed(2)}×, RSS +${(down.growth / MB).toFixed(1)} MB`,
      );
    }
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
    const peak = (values: number[]) => Math.max(...values) / MB;
    console.log(`  cp + fsync of the same file ${rate(size, median(results.map((r) => r.cp)))}  (median)`);
    console.log(`  cp alone (page cache)       ${rate(size, median(results.map((r) => r.cache)))}  (median)`);
    console.log(
      `  bare node:http PUT to disk ${rate(size, median(results.map((r) => r.bare)))}  (median; write stream, fsync, rename: the same client)`,
    );
    console.log(
      `  upload (PUT, verified)      ${rate(size, median(results.map((r) => r.up)))}  (median)  server RSS +${peak(results.map((r) => r.upGrowth)).toFixed(1)} MB at most (target ≤ 50 MB)`,
    );
    console.log(
      `  download (signed GET)       ${rate(size, median(results.map((r) => r.down)))}  (median)  server RSS +${peak(results.map((r) => r.downGrowth)).toFixed(1)} MB at most (target ≤ 50 MB)`,
    );
    console.log(
      `  upload vs cp+fsync: ${median(results.map((r) => r.up / r.cp)).toFixed(2)}× the time, download: ${median(results.map((r) => r.down / r.cp)).toFixed(2)}× (median of same-round ratios; target ≤ 2×); upload vs cp alone: ${median(results.map((r) => r.up / r.cache)).toFixed(2)}×`,
    );
    console.log(
      `  upload vs the bare node:http PUT: ${median(results.map((r) => r.up / r.bare)).toFixed(2)}×; the bare PUT vs cp+fsync: ${median(results.map((r) => r.bare / r.cp)).toFixed(2)}×`,
    );

    if (zipFiles === 0) {
      return;
    }
    // The mass-download zip: zipFiles files spread over tasks of one plan (100 files per task at most).
    const each = Math.floor(zipTotal / zipFiles);
    const part = path.join(work, 'part.mp4');
    await makeVideo(part, each);
    const uuids: string[] = [];
    for (let i = 0; i < zipFiles; i += 1) {
      uuids.push(await upload(base, admin, part, `clip-${i}.mp4`, each));
    }
    const plans = (await (await fetch(`${base}/api/projects/lite?page[size]=999`, { headers: admin })).json()) as {
      data: { uuid: string }[];
    };
    const taskIds: string[] = [];
    for (let i = 0; i < uuids.length; i += 100) {
      const created = (await (
        await fetch(`${base}/api/tasks`, {
          method: 'POST',
          headers: { ...admin, 'content-type': 'application/json' },
          body: JSON.stringify({
            title: `Zip ${i}`,
            project_id: plans.data[0]?.uuid,
            uploads: uuids.slice(i, i + 100),
          }),
        })
      ).json()) as { data: { uuid: string } };
      taskIds.push(created.data.uuid);
    }
    const zipped = await watched(api.pid, async () => {
      const asked = await fetch(`${base}/api/tasks/mass-download`, {
        method: 'POST',
        headers: { ...admin, 'content-type': 'application/json' },
        body: JSON.stringify({ full_download: true, task_ids: taskIds }),
      });
      if (!asked.ok) {
        throw new Error(`mass download refused: ${asked.status}`);
      }
      for (;;) {
        const list = (await (await fetch(`${base}/api/notifications`, { headers: admin })).json()) as {
          data: { type: string; data: { resource_id: string | null } }[];
        };
        const ready = list.data.find((n) => n.type === 'files_ready');
        if (ready?.data.resource_id) {
          return ready.data.resource_id;
        }
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    });
    const zipSize = await download(base, admin, zipped.result);
    console.log(
      `\nMass download: ${zipFiles} files, ${(zipFiles * each) / MB} MB → zip of ${(zipSize / MB).toFixed(0)} MB`,
    );
    console.log(
      `  built in ${zipped.seconds.toFixed(1)} s (${rate(zipSize, zipped.seconds)}), server RSS +${(zipped.growth / MB).toFixed(1)} MB (target ≤ 100 MB)`,
    );
  } finally {
    await api.stop();
    await bare.stop();
    await rm(work, { recursive: true, force: true });
  }
}
