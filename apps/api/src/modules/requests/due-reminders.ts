import { MESSAGES } from '@portal/domain';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { digestOutgoing } from '../notifications/bulk-digest';
import { NO_OUTGOING, type NotificationFor, notifyMany, type Outgoing } from '../notifications/notify';
import { addDays, todayIn } from '../tasks/calendar';
import { requestNotificationData, whoMaySeeRequest } from './request-notifications';

/** MM/DD/YYYY, as the spec shows dates. */
const usDate = (day: string) => `${day.slice(5, 7)}/${day.slice(8, 10)}/${day.slice(0, 4)}`;

/**
 * "A request is due tomorrow" to the responsible people of each open request whose delivery date (target_date) is
 * tomorrow in the agency's time zone. The marker row is inserted by the statement that picks the requests and
 * conflicts are skipped, so a request is reminded once per delivery date however often, or on how many instances,
 * the job runs (a second run waits on the first's markers and then finds them). Answers what to deliver.
 */
export async function remindDueRequests(
  ctx: Pick<AppContext, 'db'>,
  timeZone: string,
  now = new Date(),
): Promise<{ reminded: number; outgoing: Outgoing }> {
  const tomorrow = addDays(todayIn(timeZone, now), 1);
  return ctx.db.transaction(async (tx) => {
    const marked = await tx.execute<{ id: number; uuid: string; subject: string }>(sql`
      with due as (
        insert into request_due_reminders (request_id, due_date)
        select r.id, r.target_date from requests r
        where r.target_date = ${tomorrow}::date and r.status not in ('draft', 'completed', 'cancelled')
        on conflict do nothing
        returning request_id
      )
      select r.id, r.uuid, r.subject from requests r join due on due.request_id = r.id order by r.id`);
    if (marked.rows.length === 0) {
      return { reminded: 0, outgoing: NO_OUTGOING };
    }
    const responsibles = await tx.execute<{ request_id: number; user_id: number }>(sql`
      select ru.request_id, ru.user_id from request_users ru
      where ru.pivot = 'responsible' and ru.request_id = any(${sql.param(marked.rows.map((r) => r.id))}::int[])`);
    const items: NotificationFor[] = [];
    for (const request of marked.rows) {
      const ids = responsibles.rows.filter((r) => r.request_id === request.id).map((r) => r.user_id);
      const maySee = await whoMaySeeRequest(tx, request.id, ids);
      items.push({
        recipientIds: ids.filter((id) => maySee.has(id)),
        notification: {
          type: 'request_due_tomorrow',
          data: requestNotificationData(request, MESSAGES.requestDueTomorrowTitle, `Delivery date ${usDate(tomorrow)}`),
        },
      });
    }
    // Many requests due on one day: one e-mail, push and text per person, each request its own bell item.
    return { reminded: marked.rows.length, outgoing: digestOutgoing(await notifyMany(tx, items, null)) };
  });
}
