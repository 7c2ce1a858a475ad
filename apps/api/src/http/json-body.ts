import type { FastifyInstance } from 'fastify';
import { AppError } from './errors';

/**
 * The deepest JSON body we accept. Our deepest legitimate bodies (a questionnaire's nested groups, a delta's
 * mention embed) are under 20 levels; thousands of levels only serve to overflow a recursive walker (zod,
 * JSON.stringify, jsonb), which would answer 500.
 */
export const MAX_JSON_DEPTH = 64;

export const jsonTooDeepMessage = (max: number) =>
  `The request body is nested too deeply (at most ${max} levels of objects and arrays).`;

/**
 * How deep the JSON text nests, stopping as soon as it passes `max`. A single pass over the characters, with no
 * recursion and no allocation, so a hostile body costs no more than reading it.
 */
export function jsonDepthExceeds(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92 /* \ */) {
        i++;
      } else if (c === 34 /* " */) {
        inString = false;
      }
    } else if (c === 34) {
      inString = true;
    } else if (c === 123 /* { */ || c === 91 /* [ */) {
      if (++depth > max) {
        return true;
      }
    } else if (c === 125 /* } */ || c === 93 /* ] */) {
      depth--;
    }
  }
  return false;
}

/**
 * Replaces Fastify's JSON parser with one that first bounds the nesting (422), then parses as Fastify does
 * (prototype poisoning refused). Size stays bounded by BODY_LIMIT_BYTES (413) before this runs.
 */
export function registerJsonBodyParser(app: FastifyInstance, maxDepth = MAX_JSON_DEPTH): void {
  const parse = app.getDefaultJsonParser('error', 'ignore');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (jsonDepthExceeds(text, maxDepth)) {
      done(new AppError(422, jsonTooDeepMessage(maxDepth), { code: 'body_too_deep' }), undefined);
      return;
    }
    void parse(request, text, done);
  });
}
