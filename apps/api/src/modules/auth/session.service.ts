import type { UserType } from '@portal/domain';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { AppConfig } from '../../config';
import type { Database } from '../../db/client';
import { authTokens } from '../../db/schema';
import { permissionNamesOf } from '../../db/user-permissions';
import type { Principal } from '../../http/access';
import { enrolmentRequiredSql } from '../mfa/required-roles';
import { AUTH_CACHE_CHANNEL, PrincipalCache } from './principal-cache';
import { generateToken, hashToken } from './tokens';

type Executor = Pick<Database, 'update' | 'execute'>;

/** last_used_at is written at most this often, so reads do not turn into writes on every call. */
const TOUCH_INTERVAL_MS = 60_000;

type PrincipalRow = {
  user_id: number;
  uuid: string;
  email: string;
  contact_uuid: string;
  type: UserType;
  permissions: string[];
  last_used_at: Date;
  expires_at: Date;
  mfa_enrolment_required: boolean;
};

export class SessionService {
  constructor(
    private readonly db: Database,
    private readonly config: Pick<AppConfig, 'auth' | 'superUserEmails'>,
    readonly cache: PrincipalCache = new PrincipalCache(),
  ) {}

  async issue(userId: number, meta: { userAgent?: string; ip?: string } = {}): Promise<string> {
    const token = generateToken();
    await this.db.insert(authTokens).values({
      userId,
      tokenHash: hashToken(token),
      expiresAt: new Date(Date.now() + this.config.auth.lifetimeMinutes * 60_000),
      userAgent: meta.userAgent?.slice(0, 500) ?? null,
      ip: meta.ip ?? null,
    });
    return token;
  }

  /** A token is valid while not revoked, within its absolute lifetime and used within the idle window. */
  async resolve(token: string): Promise<Principal | null> {
    if (token.length > 200) {
      return null;
    }
    const tokenHash = hashToken(token);
    const now = Date.now();
    const idleMs = this.config.auth.idleMinutes * 60_000;
    const cached = this.cache.get(tokenHash);
    // A cached entry that looks expired is re-read: another instance may have used the token since.
    if (cached && now < cached.tokenExpiresAt && now - cached.lastUsedAt <= idleMs) {
      if (now - cached.lastUsedAt > TOUCH_INTERVAL_MS) {
        await this.touch(tokenHash);
        cached.lastUsedAt = now;
      }
      return cached.principal;
    }
    const row = await this.findValid(tokenHash);
    if (!row) {
      this.cache.dropToken(tokenHash);
      return null;
    }
    let lastUsedAt = new Date(row.last_used_at).getTime();
    if (now - lastUsedAt > TOUCH_INTERVAL_MS) {
      await this.touch(tokenHash);
      lastUsedAt = now;
    }
    const principal: Principal = {
      userId: row.user_id,
      tokenHash,
      uuid: row.uuid,
      email: row.email,
      contactUuid: row.contact_uuid,
      type: row.type,
      permissions: new Set(row.permissions),
      isSuperUser: this.config.superUserEmails.includes(row.email),
      mfaEnrolmentRequired: row.mfa_enrolment_required,
    };
    this.cache.set(tokenHash, { principal, tokenExpiresAt: new Date(row.expires_at).getTime(), lastUsedAt });
    return principal;
  }

  private async findValid(tokenHash: string): Promise<PrincipalRow | undefined> {
    const result = await this.db.execute<PrincipalRow>(sql`
      select u.id as user_id, u.uuid, u.email, c.uuid as contact_uuid, c.type, t.last_used_at, t.expires_at,
        ${permissionNamesOf(sql`u.id`)} as permissions,
        ${enrolmentRequiredSql(sql`u.id`)} as mfa_enrolment_required
      from auth_tokens t
      join users u on u.id = t.user_id
      join contacts c on c.user_id = u.id
      where t.token_hash = ${tokenHash}
        and t.revoked_at is null
        and t.expires_at > now()
        and t.last_used_at > now() - make_interval(mins => ${this.config.auth.idleMinutes})
        and u.status = 'active'
        and c.status = 'active'
    `);
    return result.rows[0];
  }

  private async touch(tokenHash: string): Promise<void> {
    await this.db.update(authTokens).set({ lastUsedAt: new Date() }).where(eq(authTokens.tokenHash, tokenHash));
  }

  /**
   * Drops cached sessions here and, through PostgreSQL NOTIFY, on every other instance. Given a transaction,
   * the notification is delivered only if it commits.
   */
  async invalidate(message: `token:${string}` | `user:${number}` | 'all', executor: Executor = this.db) {
    this.cache.apply(message);
    await executor.execute(sql`select pg_notify(${AUTH_CACHE_CHANNEL}, ${message})`);
  }

  /** For modules that change a user's profile, status, roles or permissions. */
  invalidateUser(userId: number, executor: Executor = this.db) {
    return this.invalidate(`user:${userId}`, executor);
  }

  async revoke(tokenHash: string): Promise<void> {
    await this.db
      .update(authTokens)
      .set({ revokedAt: new Date() })
      .where(and(eq(authTokens.tokenHash, tokenHash), isNull(authTokens.revokedAt)));
    await this.invalidate(`token:${tokenHash}`);
  }

  /** Takes the caller's transaction when given, so a password change and the sign-out commit together. */
  async revokeAllForUser(userId: number, executor: Executor = this.db): Promise<void> {
    await executor
      .update(authTokens)
      .set({ revokedAt: new Date() })
      .where(and(eq(authTokens.userId, userId), isNull(authTokens.revokedAt)));
    await this.invalidateUser(userId, executor);
  }
}
