import { INVITE_INCLUSIONS, type InviteCreateInput, type InviteStatus, MESSAGES } from '@portal/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { contactCustomers, contacts, customerInvites, customers, type InviteInclusions } from '../../db/schema';
import type { DomainEvent, Emit } from '../../events/domain-events';
import type { Principal } from '../../http/access';
import { AppError, notFound, validationError } from '../../http/errors';
import { generateToken, hashToken } from '../auth/tokens';
import type { Executor, Tx } from '../contacts/references';
import { type InviteMailLink, inviteSent } from './invite-hooks';
import { composeInviteMail } from './invite-mail';
import { findInvite } from './invite-queries';

type CreateInput = Omit<InviteCreateInput, 'email'> & { email?: string };

/** Which inclusions are on: as sent, defaulting to off, except Login/Register which a new invite preselects. */
function inclusionsFrom(input: Record<string, unknown>): InviteInclusions {
  const result = {} as InviteInclusions;
  for (const key of INVITE_INCLUSIONS) {
    const value = input[key];
    result[key] = typeof value === 'boolean' ? value : key === 'login_register';
  }
  return result;
}

const invalidInvite = (field = 'token') =>
  new AppError(422, MESSAGES.inviteInvalid, { code: 'invite_invalid', errors: { [field]: [MESSAGES.inviteInvalid] } });

type PendingMail = {
  to: string;
  token: string;
  businessName: string;
  inclusions: InviteInclusions;
  links: InviteMailLink[];
};

async function mailInvite(ctx: AppContext, mail: PendingMail) {
  await ctx.mailer.send(composeInviteMail({ appUrl: ctx.config.appUrl, ...mail }));
}

/** A fresh token for a pending invite: the old link stops working, the count and time of sending move on. */
async function reissue(tx: Tx, inviteId: number, changes: Partial<typeof customerInvites.$inferInsert> = {}) {
  const token = generateToken();
  await tx
    .update(customerInvites)
    .set({
      ...changes,
      tokenHash: hashToken(token),
      sentCount: sql`${customerInvites.sentCount} + 1`,
      lastSentAt: new Date(),
      updatedAt: new Date(),
    })
    .where(eq(customerInvites.id, inviteId));
  return token;
}

/**
 * POST customer-invite: invites an e-mail (typed, or an existing contact's) to a client and mails the link. When a
 * pending invite for that e-mail and client exists, this is a resend of it (doc 1 §4).
 */
export async function createInvite(ctx: AppContext, actor: Principal, input: CreateInput) {
  const inclusions = inclusionsFrom(input);
  // The hook's events (an onboarding started) leave once the invite committed.
  const announced: DomainEvent[] = [];
  const emit: Emit = (event) => announced.push(event);
  const { inviteId, mail } = await ctx.db.transaction(async (tx) => {
    const [customer] = await tx
      .select({ id: customers.id, businessName: customers.businessName })
      .from(customers)
      .where(eq(customers.uuid, input.customer_id));
    if (!customer) {
      throw validationError({ customer_id: [MESSAGES.unknownReference] });
    }
    let email = input.email;
    let contactId: number | null = null;
    if (input.user_id) {
      const [contact] = await tx
        .select({ id: contacts.id, email: contacts.email })
        .from(contacts)
        .where(eq(contacts.uuid, input.user_id));
      if (!contact) {
        throw validationError({ user_id: [MESSAGES.unknownReference] });
      }
      if (!contact.email) {
        throw validationError({ user_id: [MESSAGES.contactWithoutEmail] });
      }
      email = contact.email.toLowerCase();
      contactId = contact.id;
    }
    if (!email) {
      throw validationError({ email: [MESSAGES.required] });
    }
    const pendingFor = () =>
      tx
        .select({ id: customerInvites.id, contactId: customerInvites.contactId })
        .from(customerInvites)
        .where(
          and(
            eq(customerInvites.email, email),
            eq(customerInvites.customerId, customer.id),
            eq(customerInvites.status, 'pending'),
          ),
        )
        .for('update');
    let [existing] = await pendingFor();
    if (!existing) {
      const token = generateToken();
      // The partial unique index (one pending invite per e-mail and client) settles a race between two creates.
      const [created] = await tx
        .insert(customerInvites)
        .values({
          email,
          customerId: customer.id,
          contactId,
          inclusions,
          tokenHash: hashToken(token),
          invitedById: actor.userId,
        })
        .onConflictDoNothing()
        .returning({ id: customerInvites.id });
      if (created) {
        const sent = { customerId: customer.id, inviteId: created.id, inclusions, actorId: actor.userId };
        const links = await inviteSent(tx, sent, emit);
        const mail = { to: email, token, businessName: customer.businessName, inclusions, links };
        return { inviteId: created.id, mail };
      }
      [existing] = await pendingFor();
      if (!existing) {
        throw new Error('invite neither created nor found');
      }
    }
    const token = await reissue(tx, existing.id, {
      inclusions,
      contactId: contactId ?? existing.contactId,
      invitedById: actor.userId,
    });
    const links = await inviteSent(
      tx,
      { customerId: customer.id, inviteId: existing.id, inclusions, actorId: actor.userId },
      emit,
    );
    return {
      inviteId: existing.id,
      mail: { to: email, token, businessName: customer.businessName, inclusions, links },
    };
  });
  ctx.events.publish(announced);
  await mailInvite(ctx, mail);
  return requireInvite(ctx.db, inviteId);
}

