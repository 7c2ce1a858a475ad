import {
  API_TOKEN_PREFIX,
  type ApiToken,
  type ApiTokenCreated,
  type ApiTokenInput,
  type UserType,
} from '@portal/domain';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { apiTokens } from '../../db/schema';
import { permissionNamesOf } from '../../db/user-permissions';
import type { Principal } from '../../http/access';
import { notFound } from '../../http/errors';
import { generateToken, hashToken } from '../auth/tokens';
import { enrolmentRequiredSql } from '../mfa/required-roles';

/** last_used_at is written at most this often per token, so a busy script does not turn every read into a write. */
const TOUCH_INTERVAL_MS = 60_000;

/** Without this permission a person's tokens stop working, as they could not create them any more. */
const CREATE_PERMISSION = 'API_TOKENS_CREATE';

export function isApiToken(token: string): boolean {
  return token.startsWith(API_TOKEN_PREFIX);
}

function present(row: typeof apiTokens.$inferSelect): ApiToken {
  return {
    uuid: row.uuid,
    name: row.name,
    scope: row.scope,
    created_at: row.createdAt.toISOString(),
    expires_at: row.expiresAt.toISOString(),
    last_used_at: row.lastUsedAt?.toISOString() ?? null,
  };
}

/** One's own tokens that were not revoked, newest first; expired ones stay listed until revoked. */
export async function listApiTokens(ctx: AppContext, userId: number): Promise<ApiToken[]> {
  const rows = await ctx.db
    .select()
    .from(apiTokens)
    .where(and(eq(apiTokens.userId, userId), isNull(apiTokens.revokedAt)))
    .orderBy(desc(apiTokens.createdAt), desc(apiTokens.id));
  return rows.map(present);
}

export async function createApiToken(ctx: AppContext, userId: number, input: ApiTokenInput): Promise<ApiTokenCreated> {
  const token = `${API_TOKEN_PREFIX}${generateToken()}`;
  const [row] = await ctx.db
    .insert(apiTokens)
    .values({
      userId,
      name: input.name,
      scope: input.scope,
      tokenHash: hashToken(token),
      expiresAt: new Date(input.expires_at),
    })
    .returning();
  if (!row) {
    throw new Error('api token not created');
  }
  return { ...present(row), token };
}

/** Revokes one of one's own tokens (answers its name); another person's token answers 404, as if it did not exist. */
export async function revokeApiToken(ctx: AppContext, userId: number, uuid: string): Promise<string> {
  const [row] = await ctx.db
    .update(apiTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(apiTokens.uuid, uuid), eq(apiTokens.userId, userId), isNull(apiTokens.revokedAt)))
    .returning({ tokenHash: apiTokens.tokenHash, name: apiTokens.name });
  if (!row) {
    throw notFound();
  }
  // Every instance drops the cached principal now, not when its cache entry would have aged out.
  await ctx.sessions.invalidate(`token:${row.tokenHash}`);
  return row.name;
}

type TokenRow = {
  token_id: number;
  scope: 'read' | 'write';
  user_id: number;
  uuid: string;
  email: string;
  contact_uuid: string;
  type: UserType;
  permissions: string[];
  last_used_at: Date | null;
  expires_at: Date;
  mfa_enrolment_required: boolean;
};

/**
 * The principal of a personal API token: its owner as they are now (roles read live, so a role change narrows
 * the token at once), marked with the token's scope for the access control (http/access.ts). Cached beside the
 * sessions, so the same invalidations (user changes, revocation) reach it on every instance.
 */
export async function resolveApiToken(ctx: AppContext, token: string): Promise<Principal | null> {
  if (token.length > 200 || !isApiToken(token)) {
    return null;
  }
  const tokenHash = hashToken(token);
  const now = Date.now();
  const cached = ctx.sessions.cache.get(tokenHash);
  if (cached?.principal.apiToken && now < cached.tokenExpiresAt) {
    if (now - cached.lastUsedAt > TOUCH_INTERVAL_MS) {
      cached.lastUsedAt = now;
      await touch(ctx, cached.principal.apiToken.id);
    }
    return cached.principal;
  }
  const result = await ctx.db.execute<TokenRow>(sql`
    select t.id as token_id, t.scope, t.last_used_at, t.expires_at,
      u.id as user_id, u.uuid, u.email, c.uuid as contact_uuid, c.type,
      ${permissionNamesOf(sql`u.id`)} as permissions,
      ${enrolmentRequiredSql(sql`u.id`)} as mfa_enrolment_required
    from api_tokens t
    join users u on u.id = t.user_id
    join contacts c on c.user_id = u.id
    where t.token_hash = ${tokenHash}
      and t.revoked_at is null
      and t.expires_at > now()
      and u.status = 'active'
      and c.status = 'active'
      and c.type in ('regular_user', 'freelancer')
  `);
  const row = result.rows[0];
  if (!row?.permissions.includes(CREATE_PERMISSION)) {
    ctx.sessions.cache.dropToken(tokenHash);
    return null;
  }
  let lastUsedAt = row.last_used_at ? new Date(row.last_used_at).getTime() : 0;
  if (now - lastUsedAt > TOUCH_INTERVAL_MS) {
    lastUsedAt = now;
    await touch(ctx, row.token_id);
  }
  const principal: Principal = {
    userId: row.user_id,
    tokenHash,
    uuid: row.uuid,
    email: row.email,
    contactUuid: row.contact_uuid,
    type: row.type,
    permissions: new Set(row.permissions),
    isSuperUser: ctx.config.superUserEmails.includes(row.email),
    // A person held to enrolling a second factor is held with their tokens too (modules/mfa).
    mfaEnrolmentRequired: row.mfa_enrolment_required,
    apiToken: { id: row.token_id, scope: row.scope },
  };
  ctx.sessions.cache.set(tokenHash, { principal, tokenExpiresAt: new Date(row.expires_at).getTime(), lastUsedAt });
  return principal;
}

async function touch(ctx: AppContext, tokenId: number): Promise<void> {
  await ctx.db.update(apiTokens).set({ lastUsedAt: new Date() }).where(eq(apiTokens.id, tokenId));
}

/** Counts one call of the token in its window; past the limit the call answers 429 with Retry-After. */
export async function limitApiToken(ctx: AppContext, principal: Principal): Promise<void> {
  if (principal.apiToken) {
    await ctx.limiter.hit([{ key: `api-token:${principal.apiToken.id}`, rule: ctx.rateLimits.apiTokenCalls }]);
  }
}
