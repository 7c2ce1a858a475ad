import { MESSAGES, type OnboardingHistoryAction, type OnboardingInclusions } from '@portal/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';
import { onboardingHistory, onboardingStepStates, onboardings } from '../../db/schema';
import type { Emit } from '../../events/domain-events';
import { NO_OUTGOING, notifyUsers, type Outgoing } from '../notifications/notify';
import { loadSettings, loadSteps, type StepRow } from './process';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Who did something: a staff member, the client through the page, or the system (null, null). */
export type OnboardingActor = { userId: number | null; byClient: boolean };
export const SYSTEM: OnboardingActor = { userId: null, byClient: false };
export const CLIENT: OnboardingActor = { userId: null, byClient: true };

export async function addHistory(
  tx: DbExecutor,
  onboardingId: number,
  action: OnboardingHistoryAction,
  subject: string | null,
  actor: OnboardingActor,
) {
  await tx.insert(onboardingHistory).values({
    onboardingId,
    action,
    subject,
    actorId: actor.userId,
    byClient: actor.byClient,
  });
}

/** Whether a step applies to an onboarding: its inclusion is on, and the data-driven steps have something to do. */
export function stepApplies(
  step: Pick<StepRow, 'key' | 'inclusion'>,
  facts: { inclusions: OnboardingInclusions; itemCount: number; hasInformationForm: boolean },
): boolean {
  if (step.inclusion && !facts.inclusions[step.inclusion as keyof OnboardingInclusions]) {
    return false;
  }
  if (step.key === 'requirements') {
    return facts.itemCount > 0;
  }
  if (step.key === 'information_form') {
    return facts.hasInformationForm;
  }
  return true;
}

export async function setStepDone(
  tx: DbExecutor,
  onboardingId: number,
  stepKey: string,
  done: boolean,
  actor: OnboardingActor,
  stepName: string,
): Promise<boolean> {
  const [current] = await tx
    .select({ doneAt: onboardingStepStates.doneAt })
    .from(onboardingStepStates)
    .where(and(eq(onboardingStepStates.onboardingId, onboardingId), eq(onboardingStepStates.stepKey, stepKey)));
  if (Boolean(current?.doneAt) === done) {
    return false;
  }
  const doneAt = done ? new Date() : null;
  const doneById = done ? actor.userId : null;
  await tx
    .insert(onboardingStepStates)
    .values({ onboardingId, stepKey, doneAt, doneById })
    .onConflictDoUpdate({
      target: [onboardingStepStates.onboardingId, onboardingStepStates.stepKey],
      set: { doneAt, doneById },
    });
  await addHistory(tx, onboardingId, done ? 'step_done' : 'step_reopened', stepName, actor);
  return true;
}

/** Staff to tell when an onboarding completes: managers of the client's open plans who may read onboardings. */
async function planManagerIds(tx: DbExecutor, customerId: number): Promise<number[]> {
  const rows = await tx.execute<{ id: number }>(sql`
    select distinct u.id from users u join contacts uc on uc.user_id = u.id
    where uc.type = 'regular_user' and u.status = 'active'
      and u.id in (select p.project_manager_id from projects p
        where p.customer_id = ${customerId} and p.kind <> 'personal'
          and p.status not in ('completed', 'cancelled', 'blueprint'))
      and exists (select 1 from user_roles ur join role_permissions rp on rp.role_id = ur.role_id
        join permissions pm on pm.id = rp.permission_id where ur.user_id = u.id and pm.name = 'ONBOARDING_READ')`);
  return rows.rows.map((r) => r.id);
}

/**
 * Brings an onboarding's derived state up to date after any change, inside the change's transaction: the
 * requirements step ticks itself once every item is done, `done` once every other applicable step is (which closes
 * the onboarding and tells the plan managers), and the board's columns (progress, current step and since when, when
 * it counts as stuck, last activity) are stored. Announces the onboarding live. Answers what to deliver.
 */
