import { timingSafeEqual } from 'node:crypto';
import { healthSchema, MESSAGES, publicConfigSchema, readinessSchema } from '@portal/domain';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { access } from '../../http/access';
import { unauthorized } from '../../http/errors';
import { getVapidKeys } from '../notifications/vapid';

const tags = ['system'];

export const systemRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    {
      config: { access: access.public({ duringMaintenance: true }) },
      schema: { tags, response: { 200: healthSchema, 503: healthSchema } },
    },
    async (_request, reply) => {
      const up = await app.ctx.db
        .execute(sql`select 1`)
        .then(() => true)
        .catch(() => false);
      const body = { status: up ? 'ok' : 'degraded', database: up ? 'up' : 'down', version: app.ctx.config.version };
      return reply.status(up ? 200 : 503).send(body as typeof healthSchema._output);
    },
  );

  // What a load balancer routes on (docs/ARCHITECTURE.md, "Running in production"); 503 while draining.
  app.get(
    '/ready',
    {
      config: { access: access.public({ duringMaintenance: true }) },
      schema: { tags, response: { 200: readinessSchema, 503: readinessSchema } },
    },
    async (_request, reply) => {
      const failing = await app.ops.ready();
      return reply.status(failing.length ? 503 : 200).send({ status: failing.length ? 'failing' : 'ok', failing });
    },
  );

  // Prometheus text, only with METRICS_TOKEN set and sent as a bearer; without it the route does not exist (404).
  app.get(
    '/metrics',
    { config: { access: access.public({ duringMaintenance: true }) }, schema: { tags, hide: true } },
    async (request, reply) => {
      const expected = app.ctx.config.metricsToken;
      if (!expected) {
        return reply.status(404).send({ message: MESSAGES.resourceNotFound, code: 'not_found' });
      }
      if (!sameSecret(request.headers.authorization ?? '', `Bearer ${expected}`)) {
        throw unauthorized();
      }
      return reply.type(app.ops.metrics.contentType).send(await app.ops.metrics.text());
    },
  );

  app.get(
    '/config',
    {
      config: { access: access.public({ duringMaintenance: true }) },
      schema: { tags, response: { 200: publicConfigSchema } },
    },
    async () => {
      const { config } = app.ctx;
      return {
        app_name: 'Agency Portal',
        version: config.version,
        build_hash: config.buildHash,
        environment: config.env,
        maintenance: config.maintenance,
        client_dashboard_url: config.links.clientDashboardUrl,
        guides_url: config.links.guidesUrl,
        time_off_url: config.links.timeOffUrl,
        bug_report_url: config.links.bugReportUrl,
        // Null only while the database cannot be read; the web app then simply does not offer push.
        vapid_public_key: await getVapidKeys(app.ctx.db).then(
          (keys) => keys.publicKey,
          () => null,
        ),
        ai_enabled: config.ai !== null,
        sms_enabled: config.sms !== null,
        sso: config.sso ? { label: config.sso.label } : null,
      };
    },
  );
};

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}
