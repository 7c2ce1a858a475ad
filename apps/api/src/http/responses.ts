import { errorBodySchema } from '@portal/domain';
import type { FastifyReply } from 'fastify';

/** Error answers every route may give; listed in each route's schema so the OpenAPI document shows them. */
export const errorResponses = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
  413: errorBodySchema,
  422: errorBodySchema,
  429: errorBodySchema,
  503: errorBodySchema,
} as const;

/**
 * Sends JSON text that was already encoded through the route's output schema (e.g. a cached answer). The reply is
 * widened to the untyped form because the typed one only accepts objects it will serialize itself.
 */
export function sendEncodedJson(reply: FastifyReply, body: string): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(body);
}
