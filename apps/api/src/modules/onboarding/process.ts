import {
  MESSAGES,
  ONBOARDING_BUILTIN_STEPS,
  type OnboardingInclusion,
  type OnboardingProcess,
  type OnboardingProcessUpdateInput,
  type OnboardingStep,
} from '@portal/domain';
import { asc, eq, inArray, notInArray } from 'drizzle-orm';
import type { Database, DbExecutor } from '../../db/client';
import { onboardingSettings, onboardingSteps, roles } from '../../db/schema';
import { validationError } from '../../http/errors';

export type StepRow = {
  id: number;
  key: string;
  name: string;
  position: number;
  builtin: boolean;
  inclusion: string | null;
  ownerRoleId: number | null;
  ownerRoleUuid: string | null;
  ownerRoleName: string | null;
  stuckAfterDays: number | null;
};

/** The agency's steps in order, with their owner roles. */
export async function loadSteps(db: DbExecutor): Promise<StepRow[]> {
  return db
    .select({
      id: onboardingSteps.id,
      key: onboardingSteps.key,
      name: onboardingSteps.name,
      position: onboardingSteps.position,
      builtin: onboardingSteps.builtin,
      inclusion: onboardingSteps.inclusion,
      ownerRoleId: onboardingSteps.ownerRoleId,
      ownerRoleUuid: roles.uuid,
      ownerRoleName: roles.name,
      stuckAfterDays: onboardingSteps.stuckAfterDays,
    })
    .from(onboardingSteps)
    .leftJoin(roles, eq(roles.id, onboardingSteps.ownerRoleId))
    .orderBy(asc(onboardingSteps.position), asc(onboardingSteps.id));
}

export function presentStep(row: StepRow): OnboardingStep {
  return {
    key: row.key,
    name: row.name,
    position: row.position,
    builtin: row.builtin,
    inclusion: row.inclusion as OnboardingInclusion | null,
    owner_role: row.ownerRoleUuid ? { uuid: row.ownerRoleUuid, name: row.ownerRoleName ?? '' } : null,
    stuck_after_days: row.stuckAfterDays,
  };
}

export async function loadSettings(db: DbExecutor) {
  const [row] = await db.select().from(onboardingSettings).where(eq(onboardingSettings.id, 1));
  if (row) {
    return row;
  }
  // The migration inserts the row; this covers a database restored without it.
  const [created] = await db.insert(onboardingSettings).values({ id: 1 }).onConflictDoNothing().returning();
  return created ?? (await db.select().from(onboardingSettings).where(eq(onboardingSettings.id, 1)))[0];
}

export async function getProcess(db: DbExecutor): Promise<OnboardingProcess> {
  const [steps, settings] = await Promise.all([loadSteps(db), loadSettings(db)]);
  return { steps: steps.map(presentStep), remind_every_days: settings?.remindEveryDays ?? null };
}

const slug = (name: string) =>
  name
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, 40) || 'step';

/**
 * PUT onboarding/process: the whole ordered list. Built-in steps carry behaviour, so each must stay and `done`
 * must be last; a step without a key is new and gets `custom_<slug>` (made unique). Keys of removed custom steps
 * leave their step states behind harmlessly: a state counts only for a step that exists.
 */
export async function updateProcess(db: Database, input: OnboardingProcessUpdateInput): Promise<OnboardingProcess> {
  const keys = input.steps.map((s) => s.key).filter((k): k is string => Boolean(k));
  const missing = ONBOARDING_BUILTIN_STEPS.filter((k) => !keys.includes(k));
  if (missing.length > 0 || input.steps.at(-1)?.key !== 'done' || new Set(keys).size !== keys.length) {
    throw validationError({ steps: [MESSAGES.onboardingStepsIncomplete] });
  }
  const roleUuids = [...new Set(input.steps.map((s) => s.owner_role_uuid).filter((u): u is string => Boolean(u)))];
  await db.transaction(async (tx) => {
    const roleRows = roleUuids.length
      ? await tx.select({ id: roles.id, uuid: roles.uuid }).from(roles).where(inArray(roles.uuid, roleUuids))
      : [];
    const roleId = new Map(roleRows.map((r) => [r.uuid, r.id]));
    const existing = await tx
      .select({ key: onboardingSteps.key, builtin: onboardingSteps.builtin })
      .from(onboardingSteps);
    const known = new Set(existing.map((s) => s.key));
    const used = new Set(keys);
    const errors: Record<string, string[]> = {};
    const rows = input.steps.map((step, position) => {
      if (step.owner_role_uuid && !roleId.has(step.owner_role_uuid)) {
        errors[`steps.${position}.owner_role_uuid`] = [MESSAGES.unknownReference];
      }
      if (step.key && !known.has(step.key)) {
        errors[`steps.${position}.key`] = [MESSAGES.unknownReference];
      }
      let key = step.key;
      if (!key) {
        const base = `custom_${slug(step.name)}`;
        key = base;
        for (let n = 2; used.has(key) || known.has(key); n++) {
          key = `${base}_${n}`;
        }
        used.add(key);
      }
      return {
        key,
        name: step.name,
        position,
        builtin: (ONBOARDING_BUILTIN_STEPS as readonly string[]).includes(key),
        inclusion: step.inclusion,
        ownerRoleId: step.owner_role_uuid ? (roleId.get(step.owner_role_uuid) ?? null) : null,
        stuckAfterDays: step.stuck_after_days,
        updatedAt: new Date(),
      };
    });
    if (Object.keys(errors).length > 0) {
      throw validationError(errors);
    }
    const kept = rows.map((r) => r.key);
    await tx.delete(onboardingSteps).where(notInArray(onboardingSteps.key, kept));
    for (const row of rows) {
      await tx
        .insert(onboardingSteps)
        .values(row)
        .onConflictDoUpdate({
          target: onboardingSteps.key,
          set: {
            name: row.name,
            position: row.position,
            inclusion: row.inclusion,
            ownerRoleId: row.ownerRoleId,
            stuckAfterDays: row.stuckAfterDays,
            updatedAt: row.updatedAt,
          },
        });
    }
    await loadSettings(tx);
    await tx
      .update(onboardingSettings)
      .set({ remindEveryDays: input.remind_every_days, updatedAt: new Date() })
      .where(eq(onboardingSettings.id, 1));
  });
  return getProcess(db);
}
