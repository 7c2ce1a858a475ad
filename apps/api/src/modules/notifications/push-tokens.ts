import { and, desc, eq, inArray, ne } from 'drizzle-orm';
import type { AppContext } from '../../context';
import type { DbExecutor } from '../../db/client';
import { pushTokens } from '../../db/schema';
import { validationError } from '../../http/errors';
import { isAllowedPushToken, PUSH_ENDPOINT_MESSAGE } from './push-endpoint';

type Ctx = Pick<AppContext, 'db' | 'sessions' | 'resolveHost'>;

/**
 * A person keeps at most this many subscriptions (browsers and devices); registering one more drops the oldest,
 * which is almost always a browser that was reinstalled or cleared without logging out. Refusing instead would
 * lock people out of push on their newest device.
 */
export const MAX_PUSH_TOKENS_PER_USER = 10;

async function assertAllowedEndpoint(ctx: Ctx, token: string): Promise<void> {
  if (!(await isAllowedPushToken(token, ctx.resolveHost))) {
    throw validationError({ token: [PUSH_ENDPOINT_MESSAGE] });
  }
}

/** Drops the user's oldest tokens beyond the cap. */
async function capTokens(tx: DbExecutor, userId: number): Promise<void> {
  const extra = await tx
    .select({ id: pushTokens.id })
    .from(pushTokens)
    .where(eq(pushTokens.userId, userId))
    .orderBy(desc(pushTokens.createdAt), desc(pushTokens.id))
    .offset(MAX_PUSH_TOKENS_PER_USER);
  if (extra.length > 0) {
    await tx.delete(pushTokens).where(
      inArray(
        pushTokens.id,
        extra.map((row) => row.id),
      ),
    );
  }
}

/**
 * Registers a browser's push subscription for the caller (idempotent). A subscription belongs to one browser: if
 * another account registered it (someone else signed in there before without logging out), it moves to the caller
 * so their notifications never reach that other person.
 */
export async function registerPushToken(ctx: Ctx, userId: number, token: string): Promise<void> {
  await assertAllowedEndpoint(ctx, token);
  await ctx.db.transaction(async (tx) => {
    const others = await tx
      .delete(pushTokens)
      .where(and(eq(pushTokens.token, token), ne(pushTokens.userId, userId)))
      .returning({ userId: pushTokens.userId });
    await tx.insert(pushTokens).values({ userId, token }).onConflictDoNothing();
    await capTokens(tx, userId);
    // GET /user lists the push tokens and is cached with the session.
    for (const id of new Set([userId, ...others.map((o) => o.userId)])) {
      await ctx.sessions.invalidateUser(id, tx);
    }
  });
}

/** Renews a subscription the browser replaced: the old token goes, the new one is registered. */
export async function renewPushToken(ctx: Ctx, userId: number, oldToken: string, token: string): Promise<void> {
  await assertAllowedEndpoint(ctx, token);
  await ctx.db.transaction(async (tx) => {
    await tx.delete(pushTokens).where(and(eq(pushTokens.userId, userId), eq(pushTokens.token, oldToken)));
    await tx.delete(pushTokens).where(and(eq(pushTokens.token, token), ne(pushTokens.userId, userId)));
    await tx.insert(pushTokens).values({ userId, token }).onConflictDoNothing();
    await capTokens(tx, userId);
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
