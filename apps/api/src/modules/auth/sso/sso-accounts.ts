import { isAdminPower } from '@portal/domain';
import { eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../../context';
import { contacts, permissions, rolePermissions, roles, userRoles, users } from '../../../db/schema';
import { hashPassword } from '../passwords';
import { generateToken } from '../tokens';
import type { ProviderIdentity } from './identity-provider';

export type SsoRefusal = 'email_unverified' | 'domain_not_allowed' | 'no_account' | 'account_inactive' | 'failed';
export type Account = { id: number; uuid: string; email: string };

/** Thrown with the reason the login page shows (SSO_ERRORS); `detail` goes to the server log only. */
export class SsoRefused extends Error {
  constructor(
    readonly reason: SsoRefusal,
    readonly detail?: string,
  ) {
    super(`single sign-on refused: ${reason}${detail ? ` (${detail})` : ''}`);
  }
}

const domainOf = (email: string) => email.slice(email.lastIndexOf('@') + 1);

/**
 * Who the provider's person is here: an existing active account with the same verified e-mail, or (the domain
 * listed in SSO_JIT_DOMAINS) a new one. A self-registration nobody verified is not signed into: whoever registered
 * it chose its password, and the address's owner would share the account with them (an admin adding the address
 * takes it over instead, as contacts do).
 */
export async function accountForIdentity(ctx: AppContext, identity: ProviderIdentity): Promise<Account> {
  const sso = ctx.config.sso;
  if (!sso) {
    throw new SsoRefused('failed', 'single sign-on is off');
  }
  if (!identity.email) {
    throw new SsoRefused('email_unverified', 'no e-mail claim');
  }
  if (!identity.emailVerified) {
    throw new SsoRefused('email_unverified');
  }
  const domain = domainOf(identity.email);
  if (!sso.allowedDomains.includes(domain)) {
    throw new SsoRefused('domain_not_allowed');
  }
  const existing = await ctx.db.query.users.findFirst({ where: eq(users.email, identity.email) });
  if (existing) {
    if (existing.emailVerifiedAt === null) {
      throw new SsoRefused('no_account', 'an unverified self-registration holds the address');
    }
    if (existing.status !== 'active') {
      throw new SsoRefused('account_inactive');
    }
    return { id: existing.id, uuid: existing.uuid, email: existing.email };
  }
  if (!sso.jitDomains.includes(domain)) {
    throw new SsoRefused('no_account');
  }
  // A super user is whoever holds a listed address: such a person is added by hand, never made by a sign-in.
  if (ctx.config.superUserEmails.includes(identity.email)) {
    throw new SsoRefused('no_account', 'super user addresses are not created on sign-in');
  }
  return createAccount(ctx, identity.email, identity.name);
}

/** SSO_JIT_ROLE as a contact type and roles: `freelancer`, or a staff role without administration powers. */
async function jitPlacement(ctx: AppContext, roleName: string) {
  if (roleName.toLowerCase() === 'freelancer') {
    return { type: 'freelancer' as const, roleId: null };
  }
  const [role] = await ctx.db
    .select({ id: roles.id })
    .from(roles)
    .where(sql`lower(${roles.name}) = lower(${roleName})`);
  if (!role) {
    throw new SsoRefused('no_account', `SSO_JIT_ROLE names no role (${roleName})`);
  }
  const held = await ctx.db
    .select({ name: permissions.name })
    .from(rolePermissions)
    .innerJoin(permissions, eq(permissions.id, rolePermissions.permissionId))
    .where(eq(rolePermissions.roleId, role.id));
  if (held.some((p) => isAdminPower(p.name))) {
    throw new SsoRefused('no_account', `SSO_JIT_ROLE ${roleName} holds role or user administration`);
  }
  return { type: 'regular_user' as const, roleId: role.id };
}

/** Names come from the provider: control characters dropped and the length bounded like a typed name. */
function cleanName(name: string | null, email: string): string {
  const cleaned = (name ?? '')
    .replace(/\p{Cc}/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 255);
  return cleaned || email.slice(0, email.lastIndexOf('@'));
}

async function createAccount(ctx: AppContext, email: string, name: string | null): Promise<Account> {
  const placement = await jitPlacement(ctx, ctx.config.sso?.jitRole ?? 'freelancer');
  // Nobody knows this password: the account signs in through the provider (or sets one by "Forgot password?").
  const passwordHash = await hashPassword(generateToken());
  const created = await ctx.db.transaction(async (tx) => {
    const [user] = await tx
      .insert(users)
      .values({ email, passwordHash, emailVerifiedAt: new Date() })
      .onConflictDoNothing({ target: users.email })
      .returning({ id: users.id, uuid: users.uuid, email: users.email });
    if (!user) {
      // Two first sign-ins at once: the other made the account; this one signs in to it next time.
      throw new SsoRefused('failed', 'the account was created by a parallel sign-in');
    }
    const [contact] = await tx
      .insert(contacts)
      .values({ userId: user.id, name: cleanName(name, email), email, type: placement.type })
      .returning({ uuid: contacts.uuid, name: contacts.name });
    if (placement.roleId !== null) {
      await tx.insert(userRoles).values({ userId: user.id, roleId: placement.roleId });
    }
    return { user, contact };
  });
  const { user, contact } = created;
  ctx.events.publish([
    {
      model: 'contact',
      action: 'created',
      id: contact?.uuid ?? '',
      actorId: user.id,
      payload: { name: contact?.name ?? email, via: 'sso' },
    },
  ]);
  return user;
}
