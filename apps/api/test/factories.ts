import { randomBytes } from 'node:crypto';
import { PERMISSIONS, type Permission, type UserType } from '@portal/domain';
import { eq } from 'drizzle-orm';
import type { Database } from '../src/db/client';
import { contacts, customers, planTypes, projects, projectUsers, userRoles, users } from '../src/db/schema';
import { hashPassword } from '../src/modules/auth/passwords';
import { SessionService } from '../src/modules/auth/session.service';
import { ensureRole } from '../src/seed/roles';

export const TEST_PASSWORD = 'correct horse battery staple';
let passwordHash: Promise<string> | undefined;

const unique = () => randomBytes(4).toString('hex');

export type BuiltUser = { id: number; uuid: string; contactUuid: string; email: string; token: string };

/** A role holding exactly these permissions, with a unique name so tests never share one. */
export function buildRole(db: Database, permissions: readonly Permission[], name = `Role ${unique()}`) {
  return ensureRole(db, name, 'test role', permissions);
}

/**
 * A user with a contact profile, optional role and a signed-in token.
 * The password hash is computed once per file: scrypt is deliberately slow.
 */
export async function buildUser(
  db: Database,
  overrides: {
    type?: UserType;
    email?: string;
    name?: string;
    permissions?: readonly Permission[];
    status?: 'active' | 'inactive';
  } = {},
): Promise<BuiltUser> {
  passwordHash ??= hashPassword(TEST_PASSWORD);
  const email = overrides.email ?? `user-${unique()}@agency.test`;
  const [user] = await db
    .insert(users)
    .values({ email, passwordHash: await passwordHash, status: overrides.status ?? 'active' })
    .returning();
  if (!user) {
    throw new Error('user not created');
  }
  const [contact] = await db
    .insert(contacts)
    .values({
      userId: user.id,
      name: overrides.name ?? `Test ${unique()}`,
      email,
      type: overrides.type ?? 'regular_user',
    })
    .returning();
  if (overrides.permissions?.length) {
    const roleId = await buildRole(db, overrides.permissions);
    await db.insert(userRoles).values({ userId: user.id, roleId });
  }
  const sessions = new SessionService(db, {
    auth: { idleMinutes: 60, lifetimeMinutes: 600, passwordResetMinutes: 60 },
    superUserEmails: [],
  });
  const token = await sessions.issue(user.id);
  return { id: user.id, uuid: user.uuid, contactUuid: contact?.uuid ?? '', email, token };
}

/** The five actors of the access matrix, shaped like the demo roles. */
export async function buildActors(db: Database) {
  const { DEMO_ROLES } = await import('../src/seed/roles');
  return {
    admin: await buildUser(db, { type: 'regular_user', permissions: PERMISSIONS, email: 'super@agency.test' }),
    manager: await buildUser(db, { type: 'regular_user', permissions: DEMO_ROLES.Manager?.permissions ?? [] }),
    freelancer: await buildUser(db, { type: 'freelancer', permissions: DEMO_ROLES.Freelancer?.permissions ?? [] }),
    contact: await buildUser(db, { type: 'contact' }),
  };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** A client; business names are unique per call unless given. */
export async function buildCustomer(
  db: Database,
  overrides: Partial<typeof customers.$inferInsert> = {},
): Promise<typeof customers.$inferSelect> {
  const [row] = await db
    .insert(customers)
    .values({ businessName: `Client ${unique()}`, ...overrides })
    .returning();
  if (!row) {
    throw new Error('customer not created');
  }
  return row;
}

/**
 * A plan of the given plan type (seeded reference data, retainer by default) with its manager as the one member.
 * A client is created unless customerId is given (null for none).
 */
export async function buildPlan(
  db: Database,
  overrides: Partial<typeof projects.$inferInsert> & { planType?: string; members?: number[] } = {},
): Promise<typeof projects.$inferSelect> {
  const { planType = 'retainer', members = [], ...values } = overrides;
  const [type] = await db.select().from(planTypes).where(eq(planTypes.name, planType));
  const customerId = values.customerId === undefined ? (await buildCustomer(db)).id : values.customerId;
  const [row] = await db
    .insert(projects)
    .values({
      title: `Plan ${unique()}`,
      isRetainer: type?.projectType === 'retainer',
      planTypeId: type?.id,
      refillMinutes: type?.refillMinutes ?? 0,
      ...values,
      customerId,
    })
    .returning();
  if (!row) {
    throw new Error('plan not created');
  }
  const people = new Set(members);
  if (row.projectManagerId) {
    people.add(row.projectManagerId);
  }
  if (people.size) {
    await db.insert(projectUsers).values([...people].map((userId) => ({ projectId: row.id, userId })));
  }
  return row;
}
