import { randomUUID } from 'node:crypto';
import { PassThrough } from 'node:stream';
import { type MassDownloadInput, MESSAGES } from '@portal/domain';
import { and, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import yazl from 'yazl';
import type { AppContext } from '../../context';
import { requests, tasks, uploads } from '../../db/schema';
import { inTransaction } from '../../events/domain-events';
import { validationError } from '../../http/errors';
import { notificationDelivery } from '../notifications/deliver';
import { notifyUsers } from '../notifications/notify';
import { visibleRequests } from '../requests/request-access';
import { visibleTasks } from '../tasks/task-access';
import { canViewUpload, type UploadViewer } from './holder-access';
import { originalKey } from './storage';

/** reqId: the request that asked for it, which the job's log lines carry. */
export type MassDownloadJob = { userId: number; uploadIds: number[]; label: string; reqId?: string };
type Sender = (job: MassDownloadJob) => Promise<unknown>;

/** Set by the job runner (uploads-jobs.ts); without it (no job runner) the zip is built in this process. */
let sendJob: Sender | null = null;
export function setMassDownloadSender(sender: Sender | null) {
  sendJob = sender;
}

/** The stated files among those asked for that the caller may see (each by its holder's rule, as a single file). */
async function findChosenFiles(ctx: Pick<AppContext, 'db'>, uuids: string[], viewer: UploadViewer) {
  const rows = await ctx.db
    .select({
      id: uploads.id,
      size: uploads.size,
      createdById: uploads.createdById,
      holderType: uploads.holderType,
      holderId: uploads.holderId,
    })
    .from(uploads)
    .where(and(inArray(uploads.uuid, uuids), eq(uploads.stated, true)));
  // Files of one list share their holder: ask each holder's rule once.
  const verdicts = new Map<string, Promise<boolean>>();
  const visible = await Promise.all(
    rows.map((row) => {
      const key = row.createdById === viewer.userId ? 'own' : `${row.holderType}:${row.holderId}`;
      if (!verdicts.has(key)) {
        verdicts.set(key, canViewUpload(ctx.db, viewer, row));
      }
      return verdicts.get(key) as Promise<boolean>;
    }),
  );
  return rows.filter((_row, index) => visible[index]).map((row) => ({ id: row.id, size: row.size }));
}

/**
 * The stated files of the tasks / requests the caller may see among those asked for. "All N" of a table may name up
 * to 100,000 rows, so ids travel as one array parameter (PostgreSQL takes at most 65,535 parameters).
 */
async function findFiles(ctx: Pick<AppContext, 'db'>, input: MassDownloadInput, viewer: UploadViewer) {
  if (input.upload_ids?.length) {
    return findChosenFiles(ctx, input.upload_ids, viewer);
  }
  const holders: SQL[] = [];
  if (input.task_ids?.length) {
    const found = await ctx.db
      .select({ id: tasks.id })
      .from(tasks)
      .where(and(sql`${tasks.uuid} = any(${sql.param(input.task_ids)}::uuid[])`, visibleTasks(viewer)));
    if (found.length) {
      holders.push(
        and(
          eq(uploads.holderType, 'task'),
          sql`${uploads.holderId} = any(${sql.param(found.map((t) => t.id))}::int[])`,
        ) as SQL,
      );
    }
  }
  if (input.request_ids?.length) {
    const found = await ctx.db
      .select({ id: requests.id })
      .from(requests)
      .where(and(sql`${requests.uuid} = any(${sql.param(input.request_ids)}::uuid[])`, visibleRequests(viewer)));
    if (found.length) {
      holders.push(
        and(
          eq(uploads.holderType, 'request'),
          sql`${uploads.holderId} = any(${sql.param(found.map((r) => r.id))}::int[])`,
        ) as SQL,
      );
    }
  }
  if (holders.length === 0) {
    return [];
  }
  return ctx.db
    .select({ id: uploads.id, size: uploads.size })
    .from(uploads)
    .where(and(eq(uploads.stated, true), or(...holders)));
}

/** A zip answered at once: its name and a stream of it (built as it is sent). */
export type ZipAtOnce = { fileName: string; stream: NodeJS.ReadableStream };

/**
 * POST {tasks|requests}/mass-download (full_download=true). Files totalling less than MASS_DOWNLOAD_AT_ONCE_MAX_BYTES
 * stream back as the zip itself (a couple of small files no longer wait for a job and a bell item); larger selections
 * answer a message at once and are zipped by a pg-boss job (or in the background here when no job runner is
 * started), the requester notified with its link.
 */
export async function requestMassDownload(
  ctx: AppContext,
  input: MassDownloadInput,
  viewer: UploadViewer,
  request: { id: string; log: FastifyBaseLogger },
): Promise<{ message: string } | ZipAtOnce> {
  const { log } = request;
  const files = await findFiles(ctx, input, viewer);
  if (files.length === 0) {
    throw validationError({ full_download: [MESSAGES.massDownloadNothing] });
  }
  const label = input.upload_ids?.length ? 'selected' : input.task_ids?.length ? 'tasks' : 'requests';
  const job: MassDownloadJob = { userId: viewer.userId, uploadIds: files.map((f) => f.id), label, reqId: request.id };
  const total = files.reduce((sum, file) => sum + Number(file.size ?? 0), 0);
  if (total < ctx.config.massDownloadAtOnceMaxBytes) {
    const { zip } = await zipOf(ctx, job.uploadIds, log);
    return { fileName: zipName(job.label), stream: zip };
  }
  if (sendJob) {
    await sendJob(job);
  } else {
    void buildZip(ctx, job, log).catch((error) => log.error({ err: error }, 'mass download failed'));
  }
  return { message: MESSAGES.massDownloadStarted };
}

function zipName(label: string): string {
  return `${label}-files-${new Date().toISOString().slice(0, 10)}.zip`;
}

/**
 * A zip of the stated files among `uploadIds`, streamed: each source is opened only when yazl reaches it, so memory
 * stays flat however many files there are. A file that cannot be read fails the stream.
 */
async function zipOf(ctx: Pick<AppContext, 'db' | 'storage'>, uploadIds: number[], log: FastifyBaseLogger) {
  const rows = await ctx.db
    .select({ name: uploads.name, url: uploads.url })
    .from(uploads)
    .where(and(inArray(uploads.id, uploadIds), eq(uploads.stated, true)));
  const names = uniqueNames(rows.map((r) => r.name));
  const zip = new yazl.ZipFile();
  rows.forEach((row, index) => {
    zip.addReadStreamLazy(names[index] ?? row.name, { compress: false }, (callback) => {
      ctx.storage.read(row.url).then(
        (stream) => callback(null, stream),
        (error: Error) => callback(error, undefined as never),
      );
    });
  });
  zip.end();
  const body = new PassThrough();
  // yazl reports an unreadable file as an 'error' event, which unheard would end the process.
  zip.on('error', (error: Error) => {
    log.error({ err: error }, 'mass download zip failed');
    body.destroy(error);
  });
  zip.outputStream.pipe(body);
  return { zip: body, count: rows.length };
}

/** Names inside the zip: the files' own names, made unique ('a.png', 'a (2).png'). */
function uniqueNames(names: string[]): string[] {
  const seen = new Map<string, number>();
  return names.map((name) => {
    const count = (seen.get(name.toLowerCase()) ?? 0) + 1;
    seen.set(name.toLowerCase(), count);
    if (count === 1) {
      return name;
    }
    const dot = name.lastIndexOf('.');
    return dot > 0 ? `${name.slice(0, dot)} (${count})${name.slice(dot)}` : `${name} (${count})`;
  });
}

/**
 * The job: streams every file into one zip written to storage (each source opened only when yazl reaches it, so
 * memory stays flat however many files there are), records the zip as an upload held by the requester, and notifies
 * them (bell and e-mail) with a link to it. Answers the zip's uuid.
 */
export async function buildZip(
  ctx: Pick<AppContext, 'db' | 'storage' | 'events' | 'mailer' | 'sessions' | 'config'>,
  job: MassDownloadJob,
  log: FastifyBaseLogger,
): Promise<string> {
  const { zip: body, count } = await zipOf(ctx, job.uploadIds, log);
  const uuid = randomUUID();
  const key = originalKey(uuid);
  // A file that cannot be read fails the zip, and so the job, which pg-boss retries.
  await ctx.storage.write(key, body, { contentType: 'application/zip' });
  const size = (await ctx.storage.stat(key))?.size ?? 0;
  const outgoing = await inTransaction(ctx.db, ctx.events, async (tx, emit) => {
    await tx.insert(uploads).values({
      uuid,
      name: zipName(job.label),
      extension: 'zip',
      size,
      url: key,
      stated: true,
      statedAt: new Date(),
      kind: 'export',
      contentType: 'application/octet-stream',
      createdById: job.userId,
      holderType: 'user',
      holderId: job.userId,
      attachedAt: new Date(),
    });
    emit({ model: 'upload', action: 'created', id: uuid, actorId: null, userIds: [job.userId] });
    return notifyUsers(
      tx,
      [job.userId],
      {
        type: 'files_ready',
        data: {
          title: MESSAGES.zipReady,
          sub_title: `${count} files`,
          content: null,
          action_url: `/file-viewer/${uuid}`,
          resource_id: uuid,
          has_mention: false,
        },
      },
      null,
    );
  });
  await notificationDelivery(ctx, log)(outgoing);
  return uuid;
}
