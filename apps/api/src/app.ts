import path from 'node:path';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { MESSAGES, trustOwnOrigins } from '@portal/domain';
import { sql } from 'drizzle-orm';
import Fastify, { type FastifyServerOptions } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { type AppConfig, REPO_ROOT } from './config';
import type { AppContext } from './context';
import type { Database } from './db/client';
import { MIGRATIONS_DIR } from './db/migrate';
import { DomainEvents } from './events/domain-events';
import { ListCacheRelay } from './events/list-cache-relay';
import { registerAccessControl } from './http/access';
import { registerCompression } from './http/compression';
import { registerErrorHandling } from './http/errors';
import { registerJsonBodyParser } from './http/json-body';
import { parseQueryString } from './http/query-string';
import { registerSecurityHeaders } from './http/security-headers';
import { registerVersionCheck } from './http/version-check';
import { registerWebApp } from './http/web-app';
import { registerRealtime } from './live';
import { broadcastingRoutes } from './live/broadcasting.routes';
import { administrationRoutes } from './modules/administration';
import { advertisingRoutes } from './modules/advertising';
import { aiRoutes } from './modules/ai/ai.routes';
import { apiTokenRoutes, isApiToken, limitApiToken, resolveApiToken } from './modules/api-tokens';
import { authRoutes } from './modules/auth/auth.routes';
import { type AuthRateLimits, DEFAULT_AUTH_RATE_LIMITS, RateLimiter } from './modules/auth/rate-limiter';
import { SessionService } from './modules/auth/session.service';
import { ssoRoutes } from './modules/auth/sso/sso.routes';
import { billingRoutes } from './modules/billing';
import { calendarRoutes } from './modules/calendar';
import { commentRoutes } from './modules/comments/comments.routes';
import { mentionRoutes } from './modules/comments/mentions.routes';
import { contactRoutes } from './modules/contacts/contacts.routes';
import { contentRoutes } from './modules/content';
import { creditRoutes } from './modules/credits/credits.routes';
import { customerRoutes } from './modules/customers/customers.routes';
import { dashboardRoutes } from './modules/dashboard/dashboard.routes';
import { discountsRoutes } from './modules/discounts';
import { formRoutes } from './modules/forms';
import { googleRoutes } from './modules/google';
import { groupRoutes } from './modules/groups/groups.routes';
import { integrationRoutes } from './modules/integrations';
import { inviteRoutes } from './modules/invites/invites.routes';
import { logRoutes } from './modules/logs/logs.routes';
import { Mailer } from './modules/mail/mailer';
import { DirectoryPickup, type MailPickup } from './modules/mail/pickup';
import { mfaRoutes, passkeyRoutes } from './modules/mfa';
import { notificationRoutes } from './modules/notifications/notifications.routes';
import { type ResolveHost, resolveWithDns } from './modules/notifications/push-endpoint';
import { onboardingRoutes } from './modules/onboarding';
import { ordersRoutes } from './modules/orders';
import { personCardRoutes } from './modules/people/person-card.routes';
import { planRoutes } from './modules/plans/plans.routes';
import { postRoutes } from './modules/posts';
import { productTypeRoutes } from './modules/product-types/product-types.routes';
import { reportRoutes } from './modules/reports/reports.routes';
import { requestRelationRoutes } from './modules/requests/request-relations.routes';
import { requestTypeRoutes } from './modules/requests/request-types.routes';
import { requestRoutes } from './modules/requests/requests.routes';
import { roleRoutes } from './modules/roles/roles.routes';
import { globalSearchRoutes } from './modules/search/global-search.routes';
import { sessionRoutes } from './modules/sessions';
import { systemRoutes } from './modules/system/system.routes';
import { tableRoutes } from './modules/tables/tables.routes';
import { assigneeRoutes } from './modules/tasks/assignees.routes';
import { taskRoutes } from './modules/tasks/tasks.routes';
import { timeLogRoutes } from './modules/time-logs/time-logs.routes';
import { createStorage } from './modules/uploads/storage';
import { uploadRoutes } from './modules/uploads/uploads.routes';
import { userRoutes } from './modules/users/users.routes';
import { webhookRoutes } from './modules/webhooks';
import { createAppMetrics, Drain, OneLinePerRequest, readinessChecks, registerRequestLog, traceRequests } from './ops';
import { createOutboundClient } from './outbound/http-client';
import { SecretBox } from './secret-box';

