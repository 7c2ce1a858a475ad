import { type BulkFailure, MESSAGES } from '@portal/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context';
import type { Database, Tx } from '../../db/client';
import { type DomainEvent, inTransaction } from '../../events/domain-events';
import { AppError } from '../../http/errors';
import { digestOutgoing } from '../notifications/bulk-digest';
import { type DeliverNotifications, notificationDelivery, notificationEvents } from '../notifications/deliver';
import { mergeOutgoing, NO_OUTGOING, type Outgoing } from '../notifications/notify';

/**
 * Rows per transaction: commits stay few, and a batch holds what its rows lock (task rows, the per-recipient
 * notification-number locks) for a couple of seconds at most, so people notified meanwhile never wait long.
 */
export const BULK_BATCH_SIZE = 250;

/** What one row's single-row command gets: the batch's transaction, and where its notifications wait for the commit. */
export type BulkRowContext = {
  /**
   * The row's own savepoint inside the batch transaction (or the batch transaction itself for a self-contained
   * command), typed as the database: the single-row commands open their transaction with `db.transaction`, which on
   * a transaction object opens a nested savepoint, so they run unchanged and a refused row rolls back alone.
   */
  db: Database;
  /** Notifications are delivered after the batch committed, never for a row that rolled back. */
  deliver: DeliverNotifications;
};

/** One row's write: the single-row command, answering the events its single-row route would publish. */
export type BulkRowWrite = ((row: BulkRowContext, uuid: string) => Promise<DomainEvent[]>) & {
  /**
   * The command writes only inside its own `db.transaction` (a savepoint here) and merely reads around it, so a
   * refused row already rolls back alone: the runner's savepoint around it would be two more round trips per row.
   */
  selfContained?: boolean;
};

/** The message a refused row reports: the first field error (what the form would show), else the error's message. */
export function failureMessage(error: unknown): string | undefined {
  if (!(error instanceof AppError)) {
    return undefined;
  }
  const first = Object.values(error.options.errors ?? {}).flat()[0];
  return first ?? error.message;
}

/**
 * A set-wise write of one batch inside its transaction (e.g. editTasks): the single-row rules applied to
 * every row in a few statements. It reports refused rows itself and never throws for one.
 */
export type BulkBatchWrite = (
  tx: Database,
  uuids: readonly string[],
) => Promise<{ events: DomainEvent[]; outgoing: Outgoing; failed: BulkFailure[] }>;

/** Rows per transaction of a set-wise write: a few statements whatever the size, so a batch still commits in well under a second. */
export const BULK_SET_BATCH_SIZE = 1000;

/**
 * Applies `write` to every uuid, in batches of one transaction each. A row-by-row write runs each row in its own
 * savepoint: a row its single-row call would refuse (a rule, a permission, not visible) is reported with that
 * call's message and the others are kept. Each batch publishes its rows' events (and the bell's) once it committed,
 * as the single-row routes do; e-mail, push and SMS go out after the last batch, one digest per recipient
 * (bulk-digest.ts) rather than one message per row.
 */
export async function runBulk(
  ctx: AppContext,
  log: FastifyBaseLogger,
  uuids: readonly string[],
  write: BulkRowWrite | { batch: BulkBatchWrite },
): Promise<{ done: number; failed: BulkFailure[] }> {
  const failed: BulkFailure[] = [];
  const pending: Outgoing[] = [];
  const size = 'batch' in write ? BULK_SET_BATCH_SIZE : BULK_BATCH_SIZE;
  let done = 0;
  for (let start = 0; start < uuids.length; start += size) {
    const batch = uuids.slice(start, start + size);
    const result = await inTransaction(ctx.db, ctx.events, async (tx, emit) => {
      const outcome =
        'batch' in write
          ? await write.batch(tx as unknown as Database, batch)
          : await writeRows(tx as Tx, log, batch, write);
      for (const event of outcome.events) {
        emit(event);
      }
      return outcome;
    });
    failed.push(...result.failed);
    done += batch.length - result.failed.length;
    // The bell is live per batch; the messages wait for the digest.
    ctx.events.publish(notificationEvents(result.outgoing.created ?? []));
    pending.push({ ...result.outgoing, created: [] });
  }
  await notificationDelivery(ctx, log)(digestOutgoing(mergeOutgoing(...pending)));
  return { done, failed };
}

/** One batch, row by row, each row in its own savepoint unless its command is self-contained. */
async function writeRows(tx: Tx, log: FastifyBaseLogger, batch: readonly string[], write: BulkRowWrite) {
  const outgoing: Outgoing[] = [];
  const events: DomainEvent[] = [];
  const failed: BulkFailure[] = [];
  for (const uuid of batch) {
    const rowOutgoing: Outgoing[] = [];
    const deliver: DeliverNotifications = async (o) => {
      rowOutgoing.push(o);
    };
    try {
      const rowEvents = write.selfContained
        ? await write({ db: tx as unknown as Database, deliver }, uuid)
        : await tx.transaction((savepoint) => write({ db: savepoint as unknown as Database, deliver }, uuid));
      events.push(...rowEvents);
      outgoing.push(...rowOutgoing);
    } catch (error) {
      const message = failureMessage(error);
      if (message === undefined && write.selfContained) {
        // Outside any savepoint of its own the batch transaction may be aborted: end it, publish nothing.
        throw error;
      }
      if (message === undefined) {
        log.error({ err: error, uuid }, 'bulk operation row failed');
      }
      failed.push({ uuid, message: message ?? MESSAGES.somethingWrong });
    }
  }
  return { events, outgoing: outgoing.length ? mergeOutgoing(...outgoing) : NO_OUTGOING, failed };
}
