import type {
  OnboardingServiceInclusion,
  Requirement,
  RequirementInput,
  RequirementKind,
  RequirementLink,
  RequirementUpdateInput,
} from '@portal/domain';
import { asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { onboardingRequirements } from '../../db/schema';
import { notFound } from '../../http/errors';

type Row = typeof onboardingRequirements.$inferSelect;

export function presentRequirement(row: Row): Requirement {
  return {
    uuid: row.uuid,
    inclusion: row.inclusion as OnboardingServiceInclusion,
    name: row.name,
    kind: row.kind as RequirementKind,
    instructions: row.instructions,
    link: row.link as RequirementLink | null,
    link_url: row.linkUrl,
    position: row.position,
  };
}

export async function listRequirements(db: Database): Promise<Requirement[]> {
  const rows = await db
    .select()
    .from(onboardingRequirements)
    .orderBy(
      asc(onboardingRequirements.inclusion),
      asc(onboardingRequirements.position),
      asc(onboardingRequirements.id),
    );
  return rows.map(presentRequirement);
}

/**
 * A requirement of a link_confirmation kind sends the client to a welcome-kit link or its own URL; any other kind
 * keeps neither. Items already copied into onboardings keep what they were given (a snapshot).
 */
function linkFields(kind: string, link: RequirementLink | null | undefined, linkUrl: string | null | undefined) {
  if (kind !== 'link_confirmation') {
    return { link: null, linkUrl: null };
  }
  const chosen = link ?? (linkUrl ? 'custom' : null);
  return { link: chosen, linkUrl: chosen === 'custom' ? (linkUrl ?? null) : null };
}

export async function createRequirement(db: Database, input: RequirementInput): Promise<Requirement> {
  const data = input as RequirementInput & { link_url?: string | null };
  const [row] = await db
    .insert(onboardingRequirements)
    .values({
      inclusion: data.inclusion,
      name: data.name,
      kind: data.kind,
      instructions: data.instructions ?? null,
      ...linkFields(data.kind, data.link, data.link_url),
      position:
        data.position ??
        sql`(select coalesce(max(position) + 1, 0) from onboarding_requirements where inclusion = ${data.inclusion})`,
    })
    .returning();
  if (!row) {
    throw new Error('requirement not created');
  }
  return presentRequirement(row);
}

export async function updateRequirement(db: Database, uuid: string, input: RequirementUpdateInput) {
  const [current] = await db.select().from(onboardingRequirements).where(eq(onboardingRequirements.uuid, uuid));
  if (!current) {
    throw notFound();
  }
  const data = input as RequirementUpdateInput & { link_url?: string | null };
  const kind = data.kind ?? current.kind;
  const link = data.link === undefined ? (current.link as RequirementLink | null) : data.link;
  const linkUrl = data.link_url === undefined ? current.linkUrl : data.link_url;
  const [row] = await db
    .update(onboardingRequirements)
    .set({
      ...(data.inclusion ? { inclusion: data.inclusion } : {}),
      ...(data.name ? { name: data.name } : {}),
      kind,
      ...(data.instructions !== undefined ? { instructions: data.instructions ?? null } : {}),
      ...linkFields(kind, link, linkUrl),
      ...(data.position !== undefined ? { position: data.position } : {}),
      updatedAt: new Date(),
    })
    .where(eq(onboardingRequirements.id, current.id))
    .returning();
  if (!row) {
    throw notFound();
  }
  return presentRequirement(row);
}

/** Onboardings that copied it keep their items (requirement_id becomes null). */
export async function deleteRequirement(db: Database, uuid: string): Promise<void> {
  const deleted = await db
    .delete(onboardingRequirements)
    .where(eq(onboardingRequirements.uuid, uuid))
    .returning({ id: onboardingRequirements.id });
  if (deleted.length === 0) {
    throw notFound();
  }
}
