import { type DeviceSession, MESSAGES } from '@portal/domain';
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { authTokens, users } from '../../db/schema';
import type { Principal } from '../../http/access';
import { AppError, notFound } from '../../http/errors';
import { assertMayManage } from '../contacts/may-manage';
import { describeUserAgent, deviceLabel } from './user-agent';

type SessionRow = {
  uuid: string;
  token_hash: string;
  user_agent: string | null;
  ip: string | null;
  created_at: Date | string;
  last_used_at: Date | string;
};

/**
 * A person's live sessions, most recently used first: what `resolve` would still accept (not revoked, within the
 * lifetime and the idle window), so the list never shows a device that is already signed out.
 */
export async function listDeviceSessions(ctx: AppContext, principal: Principal): Promise<DeviceSession[]> {
  const result = await ctx.db.execute<SessionRow>(sql`
    select uuid, token_hash, user_agent, ip, created_at, last_used_at from auth_tokens
    where user_id = ${principal.userId} and revoked_at is null and expires_at > now()
      and last_used_at > now() - make_interval(mins => ${ctx.config.auth.idleMinutes})
    order by last_used_at desc, id desc`);
  return result.rows.map((row) => ({
    uuid: row.uuid,
    ...describeUserAgent(row.user_agent),
    ip: row.ip,
    created_at: new Date(row.created_at).toISOString(),
    last_used_at: new Date(row.last_used_at).toISOString(),
    current: row.token_hash === principal.tokenHash,
  }));
}

/**
 * DELETE sessions/{uuid}: ends one of one's own sessions. The current one is refused (that is logout, which the
 * web does with its own token), and another person's uuid is not found, never theirs to end.
 */
export async function endDeviceSession(ctx: AppContext, principal: Principal, uuid: string): Promise<void> {
  const [row] = await ctx.db
    .select({ tokenHash: authTokens.tokenHash, userAgent: authTokens.userAgent })
    .from(authTokens)
    .where(and(eq(authTokens.uuid, uuid), eq(authTokens.userId, principal.userId), isNull(authTokens.revokedAt)));
  if (!row) {
    throw notFound();
  }
  if (row.tokenHash === principal.tokenHash) {
    throw new AppError(422, MESSAGES.sessionCurrent, { code: 'session_current' });
  }
  // revoke() drops the cached session on every instance (NOTIFY auth_cache); the live server then closes its sockets.
  await ctx.sessions.revoke(row.tokenHash);
  // The trail names the device (its label), not the session's uuid: that is what a reader recognises.
  announce(ctx, principal, 'session_ended', principal.uuid, { name: deviceLabel(row.userAgent) });
}

/** DELETE sessions: ends every session of the person but the one making the call. */
export async function endOtherDeviceSessions(ctx: AppContext, principal: Principal): Promise<number> {
  const ended = await ctx.db.transaction(async (tx) => {
    const rows = await tx
      .update(authTokens)
      .set({ revokedAt: new Date() })
      .where(
        and(
          eq(authTokens.userId, principal.userId),
          isNull(authTokens.revokedAt),
          ne(authTokens.tokenHash, principal.tokenHash),
        ),
      )
      .returning({ tokenHash: authTokens.tokenHash });
    for (const row of rows) {
      await ctx.sessions.invalidate(`token:${row.tokenHash}`, tx);
    }
    return rows.length;
  });
  announce(ctx, principal, 'other_sessions_ended', principal.uuid, { count: ended });
  return ended;
}

/**
 * DELETE users/{uuid}/sessions: an admin signs a person out everywhere (they left, or lost a laptop). Nobody signs
 * out a login holding permissions they lack (a manager cannot lock an admin out).
 */
export async function endPersonSessions(ctx: AppContext, actor: Principal, userUuid: string): Promise<number> {
  const user = await ctx.db.query.users.findFirst({ where: eq(users.uuid, userUuid), columns: { id: true } });
  if (!user) {
    throw notFound();
  }
  await assertMayManage(ctx.db, actor, user.id);
  const ended = await ctx.db.transaction(async (tx) => {
    const rows = await tx
      .update(authTokens)
      .set({ revokedAt: new Date() })
      .where(and(eq(authTokens.userId, user.id), isNull(authTokens.revokedAt)))
      .returning({ id: authTokens.id });
    await ctx.sessions.invalidateUser(user.id, tx);
    return rows.length;
  });
  announce(ctx, actor, 'sessions_ended_by_admin', userUuid, { count: ended });
  return ended;
}

/** The audit trail records who ended which sessions (a sign-in matter, like API tokens). */
function announce(ctx: AppContext, actor: Principal, action: string, id: string, payload: Record<string, unknown>) {
  ctx.events.publish([{ model: 'session', action, id, actorId: actor.userId, userIds: [], payload }]);
}
