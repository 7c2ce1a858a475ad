import { randomBytes } from 'node:crypto';
import {
  type Contact,
  type ContactCreateInput,
  type ContactPreferences,
  type ContactUpdateInput,
  hasNotificationChannel,
  MESSAGES,
  mayGiveType,
  TYPE_CHANGE_PERMISSION,
  type UserType,
} from '@portal/domain';
import { and, eq, inArray, isNull, ne } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { contactCustomers, contacts, emailVerificationTokens, userRoles, users } from '../../db/schema';
import type { Principal } from '../../http/access';
import { AppError, forbidden, notFound, validationError } from '../../http/errors';
import { sendWelcomeSetPasswordLink } from '../auth/password-reset';
import { hashPassword } from '../auth/passwords';
import { findContactRow, getContact } from './contact-queries';
import { assertMayManage } from './may-manage';
import { isUniqueViolation, resolveCustomerIds, resolveRoles, type Tx } from './references';

type CreateInput = Omit<ContactCreateInput, 'email'> & { email?: string | null };
type UpdateInput = Omit<ContactUpdateInput, 'email'> & { email?: string | null };

const DEFAULT_PREFERENCES: ContactPreferences = {
  email_notifications: '1',
  sms_notifications: null,
  push_notifications: '1',
};

/** Fields a person may change on their own contact without CONTACTS_UPDATE (the Profile page). */
const OWN_PROFILE_FIELDS = new Set(['name', 'phone', 'job_title', 'preferences']);

const hasLoginType = (type: UserType) => type === 'regular_user' || type === 'freelancer';

function mergePreferences(
  current: Partial<ContactPreferences>,
  change: Partial<ContactPreferences> | undefined,
): ContactPreferences {
  const merged = { ...DEFAULT_PREFERENCES, ...current, ...change };
  // Email and SMS cannot both be off (doc 1 §5).
  if (!hasNotificationChannel(merged)) {
    throw validationError({ preferences: [MESSAGES.channelRequired] });
  }
  return merged;
}

/** A login whose owner has not chosen a password yet: the hash of random bytes nobody knows. */
async function unusablePasswordHash(): Promise<string> {
  return hashPassword(randomBytes(32).toString('hex'));
}

/**
 * Creates the login behind a staff or freelancer contact; the e-mail must be free — except for a self-registration
 * nobody has verified yet, which the admin takes over: whoever registered it (perhaps not the address's owner)
 * loses its password, its sessions, its pending links and its client-side profile, and the owner sets a password
 * from the welcome link mailed to the address.
 */
async function createLogin(
  ctx: AppContext,
  tx: Tx,
  email: string,
  status: 'active' | 'inactive',
  passwordHash: string,
): Promise<number> {
  const [user] = await tx
    .insert(users)
    .values({ email, passwordHash, status })
    .onConflictDoNothing({ target: users.email })
    .returning({ id: users.id });
  if (user) {
    return user.id;
  }
  const [unverified] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.email, email), isNull(users.emailVerifiedAt)))
    .for('update');
  if (!unverified) {
    throw validationError({ email: [MESSAGES.emailTaken] });
  }
  await tx.update(users).set({ passwordHash, status, updatedAt: new Date() }).where(eq(users.id, unverified.id));
  await tx.delete(emailVerificationTokens).where(eq(emailVerificationTokens.userId, unverified.id));
  await tx.delete(userRoles).where(eq(userRoles.userId, unverified.id));
  await tx.delete(contacts).where(eq(contacts.userId, unverified.id));
  await ctx.sessions.revokeAllForUser(unverified.id, tx);
  return unverified.id;
}

/**
 * Nobody hands out permissions they do not hold: a manager may give the Manager role but not Admin. Only roles the
 * person does not already have are checked, so an unchanged role list always saves.
 */
function assertMayGrant(actor: Principal, granted: { permissions: string[] }[]) {
  for (const role of granted) {
    if (role.permissions.some((p) => !actor.permissions.has(p))) {
      throw validationError({ roles: [MESSAGES.roleAboveOwn] });
    }
  }
}

/**
 * Type and roles decide what a person can see, so changing them is role administration (issue 17: a manager made a
 * freelancer staff, who then read every plan's tasks): ROLES_UPDATE on top of CONTACTS_UPDATE, and the type is
 * bounded by the actor's own as roles are by the actor's permissions.
 */
function assertMayChangeType(actor: Principal, from: UserType, to: UserType) {
  if (from === to) {
    return;
  }
  if (!actor.permissions.has(TYPE_CHANGE_PERMISSION)) {
    throw forbidden(MESSAGES.typeChangeNeedsRoleAdmin);
  }
  if (!mayGiveType(actor.type, to)) {
    throw forbidden(MESSAGES.typeAboveOwn);
  }
}

