import { and, eq, ne } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { pushTokens } from '../../db/schema';

type Ctx = Pick<AppContext, 'db' | 'sessions'>;

/**
 * Registers a browser's push subscription for the caller (idempotent). A subscription belongs to one browser: if
 * another account registered it (someone else signed in there before without logging out), it moves to the caller
 * so their notifications never reach that other person.
 */
export async function registerPushToken(ctx: Ctx, userId: number, token: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const others = await tx
      .delete(pushTokens)
      .where(and(eq(pushTokens.token, token), ne(pushTokens.userId, userId)))
      .returning({ userId: pushTokens.userId });
    await tx.insert(pushTokens).values({ userId, token }).onConflictDoNothing();
    // GET /user lists the push tokens and is cached with the session.
    for (const id of new Set([userId, ...others.map((o) => o.userId)])) {
      await ctx.sessions.invalidateUser(id, tx);
    }
  });
}

/** Renews a subscription the browser replaced: the old token goes, the new one is registered. */
export async function renewPushToken(ctx: Ctx, userId: number, oldToken: string, token: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    await tx.delete(pushTokens).where(and(eq(pushTokens.userId, userId), eq(pushTokens.token, oldToken)));
    await tx.delete(pushTokens).where(and(eq(pushTokens.token, token), ne(pushTokens.userId, userId)));
    await tx.insert(pushTokens).values({ userId, token }).onConflictDoNothing();
    await ctx.sessions.invalidateUser(userId, tx);
  });
}

/** Removes the caller's token (at logout); removing one that is not there is not an error. */
export async function deletePushToken(ctx: Ctx, userId: number, token: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    await tx.delete(pushTokens).where(and(eq(pushTokens.userId, userId), eq(pushTokens.token, token)));
    await ctx.sessions.invalidateUser(userId, tx);
  });
}
