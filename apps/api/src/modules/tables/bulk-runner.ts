import { type BulkFailure, MESSAGES } from '@portal/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context';
import type { Database, Tx } from '../../db/client';
import { type DomainEvent, inTransaction } from '../../events/domain-events';
import { AppError } from '../../http/errors';
import { type DeliverNotifications, notificationDelivery } from '../notifications/deliver';
import type { Outgoing } from '../notifications/notify';

/** Rows per transaction: a selection of 100,000 rows never holds one transaction's locks over all of them. */
export const BULK_BATCH_SIZE = 500;

/** What one row's single-row command gets: the batch's transaction, and where its notifications wait for the commit. */
export type BulkRowContext = {
  /**
   * The row's own savepoint inside the batch transaction, typed as the database: the single-row commands open
   * their transaction with `db.transaction`, which on a transaction object opens a nested savepoint, so they run
   * unchanged and a refused row rolls back alone.
   */
  db: Database;
  /** Notifications are delivered after the batch committed, never for a row that rolled back. */
  deliver: DeliverNotifications;
};

/** One row's write: the single-row command, answering the events its single-row route would publish. */
export type BulkRowWrite = (row: BulkRowContext, uuid: string) => Promise<DomainEvent[]>;

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
        try {
          const events = await (tx as Tx).transaction((savepoint) =>
            write(
              {
                db: savepoint as unknown as Database,
                deliver: async (o) => {
                  rowOutgoing.push(o);
                },
              },
              uuid,
            ),
          );
          for (const event of events) {
            emit(event);
          }
          outgoing.push(...rowOutgoing);
          done += 1;
        } catch (error) {
          const message = failureMessage(error);
          if (message === undefined) {
            log.error({ err: error, uuid }, 'bulk operation row failed');
          }
          failed.push({ uuid, message: message ?? MESSAGES.somethingWrong });
        }
      }
    });
    for (const o of outgoing) {
      await deliverNow(o);
    }
  }
  return { done, failed };
}
