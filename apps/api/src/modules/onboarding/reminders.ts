import { MESSAGES, onboardingPageUrl } from '@portal/domain';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context';
import type { MailMessage } from '../mail/mailer';
import { notificationDelivery } from '../notifications/deliver';
import { NO_OUTGOING, type NotificationFor, notifyMany, type Outgoing } from '../notifications/notify';
import { loadSettings, loadSteps } from './process';
import { composeOnboardingReminder } from './reminder-mail';
import { addHistory, SYSTEM, stepApplies } from './state';

type Ctx = Pick<AppContext, 'db' | 'secrets' | 'config' | 'mailer' | 'sessions' | 'events'>;

/**
 * Tells the owner of each step that has become stuck, once per onboarding and step: the marker
 * (step state's stuck_notified_at) is set by the statement that picks them, so a rerun on the same or a later day,
 * or on another instance, finds nothing new. The owner is everyone holding the step's owner role who may read
 * onboardings, or the onboarding's owner when the step names no role.
 */
async function noticeStuck(ctx: Ctx, now: Date): Promise<{ count: number; outgoing: Outgoing }> {
  return ctx.db.transaction(async (tx) => {
    const marked = await tx.execute<{
      onboarding_id: number;
      uuid: string;
      step_name: string;
      business_name: string;
      recipient_ids: number[];
    }>(sql`
      with stuck as (
        insert into onboarding_step_states (onboarding_id, step_key, stuck_notified_at)
        select o.id, o.current_step_key, ${now} from onboardings o
        where o.status = 'open' and o.current_step_key is not null and o.stuck_at <= ${now}
        on conflict (onboarding_id, step_key) do update set stuck_notified_at = excluded.stuck_notified_at
          where onboarding_step_states.stuck_notified_at is null and onboarding_step_states.done_at is null
        returning onboarding_id, step_key
      )
      select o.id as onboarding_id, o.uuid::text, coalesce(o.current_step_name, s.step_key) as step_name,
        c.business_name,
        array(
          select distinct u.id from users u join contacts uc on uc.user_id = u.id
          where uc.type = 'regular_user' and u.status = 'active'
            and (case when st.owner_role_id is null then u.id = o.owner_id
              else exists (select 1 from user_roles r where r.user_id = u.id and r.role_id = st.owner_role_id) end)
            and exists (select 1 from user_roles ur join role_permissions rp on rp.role_id = ur.role_id
              join permissions p on p.id = rp.permission_id where ur.user_id = u.id and p.name = 'ONBOARDING_READ')
        ) as recipient_ids
      from stuck s join onboardings o on o.id = s.onboarding_id join customers c on c.id = o.customer_id
      left join onboarding_steps st on st.key = s.step_key
      order by o.id`);
    const items: NotificationFor[] = [];
    for (const row of marked.rows) {
      await addHistory(tx, row.onboarding_id, 'stuck_notice', row.step_name, SYSTEM);
      items.push({
        recipientIds: row.recipient_ids,
        notification: {
          type: 'onboarding_stuck',
          data: {
            title: MESSAGES.onboardingStuckTitle,
            sub_title: row.business_name,
            content: row.step_name,
            action_url: `/onboarding?onboarding_uuid=${row.uuid}`,
            resource_id: row.uuid,
            has_mention: false,
          },
        },
      });
    }
    return {
      count: marked.rows.length,
      outgoing: items.length ? await notifyMany(tx, items, null) : NO_OUTGOING,
    };
  });
}

/**
 * Reminds clients of unfinished steps at most every N days (the process's remind_every_days), counting from the
 * start and then from the last reminder. The statement that picks them moves their last_reminded_at, so the same
 * day's rerun reminds nobody twice. The e-mail goes to the invite's address and the client's contacts.
 */
async function remindClients(ctx: Ctx, now: Date): Promise<MailMessage[]> {
  const settings = await loadSettings(ctx.db);
  const every = settings?.remindEveryDays;
  if (!every) {
    return [];
  }
  return ctx.db.transaction(async (tx) => {
    const due = await tx.execute<{
      id: number;
      business_name: string;
      inclusions: Record<string, boolean>;
      item_count: number;
      emails: string[];
      sealed: string | null;
    }>(sql`
      with due as (
        update onboardings o set last_reminded_at = ${now}
        where o.status = 'open'
          and coalesce(o.last_reminded_at, o.started_at) <= ${now}::timestamptz - make_interval(days => ${every})
        returning o.id, o.customer_id, o.invite_id, o.inclusions
      )
      select d.id, c.business_name, d.inclusions,
        (select count(*)::int from onboarding_items i where i.onboarding_id = d.id) as item_count,
        array(
          select distinct lower(e) from (
            select ci.email as e from customer_invites ci where ci.id = d.invite_id and ci.status <> 'cancelled'
            union select ct.email from contact_customers cc join contacts ct on ct.id = cc.contact_id
              where cc.customer_id = d.customer_id and ct.type = 'contact' and ct.email is not null
          ) x where e is not null
        ) as emails,
        (select l.sealed_token from onboarding_links l where l.onboarding_id = d.id and l.revoked_at is null
          order by l.id desc limit 1) as sealed
      from due d join customers c on c.id = d.customer_id order by d.id`);
    if (due.rows.length === 0) {
      return [];
    }
    const steps = await loadSteps(tx);
    const done = await tx.execute<{ onboarding_id: number; step_key: string }>(sql`
      select onboarding_id, step_key from onboarding_step_states
      where done_at is not null and onboarding_id = any(${sql.param(due.rows.map((r) => r.id))}::int[])`);
    const messages: MailMessage[] = [];
    for (const row of due.rows) {
      if (!row.sealed || row.emails.length === 0) {
        continue;
      }
      const facts = {
        inclusions: row.inclusions as never,
        itemCount: row.item_count,
        hasInformationForm: settings?.informationFormId != null,
      };
      const doneKeys = new Set(done.rows.filter((d) => d.onboarding_id === row.id).map((d) => d.step_key));
      const open = steps.filter((s) => s.key !== 'done' && stepApplies(s, facts) && !doneKeys.has(s.key));
      if (open.length === 0) {
        continue;
      }
      const token = await ctx.secrets.open(row.sealed);
      await addHistory(tx, row.id, 'reminder_sent', null, SYSTEM);
      for (const to of row.emails) {
        messages.push(
          composeOnboardingReminder({
            to,
            businessName: row.business_name,
            url: onboardingPageUrl(ctx.config.appUrl, token),
            token,
            openSteps: open.map((s) => s.name),
          }),
        );
      }
    }
    return messages;
  });
}

/** The daily run: stuck notices to owners, then reminders to clients. `now` is the run's clock (tests move it). */
export async function runOnboardingDaily(ctx: Ctx, log: FastifyBaseLogger, now = new Date()) {
  const stuck = await noticeStuck(ctx, now);
  await notificationDelivery(ctx, log)(stuck.outgoing);
  const reminders = await remindClients(ctx, now);
  for (const message of reminders) {
    try {
      await ctx.mailer.send(message);
    } catch (error) {
      log.error({ err: error, to: message.to }, 'onboarding reminder failed');
    }
  }
  return { stuck: stuck.count, reminded: reminders.length };
}
