import { type BulkFailure, MESSAGES } from '@portal/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context';
import type { Database, Tx } from '../../db/client';
import { type DomainEvent, inTransaction } from '../../events/domain-events';
import { AppError } from '../../http/errors';
import { type DeliverNotifications, notificationDelivery } from '../notifications/deliver';
import type { Outgoing } from '../notifications/notify';

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

/** Notifications of a committed batch go out this many at a time (each is a few outbox inserts or pushes). */
const DELIVERY_CONCURRENCY = 4;

/** The message a refused row reports: the first field error (what the form would show), else the error's message. */
export function failureMessage(error: unknown): string | undefined {
  if (!(error instanceof AppError)) {
    return undefined;
  }
  const first = Object.values(error.options.errors ?? {}).flat()[0];
  return first ?? error.message;
}

/**
 * Applies `write` to every uuid, BULK_BATCH_SIZE rows per transaction and each row in its own savepoint: a row its
 * single-row call would refuse (a rule, a permission, not visible) is reported with that call's message and the
 * others are kept. Each batch publishes its rows' events once it committed, as the single-row routes do.
 */
export async function runBulk(
  ctx: AppContext,
  log: FastifyBaseLogger,
  uuids: readonly string[],
  write: BulkRowWrite,
): Promise<{ done: number; failed: BulkFailure[] }> {
  const failed: BulkFailure[] = [];
  const deliverNow = notificationDelivery(ctx, log);
  let done = 0;
  for (let start = 0; start < uuids.length; start += BULK_BATCH_SIZE) {
    const batch = uuids.slice(start, start + BULK_BATCH_SIZE);
    const outgoing: Outgoing[] = [];
    await inTransaction(ctx.db, ctx.events, async (tx, emit) => {
      for (const uuid of batch) {
        const rowOutgoing: Outgoing[] = [];
        const deliver: DeliverNotifications = async (o) => {
          rowOutgoing.push(o);
        };
        try {
          const events = write.selfContained
            ? await write({ db: tx as unknown as Database, deliver }, uuid)
            : await (tx as Tx).transaction((savepoint) =>
                write({ db: savepoint as unknown as Database, deliver }, uuid),
              );
          for (const event of events) {
            emit(event);
          }
          outgoing.push(...rowOutgoing);
          done += 1;
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
    });
    for (let i = 0; i < outgoing.length; i += DELIVERY_CONCURRENCY) {
      await Promise.all(outgoing.slice(i, i + DELIVERY_CONCURRENCY).map(deliverNow));
    }
  }
  return { done, failed };
}
