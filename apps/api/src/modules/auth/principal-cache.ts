import type pg from 'pg';
import { type ChannelListener, listenChannel } from '../../db/listen-channel';
import type { Principal } from '../../http/access';

/** PostgreSQL channel on which every instance hears which cached sessions to drop. */
export const AUTH_CACHE_CHANNEL = 'auth_cache';

type Entry = {
  principal: Principal;
  /** The signed-in user answer, kept until something about the user changes. */
  userBody?: string;
  tokenExpiresAt: number;
  lastUsedAt: number;
  cachedAt: number;
};

/**
 * Resolving a token takes a database round trip; most calls of a session come seconds apart, so the result is
 * kept here. Correctness does not rest on the TTL: every write that changes what a token may do (logout,
 * password reset, deactivation, role or permission edits) calls invalidate*, which also NOTIFYs the other instances
 * through PostgreSQL. The TTL only bounds how long a missed invalidation could matter.
 */
export class PrincipalCache {
  private readonly byToken = new Map<string, Entry>();
  private listener: ChannelListener | null = null;
  private readonly invalidationListeners = new Set<(message: string) => void>();

  constructor(
    private readonly options: { ttlMs: number; maxEntries: number; now?: () => number } = {
      ttlMs: 60_000,
      maxEntries: 50_000,
    },
  ) {}

  private now(): number {
    return this.options.now?.() ?? Date.now();
  }

  get(tokenHash: string): Entry | undefined {
    const entry = this.byToken.get(tokenHash);
    if (entry && this.now() - entry.cachedAt > this.options.ttlMs) {
      this.byToken.delete(tokenHash);
      return undefined;
    }
    return entry;
  }

  set(tokenHash: string, entry: Omit<Entry, 'cachedAt'>): void {
    if (this.byToken.size >= this.options.maxEntries) {
      // Maps iterate in insertion order: dropping the first key drops the oldest entry.
      const oldest = this.byToken.keys().next().value;
      if (oldest !== undefined) {
        this.byToken.delete(oldest);
      }
    }
    this.byToken.set(tokenHash, { ...entry, cachedAt: this.now() });
  }

  dropToken(tokenHash: string): void {
    this.byToken.delete(tokenHash);
  }

  dropUser(userId: number): void {
    for (const [hash, entry] of this.byToken) {
      if (entry.principal.userId === userId) {
        this.byToken.delete(hash);
      }
    }
  }

  dropAll(): void {
    this.byToken.clear();
  }

  /** Applies an invalidation message: 'token:<hash>', 'user:<id>' or 'all'. */
  apply(message: string): void {
    const [kind, value] = message.split(':');
    if (kind === 'token' && value) {
      this.dropToken(value);
    } else if (kind === 'user' && value) {
      this.dropUser(Number(value));
    } else {
      this.dropAll();
    }
    for (const listener of this.invalidationListeners) {
      listener(message);
    }
  }

  /** Others that hold sessions (open sockets, live/live-server.ts) re-check them when they are invalidated. */
  onInvalidate(listener: (message: string) => void): () => void {
    this.invalidationListeners.add(listener);
    return () => this.invalidationListeners.delete(listener);
  }

  /**
   * Listens for invalidations from other instances on a dedicated connection. While the channel is lost the cache
   * is not trusted (invalidations may be missed); once listening again it starts empty and is trusted again.
   */
  async listen(pool: pg.Pool): Promise<void> {
    const ttlMs = this.options.ttlMs;
    this.listener = await listenChannel(pool, AUTH_CACHE_CHANNEL, {
      onMessage: (payload) => this.apply(payload || 'all'),
      onLost: () => {
        this.dropAll();
        this.options.ttlMs = 0;
      },
      onRestored: () => {
        // As if every session had been invalidated: open sockets re-check theirs too.
        this.apply('all');
        this.options.ttlMs = ttlMs;
      },
    });
  }

  async close(): Promise<void> {
    await this.listener?.close();
    this.listener = null;
  }
}