export type BuildAppOptions = {
  config: AppConfig;
  db: Database;
  logger?: FastifyServerOptions['logger'];
  rateLimits?: AuthRateLimits;
  webDistDir?: string;
  /** DNS lookups of outbound hosts (push endpoints); the system resolver unless given (tests). */
  resolveHost?: ResolveHost;
  /** Where messages go without SMTP: MAIL_PICKUP_DIR unless given (tests: memory). */
  mailPickup?: MailPickup;
};

/** API modules, each mounted under /api. Adding a module = one line here (docs/ARCHITECTURE.md). */
const API_MODULES = [
  systemRoutes,
  authRoutes,
  ssoRoutes,
  sessionRoutes,
  globalSearchRoutes,
  logRoutes,
  aiRoutes,
  dashboardRoutes,
  customerRoutes,
  planRoutes,
  creditRoutes,
  reportRoutes,
  productTypeRoutes,
  contactRoutes,
  inviteRoutes,
  roleRoutes,
  groupRoutes,
  userRoutes,
  personCardRoutes,
  timeLogRoutes,
  taskRoutes,
  assigneeRoutes,
  requestRoutes,
  requestTypeRoutes,
  requestRelationRoutes,
  notificationRoutes,
  commentRoutes,
  mentionRoutes,
  broadcastingRoutes,
  uploadRoutes,
  tableRoutes,
  formRoutes,
  ordersRoutes,
  contentRoutes,
  postRoutes,
  discountsRoutes,
  onboardingRoutes,
  apiTokenRoutes,
  mfaRoutes,
  passkeyRoutes,
  webhookRoutes,
  integrationRoutes,
  googleRoutes,
  billingRoutes,
  administrationRoutes,
  calendarRoutes,
  advertisingRoutes,
];