async function requireInvite(db: Executor, id: number) {
  const invite = await findInvite(db, { id });
  if (!invite) {
    throw notFound();
  }
  return invite;
}

async function lockInvite(tx: Tx, uuid: string) {
  const [invite] = await tx
    .select({
      id: customerInvites.id,
      email: customerInvites.email,
      status: customerInvites.status,
      inclusions: customerInvites.inclusions,
      customerId: customerInvites.customerId,
      businessName: customers.businessName,
    })
    .from(customerInvites)
    .innerJoin(customers, eq(customers.id, customerInvites.customerId))
    .where(eq(customerInvites.uuid, uuid))
    .for('update', { of: customerInvites });
  if (!invite) {
    throw notFound();
  }
  if (invite.status !== 'pending') {
    throw invalidInvite('status');
  }
  return invite;
}

/** POST customer-invite/{uuid}/resend: only a pending invite; a new link replaces the old one. */
export async function resendInvite(ctx: AppContext, uuid: string, actorId: number | null = null): Promise<void> {
  const announced: DomainEvent[] = [];
  const emit: Emit = (event) => announced.push(event);
  const mail = await ctx.db.transaction(async (tx) => {
    const invite = await lockInvite(tx, uuid);
    const token = await reissue(tx, invite.id);
    const sent = { customerId: invite.customerId, inviteId: invite.id, inclusions: invite.inclusions, actorId };
    const links = await inviteSent(tx, sent, emit);
    return { to: invite.email, token, businessName: invite.businessName, inclusions: invite.inclusions, links };
  });
  ctx.events.publish(announced);
  await mailInvite(ctx, mail);
}

/** PUT customer-invite/{uuid} {status: cancelled}: only a pending invite; its link dies with it. */
export async function cancelInvite(ctx: AppContext, uuid: string) {
  const id = await ctx.db.transaction(async (tx) => {
    const invite = await lockInvite(tx, uuid);
    await tx
      .update(customerInvites)
      .set({ status: 'cancelled', cancelledAt: new Date(), updatedAt: new Date() })
      .where(eq(customerInvites.id, invite.id));
    return invite.id;
  });
  return requireInvite(ctx.db, id);
}

/** The pending invite behind a link token, locked for the caller's transaction; anything else is invalid. */
export async function lockInviteByToken(tx: Tx, token: string, field = 'token') {
  const [invite] = await tx
    .select({ id: customerInvites.id, email: customerInvites.email, customerId: customerInvites.customerId })
    .from(customerInvites)
    .where(and(eq(customerInvites.tokenHash, hashToken(token)), eq(customerInvites.status, 'pending')))
    .for('update');
  if (!invite) {
    throw invalidInvite(field);
  }
  return invite;
}

/** Attaches the contact to the inviting client and closes the invite: it can never be used again. */
export async function acceptInvite(
  tx: Tx,
  invite: { id: number; customerId: number },
  person: { contactId: number; userId: number },
): Promise<void> {
  await tx
    .insert(contactCustomers)
    .values({ contactId: person.contactId, customerId: invite.customerId })
    .onConflictDoNothing();
  await tx
    .update(customerInvites)
    .set({
      status: 'accepted',
      acceptedAt: new Date(),
      acceptedUserId: person.userId,
      contactId: person.contactId,
      updatedAt: new Date(),
    })
    .where(eq(customerInvites.id, invite.id));
}

/** What the register and sign-in pages show for a link, before anyone signs in. */
export async function previewInvite(ctx: AppContext, token: string) {
  const [row] = await ctx.db
    .select({
      email: customerInvites.email,
      status: customerInvites.status,
      customerUuid: customers.uuid,
      businessName: customers.businessName,
    })
    .from(customerInvites)
    .innerJoin(customers, eq(customers.id, customerInvites.customerId))
    .where(eq(customerInvites.tokenHash, hashToken(token)));
  if (row?.status !== 'pending') {
    throw invalidInvite();
  }
  return {
    email: row.email,
    status: row.status as InviteStatus,
    customer: { uuid: row.customerUuid, business_name: row.businessName },
  };
}

/**
 * POST customer-invite/accept: someone who already has an account followed the link and signed in. The invite is
 * for one address, so only the account with that e-mail may take it.
 */
export async function acceptInviteAsUser(ctx: AppContext, principal: Principal, token: string) {
  const preview = await ctx.db.transaction(async (tx) => {
    const invite = await lockInviteByToken(tx, token);
    if (invite.email !== principal.email) {
      throw validationError({ token: [MESSAGES.inviteEmailMismatch] });
    }
    const [contact] = await tx.select({ id: contacts.id }).from(contacts).where(eq(contacts.userId, principal.userId));
    if (!contact) {
      throw notFound();
    }
    await acceptInvite(tx, invite, { contactId: contact.id, userId: principal.userId });
    const [customer] = await tx
      .select({ uuid: customers.uuid, businessName: customers.businessName })
      .from(customers)
      .where(eq(customers.id, invite.customerId));
    return {
      email: invite.email,
      status: 'accepted' as const,
      customer: { uuid: customer?.uuid ?? '', business_name: customer?.businessName ?? '' },
    };
  });
  return preview;
}
