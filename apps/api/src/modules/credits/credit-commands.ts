import type { Budget, creditAdjustmentSchema, rolloverUpdateSchema } from '@portal/domain';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import type { DbExecutor } from '../../db/client';
import { contacts, planCreditSettings, planCredits, projects, users } from '../../db/schema';
import { inTransaction } from '../../events/domain-events';
import { presentCredit } from './budget.query';
import { localDate } from './credit-periods';

type Ctx = Pick<AppContext, 'db' | 'events'>;
type Actor = { userId: number; refToken?: string | null };

async function planUuid(ctx: Ctx, projectId: number) {
  const [plan] = await ctx.db.select({ uuid: projects.uuid }).from(projects).where(eq(projects.id, projectId));
  return plan?.uuid ?? '';
}

/** A manual adjustment (staff with PROJECTS_UPDATE): a signed number of minutes with its reason. */
export async function addAdjustment(
  ctx: Ctx,
  projectId: number,
  input: z.output<typeof creditAdjustmentSchema>,
  actor: Actor,
  timeZone: string,
) {
  const uuid = await planUuid(ctx, projectId);
  const row = await inTransaction(ctx.db, ctx.events, async (tx, emit) => {
    const [created] = await tx
      .insert(planCredits)
      .values({
        projectId,
        date: input.date ?? localDate(new Date(), timeZone),
        minutes: input.total_time,
        kind: 'manual_adjustment',
        note: input.note,
        createdById: actor.userId,
      })
      .returning();
    if (!created) {
      throw new Error('credit not created');
    }
    // `fields` names the change for the plan's history (audit trail); time logs move the budget without one.
    emit({
      model: 'project',
      action: 'budget',
      id: uuid,
      actorId: actor.userId,
      refToken: actor.refToken,
      projectId,
      payload: { fields: ['credits'] },
    });
    return created;
  });
  const [creator] = await ctx.db
    .select({ uuid: users.uuid, name: contacts.name })
    .from(users)
    .leftJoin(contacts, eq(contacts.userId, users.id))
    .where(eq(users.id, actor.userId));
  return presentCredit({ ...row, creatorUuid: creator?.uuid ?? null, creatorName: creator?.name ?? null });
}

/** Writes a plan's rollover rule (inside the caller's transaction); the cap only counts with up_to. */
export async function saveRollover(
  tx: DbExecutor,
  projectId: number,
  rollover: Budget['rollover'],
  capMinutes: number | null,
) {
  const values = {
    rollover,
    rolloverCapMinutes: rollover === 'up_to' ? (capMinutes ?? 0) : null,
    updatedAt: new Date(),
  };
  await tx
    .insert(planCreditSettings)
    .values({ projectId, ...values })
    .onConflictDoUpdate({ target: planCreditSettings.projectId, set: values });
}

/** The plan's rollover rule for unused credit; applies from the next period turn. */
export async function setRollover(
  ctx: Ctx,
  projectId: number,
  input: z.output<typeof rolloverUpdateSchema>,
  actor: Actor,
) {
  const uuid = await planUuid(ctx, projectId);
  await inTransaction(ctx.db, ctx.events, async (tx, emit) => {
    await saveRollover(tx, projectId, input.rollover, input.rollover_cap ?? null);
    emit({
      model: 'project',
      action: 'budget',
      id: uuid,
      actorId: actor.userId,
      refToken: actor.refToken,
      projectId,
      payload: { fields: ['rollover'] },
    });
  });
}