export async function buildApp(options: BuildAppOptions) {
  const { config, db } = options;
  const app = Fastify({
    logger: options.logger ?? { level: config.logLevel },
    bodyLimit: config.bodyLimit,
    // Only the configured proxies may say who the client is (X-Forwarded-For); false = the socket's peer address.
    trustProxy: config.trustProxy.length > 0 ? config.trustProxy : false,
    // A proxy's x-request-id is kept (the id then runs from the proxy's log to ours and into jobs); one that is not a
    // short plain token is replaced, so a client cannot write into our log lines through it.
    requestIdHeader: false,
    genReqId: (request) => requestIdOf(request.headers['x-request-id']),
    // One line per request instead of Fastify's two (ops/request-log.ts).
    logController: new OneLinePerRequest(),
    // maxParamLength: a push token in the path is a PushSubscription's JSON (hundreds of characters).
    routerOptions: { querystringParser: parseQueryString, ignoreTrailingSlash: true, maxParamLength: 5000 },
    ajv: undefined,
  });
  // Absolute image URLs in stored rich text count as our uploads only on our own public origin.
  trustOwnOrigins(config.appUrl);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const ctx: AppContext = {
    config,
    db,
    sessions: new SessionService(db, config),
    mailer: new Mailer(db, app.log, {
      smtpUrl: config.smtpUrl,
      from: config.mailFrom,
      pickup: options.mailPickup ?? (config.mailPickupDir ? new DirectoryPickup(config.mailPickupDir) : undefined),
    }),
    limiter: new RateLimiter(db),
    rateLimits: options.rateLimits ?? DEFAULT_AUTH_RATE_LIMITS,
    events: new DomainEvents(app.log),
    storage: await createStorage(config),
    resolveHost: options.resolveHost ?? resolveWithDns,
    secrets: new SecretBox({ appKey: config.appKey, dataDir: config.dataDir }),
    outbound: createOutboundClient({ allowHosts: config.outboundAllowHosts, allowHttp: config.env !== 'production' }),
  };
  app.decorate('ctx', ctx);
  await ctx.sessions.cache.listen(db.$client);
  app.addHook('onClose', () => ctx.sessions.cache.close());
  app.addHook('onClose', () => ctx.outbound.close());
  if (config.outboundAllowHosts.length > 0) {
    app.log.warn({ hosts: config.outboundAllowHosts }, 'OUTBOUND_ALLOW_HOSTS is set: tests only');
  }
  const listCaches = new ListCacheRelay(db, app.log);
  await listCaches.start(ctx.events);
  app.addHook('onClose', () => listCaches.close());
  // Live channels and the collaborative editor share the app's HTTP server (live/index.ts).
  app.decorate('realtime', await registerRealtime(app, ctx));
  const metrics = createAppMetrics({
    pool: db.$client,
    live: app.realtime.live.counts,
    documents: app.realtime.collab.documentsOpen,
    jobs: () => jobCounts(db),
  });
  registerRequestLog(app, metrics);
  traceRequests(app);
  const drain = new Drain();
  const ready = readinessChecks({
    db,
    migrationsDir: MIGRATIONS_DIR,
    draining: () => drain.draining,
    redis: app.realtime.live.redisReachable,
  });
  app.decorate('ops', { drain, metrics, ready });

  registerSecurityHeaders(app, { appUrl: config.appUrl, storageOrigin: await ctx.storage.browserOrigin() });
  await registerCompression(app);
  registerErrorHandling(app);
  registerJsonBodyParser(app);
  registerVersionCheck(app, config.version);
  const accessMap = registerAccessControl(app, {
    // A personal API token (ptk_…) is told apart by its prefix; everything else is a sign-in session.
    resolvePrincipal: (token) => (isApiToken(token) ? resolveApiToken(ctx, token) : ctx.sessions.resolve(token)),
    limitApiToken: (principal) => limitApiToken(ctx, principal),
    maintenance: config.maintenance,
    maintenanceBypassEmails: config.maintenanceBypassEmails,
  });
  app.decorate('accessMap', accessMap);

  await app.register(swagger, {
    openapi: {
      info: { title: 'Agency Portal API', version: config.version },
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', description: 'The session token that POST /api/login answers.' },
          // Personal API tokens (docs/API.md): the owner's permissions narrowed by scope; never tokens, roles, sign-in.
          apiToken: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'ptk_…',
            description:
              'A personal API token (ptk_…) created on your profile. It acts as you with your permissions: a read ' +
              'token may call GET only, a write token every method. Calls that manage API tokens, roles or ' +
              'sign-in settings answer 403 to a token. Each token may make 600 calls a minute; past that the ' +
              'answer is 429 with a Retry-After header (seconds).',
          },
        },
      },
      security: [{ bearer: [] }, { apiToken: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  await app.register(
    async (api) => {
      for (const module of API_MODULES) {
        await api.register(module);
      }
    },
    { prefix: '/api' },
  );

  await registerWebApp(app, options.webDistDir ?? path.join(REPO_ROOT, 'apps/web/dist'));

  app.setNotFoundHandler((_request, reply) =>
    reply.status(404).send({ message: MESSAGES.resourceNotFound, code: 'not_found' }),
  );

  return app;
}

function requestIdOf(given: string | string[] | undefined): string {
  return typeof given === 'string' && /^[\w.:-]{1,128}$/.test(given) ? given : crypto.randomUUID();
}

/** pg-boss's jobs by queue and state; none before its schema exists (jobs not started yet, or never in tests). */
async function jobCounts(db: Database) {
  const result = await db
    .execute<{ queue: string; state: string; count: number }>(
      sql`select name as queue, state::text, count(*)::int as count from pgboss.job
          where state in ('created', 'retry', 'active', 'failed') group by name, state`,
    )
    .catch(() => null);
  return result?.rows ?? [];
}

declare module 'fastify' {
  interface FastifyInstance {
    ops: {
      drain: Drain;
      metrics: ReturnType<typeof createAppMetrics>;
      ready: ReturnType<typeof readinessChecks>;
    };
    accessMap: Map<string, string>;
    realtime: Awaited<ReturnType<typeof registerRealtime>>;
  }
}