/** A super user is whoever holds a listed address, so only a super user hands one out or changes such a person. */
function assertMaySetEmail(ctx: AppContext, actor: Principal, from: string | null, to: string | null) {
  if (from === to || actor.isSuperUser) {
    return;
  }
  const listed = ctx.config.superUserEmails;
  if ((to && listed.includes(to)) || (from && listed.includes(from))) {
    throw forbidden(MESSAGES.superUserAddress);
  }
}

/** Replaces the person's roles; answers whether they changed. An unchanged list saves without ROLES_UPDATE. */
async function setRoles(tx: Tx, actor: Principal, userId: number, roleUuids: readonly string[]): Promise<boolean> {
  const wanted = await resolveRoles(tx, roleUuids);
  const held = await tx.select({ roleId: userRoles.roleId }).from(userRoles).where(eq(userRoles.userId, userId));
  const heldIds = new Set(held.map((r) => r.roleId));
  const wantedIds = new Set(wanted.map((r) => r.id));
  const changed = wantedIds.size !== heldIds.size || [...wantedIds].some((id) => !heldIds.has(id));
  if (!changed) {
    return false;
  }
  if (!actor.permissions.has(TYPE_CHANGE_PERMISSION)) {
    throw forbidden(MESSAGES.rolesChangeNeedsRoleAdmin);
  }
  assertMayGrant(
    actor,
    wanted.filter((r) => !heldIds.has(r.id)),
  );
  await tx.delete(userRoles).where(eq(userRoles.userId, userId));
  if (wanted.length) {
    await tx.insert(userRoles).values(wanted.map((r) => ({ userId, roleId: r.id })));
  }
  return true;
}

/**
 * New user or contact (CONTACTS_CREATE). Staff and freelancers with an e-mail get a login and a welcome e-mail with
 * a set-password link; client contacts are people on a client and never get a login here (they register by invite).
 */
export async function createContact(ctx: AppContext, actor: Principal, input: CreateInput): Promise<Contact> {
  const roleUuids = input.roles ?? [];
  if (!mayGiveType(actor.type, input.type)) {
    throw forbidden(MESSAGES.typeAboveOwn);
  }
  if (roleUuids.length && !hasLoginType(input.type)) {
    throw validationError({ roles: [MESSAGES.rolesOnlyForStaff] });
  }
  const preferences = mergePreferences({}, input.preferences);
  const status = input.status ?? 'active';
  const email = input.email || null;
  const needsLogin = hasLoginType(input.type) && email !== null;
  const passwordHash = needsLogin ? await unusablePasswordHash() : null;
  const created = await ctx.db.transaction(async (tx) => {
    const customerIds = await resolveCustomerIds(tx, input.customers ?? [], 'customers');
    const userId = needsLogin && email && passwordHash ? await createLogin(ctx, tx, email, status, passwordHash) : null;
    const [contact] = await tx
      .insert(contacts)
      .values({
        userId,
        name: input.name,
        email,
        phone: input.phone || null,
        jobTitle: input.job_title || null,
        type: input.type,
        status,
        preferences,
      })
      .returning({ id: contacts.id });
    if (!contact) {
      throw new Error('contact not created');
    }
    if (customerIds.length) {
      await tx
        .insert(contactCustomers)
        .values(customerIds.map((customerId) => ({ contactId: contact.id, customerId })));
    }
    if (userId) {
      await setRoles(tx, actor, userId, roleUuids);
    } else if (roleUuids.length) {
      // Roles live on the login; a staff member without an e-mail has none yet.
      throw validationError({ email: [MESSAGES.required] });
    }
    return { contactId: contact.id, userId };
  });
  if (created.userId && email && status === 'active') {
    await sendWelcomeSetPasswordLink(ctx, { id: created.userId, email, name: input.name });
  }
  return getContact(ctx.db, { id: created.contactId });
}

/**
 * PUT contacts/{uuid}: the changed fields. With CONTACTS_UPDATE anything; on one's own contact without it, only the
 * profile fields. Every change to a person with a login drops their cached sessions in the same transaction, so a
 * deactivation or a role change takes effect on their very next call.
 */
