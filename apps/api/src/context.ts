import type { AppConfig } from './config';
import type { Database } from './db/client';
import type { DomainEvents } from './events/domain-events';
import type { AuthRateLimits, RateLimiter } from './modules/auth/rate-limiter';
import type { SessionService } from './modules/auth/session.service';
import type { Mailer } from './modules/mail/mailer';
import type { FileStorage } from './modules/uploads/storage';
import type { OutboundClient } from './outbound/http-client';
import type { ResolveHost } from './outbound/public-https';
import type { SecretBox } from './secret-box';

/** What handlers and commands need from the running app; built once in buildApp. */
export type AppContext = {
  config: AppConfig;
  db: Database;
  sessions: SessionService;
  mailer: Mailer;
  limiter: RateLimiter;
  rateLimits: AuthRateLimits;
  /** Committed writes announce themselves here; consumers subscribe (events/domain-events.ts). */
  events: DomainEvents;
  /** Where files live: the local disk or an S3-compatible bucket (modules/uploads/storage). */
  storage: FileStorage;
  /** DNS for outbound URLs we check before dialling (push endpoints); tests inject a fake. */
  resolveHost: ResolveHost;
  /** Seals stored secrets the server reads back (TOTP secrets) under the application key. */
  secrets: SecretBox;
  /** The guarded HTTP client for URLs someone gave us (webhooks): outbound/http-client.ts. */
  outbound: OutboundClient;
};

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
}