export async function refreshOnboarding(
  tx: DbExecutor,
  onboardingId: number,
  actor: OnboardingActor,
  emit: Emit | null,
  options: { touch?: boolean; now?: Date } = {},
): Promise<Outgoing> {
  const now = options.now ?? new Date();
  const [row] = await tx.select().from(onboardings).where(eq(onboardings.id, onboardingId)).for('update');
  if (!row) {
    return NO_OUTGOING;
  }
  // One connection (the transaction): the reads go one after another.
  const steps = await loadSteps(tx);
  const settings = await loadSettings(tx);
  const itemRows = await tx.execute<{ status: string; n: number }>(
    sql`select status, count(*)::int as n from onboarding_items where onboarding_id = ${onboardingId} group by status`,
  );
  const stateRows = await tx
    .select({
      key: onboardingStepStates.stepKey,
      doneAt: onboardingStepStates.doneAt,
      doneById: onboardingStepStates.doneById,
    })
    .from(onboardingStepStates)
    .where(eq(onboardingStepStates.onboardingId, onboardingId));
  const customerRows = await tx.execute<{ uuid: string; business_name: string }>(
    sql`select uuid::text, business_name from customers where id = ${row.customerId}`,
  );
  const itemCount = itemRows.rows.reduce((n, r) => n + r.n, 0);
  const itemsDone = itemRows.rows.find((r) => r.status === 'done')?.n ?? 0;
  const facts = { inclusions: row.inclusions, itemCount, hasInformationForm: settings?.informationFormId != null };
  const applicable = steps.filter((s) => stepApplies(s, facts));
  const done = new Set(stateRows.filter((s) => s.doneAt).map((s) => s.key));

  const requirements = applicable.find((s) => s.key === 'requirements');
  if (requirements && itemsDone === itemCount && !done.has('requirements')) {
    await setStepDone(tx, onboardingId, 'requirements', true, SYSTEM, requirements.name);
    done.add('requirements');
  } else if (requirements && itemsDone < itemCount && done.has('requirements')) {
    // Ticked by itself and an item reopened since: it follows the items again (a tick by hand stays).
    const state = stateRows.find((r) => r.key === 'requirements');
    if (state?.doneById === null && !done.has('done')) {
      await setStepDone(tx, onboardingId, 'requirements', false, SYSTEM, requirements.name);
      done.delete('requirements');
    }
  }
  const closing = applicable.find((s) => s.key === 'done');
  const others = applicable.filter((s) => s.key !== 'done');
  if (closing && !done.has('done') && others.every((s) => done.has(s.key))) {
    await setStepDone(tx, onboardingId, 'done', true, SYSTEM, closing.name);
    done.add('done');
  }

  const units = others.length + itemCount;
  const unitsDone = others.filter((s) => done.has(s.key)).length + itemsDone;
  const closed = done.has('done');
  const progress = closed ? 100 : units === 0 ? 0 : Math.floor((unitsDone * 100) / units);
  const current = closed ? undefined : applicable.find((s) => !done.has(s.key));
  const moved = (current?.key ?? null) !== row.currentStepKey;
  const since = moved ? now : row.currentStepSince;
  const stuckAt = current?.stuckAfterDays ? new Date(since.getTime() + current.stuckAfterDays * DAY_MS) : null;

  let outgoing = NO_OUTGOING;
  const becameDone = closed && row.status !== 'done';
  if (becameDone) {
    await addHistory(tx, onboardingId, 'completed', null, actor);
    const customer = customerRows.rows[0];
    outgoing = await notifyUsers(
      tx,
      await planManagerIds(tx, row.customerId),
      {
        type: 'onboarding_completed',
        data: {
          title: MESSAGES.onboardingCompletedTitle,
          sub_title: customer?.business_name ?? null,
          content: null,
          action_url: `/onboarding?onboarding_uuid=${row.uuid}`,
          resource_id: row.uuid,
          has_mention: false,
        },
      },
      actor.userId,
    );
  }
  await tx
    .update(onboardings)
    .set({
      status: closed ? 'done' : 'open',
      completedAt: closed ? (row.completedAt ?? now) : null,
      progress,
      currentStepKey: current?.key ?? null,
      currentStepName: current?.name ?? null,
      currentStepSince: since,
      stuckAt,
      ...(options.touch === false ? {} : { lastActivityAt: now }),
    })
    .where(eq(onboardings.id, onboardingId));
  emit?.({
    model: 'onboarding',
    action: 'updated',
    id: row.uuid,
    actorId: actor.userId,
    payload: {
      customer_uuid: customerRows.rows[0]?.uuid ?? null,
      progress,
      // With the status before, a listener can tell the write that completed it (webhooks: onboarding.completed).
      status_from: row.status,
      status: closed ? 'done' : 'open',
      current_step: current?.key ?? null,
    },
  });
  return outgoing;
}
