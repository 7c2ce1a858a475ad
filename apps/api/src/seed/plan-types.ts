import type { ProjectType } from '@portal/domain';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { planTypes } from '../db/schema';

type PlanTypeSeed = {
  name: string;
  displayName: string;
  projectType: ProjectType;
  refillMinutes: number;
  refillEditable: boolean;
  isDefault?: boolean;
};

/** The plan types offered by the create-plan modal (GET plans), in the order they are listed. Retainer is the default. */
export const PLAN_TYPES: readonly PlanTypeSeed[] = [
  {
    name: 'retainer',
    displayName: 'Retainer',
    projectType: 'retainer',
    refillMinutes: 600,
    refillEditable: true,
    isDefault: true,
  },
  { name: 'hosting', displayName: 'Hosting', projectType: 'hosting', refillMinutes: 60, refillEditable: false },
  {
    name: 'ad_management',
    displayName: 'Ad management',
    projectType: 'others',
    refillMinutes: 600,
    refillEditable: true,
  },
  {
    name: 'social_media_management',
    displayName: 'Social media management',
    projectType: 'others',
    refillMinutes: 600,
    refillEditable: true,
  },
  {
    name: 'one_off_project',
    displayName: 'One-off project',
    projectType: 'others',
    refillMinutes: 0,
    refillEditable: true,
  },
];

/**
 * Plan types are reference data owned by the code, like permissions: every start upserts them by name. Types are
 * never deleted here, because plans reference them (on delete restrict).
 */
export async function syncPlanTypes(db: Database): Promise<void> {
  await db
    .insert(planTypes)
    .values(
      PLAN_TYPES.map((t, index) => ({
        name: t.name,
        displayName: t.displayName,
        projectType: t.projectType,
        refillMinutes: t.refillMinutes,
        refillEditable: t.refillEditable,
        isDefault: t.isDefault ?? false,
        sortOrder: index,
      })),
    )
    .onConflictDoUpdate({
      target: planTypes.name,
      set: {
        displayName: sql`excluded.display_name`,
        projectType: sql`excluded.project_type`,
        refillMinutes: sql`excluded.refill_minutes`,
        refillEditable: sql`excluded.refill_editable`,
        isDefault: sql`excluded.is_default`,
        sortOrder: sql`excluded.sort_order`,
      },
    });
}