export async function updateContact(
  ctx: AppContext,
  actor: Principal,
  uuid: string,
  input: UpdateInput,
): Promise<Contact> {
  const isOwn = actor.contactUuid === uuid;
  const mayUpdateAny = actor.permissions.has('CONTACTS_UPDATE');
  if (!mayUpdateAny) {
    if (!isOwn) {
      throw forbidden();
    }
    const other = Object.entries(input).find(([key, value]) => value !== undefined && !OWN_PROFILE_FIELDS.has(key));
    if (other) {
      throw forbidden(MESSAGES.onlyOwnProfileFields);
    }
  }
  let welcome: { id: number; email: string; name: string } | null = null;
  const contactId = await ctx.db
    .transaction(async (tx) => {
      const [current] = await tx.select().from(contacts).where(eq(contacts.uuid, uuid)).for('update');
      if (!current) {
        throw notFound();
      }
      await assertMayManage(tx, actor, current.userId);
      const type = (input.type ?? current.type) as UserType;
      assertMayChangeType(actor, current.type as UserType, type);
      const status = input.status ?? (current.status as 'active' | 'inactive');
      const email = input.email === undefined ? current.email : input.email || null;
      assertMaySetEmail(ctx, actor, current.email, email);
      const name = input.name ?? current.name;
      if (input.roles?.length && !hasLoginType(type)) {
        throw validationError({ roles: [MESSAGES.rolesOnlyForStaff] });
      }
      const preferences = input.preferences ? mergePreferences(current.preferences, input.preferences) : undefined;

      let userId = current.userId;
      if (userId !== null) {
        if (email === null) {
          throw validationError({ email: [MESSAGES.required] });
        }
        if (email !== current.email || input.status !== undefined) {
          const [taken] = await tx
            .select({ id: users.id })
            .from(users)
            .where(and(eq(users.email, email), ne(users.id, userId)));
          if (taken) {
            throw validationError({ email: [MESSAGES.emailTaken] });
          }
          await tx.update(users).set({ email, status, updatedAt: new Date() }).where(eq(users.id, userId));
        }
      } else if (hasLoginType(type) && email !== null) {
        // Becoming staff or a freelancer with an e-mail gives the person a login, as creating them would.
        userId = await createLogin(ctx, tx, email, status, await unusablePasswordHash());
        if (status === 'active') {
          welcome = { id: userId, email, name };
        }
      }

      await tx
        .update(contacts)
        .set({
          userId,
          name,
          email,
          ...(input.phone !== undefined ? { phone: input.phone || null } : {}),
          ...(input.job_title !== undefined ? { jobTitle: input.job_title || null } : {}),
          type,
          status,
          ...(preferences ? { preferences } : {}),
          updatedAt: new Date(),
        })
        .where(eq(contacts.id, current.id));

      if (input.customers !== undefined) {
        const ids = await resolveCustomerIds(tx, input.customers, 'customers');
        await tx.delete(contactCustomers).where(eq(contactCustomers.contactId, current.id));
        if (ids.length) {
          await tx.insert(contactCustomers).values(ids.map((customerId) => ({ contactId: current.id, customerId })));
        }
      }
      if (input.customer_id !== undefined) {
        const [customerId] = await resolveCustomerIds(tx, [input.customer_id], 'customer_id');
        if (customerId !== undefined) {
          await tx.insert(contactCustomers).values({ contactId: current.id, customerId }).onConflictDoNothing();
        }
      }
      if (userId !== null) {
        let rolesChanged = false;
        if (!hasLoginType(type)) {
          // A client contact has no staff roles.
          await tx.delete(userRoles).where(eq(userRoles.userId, userId));
        } else if (input.roles !== undefined) {
          rolesChanged = await setRoles(tx, actor, userId, input.roles);
        }
        // A session was granted to the person as they were: who they are (type, status, roles) or which address
        // they proved changes → every session ends and they sign in again. Profile edits only refresh the cache.
        const accessChanged =
          rolesChanged || type !== current.type || status !== current.status || email !== current.email;
        if (accessChanged && current.userId !== null) {
          await ctx.sessions.revokeAllForUser(userId, tx);
        } else {
          await ctx.sessions.invalidateUser(userId, tx);
        }
      } else if (input.roles?.length) {
        throw validationError({ email: [MESSAGES.required] });
      }
      return current.id;
    })
    .catch((error: unknown) => {
      if (isUniqueViolation(error)) {
        throw validationError({ email: [MESSAGES.emailTaken] });
      }
      throw error;
    });
  if (welcome) {
    await sendWelcomeSetPasswordLink(ctx, welcome);
  }
  return getContact(ctx.db, { id: contactId });
}

/** Deletes the contact; its login (if any) is deactivated and signed out everywhere. */
export async function deleteContact(ctx: AppContext, actor: Principal, uuid: string): Promise<void> {
  if (actor.contactUuid === uuid) {
    throw new AppError(422, MESSAGES.cannotDeleteSelf, { code: 'cannot_delete_self' });
  }
  await ctx.db.transaction(async (tx) => {
    const row = await findContactRow(tx, { uuid });
    if (!row) {
      throw notFound();
    }
    await assertMayManage(tx, actor, row.user_id);
    if (row.user_id !== null) {
      await tx.update(users).set({ status: 'inactive', updatedAt: new Date() }).where(eq(users.id, row.user_id));
      await ctx.sessions.revokeAllForUser(row.user_id, tx);
    }
    await tx.delete(contacts).where(inArray(contacts.id, [row.id]));
  });
}
