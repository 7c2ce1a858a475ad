import {
  publicPostListQuerySchema,
  publicPostListResponseSchema,
  publicPostResponseSchema,
  publicPostSlugParam,
} from '@portal/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access } from '../../http/access';
import { errorResponses } from '../../http/responses';
import {
  buildFeed,
  buildSitemap,
  etagOf,
  getPublicPost,
  limitPublicCalls,
  listPublicPosts,
  matches,
} from './public-posts';

const tags = ['posts'];
/** A CDN (and browsers) may keep an answer a minute, then revalidate with If-None-Match (a 304 costs no body). */
const CACHE = 'public, max-age=60, stale-while-revalidate=300';

/**
 * The agency website's read API (no account): published posts only. Every answer carries an ETag of its exact body
 * and Cache-Control; a matching If-None-Match answers 304 without a body.
 */
export const publicPostsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  /** Sends `body` (already serialised) with its validators, or 304 when the client's copy matches. */
  function cached(request: FastifyRequest, reply: FastifyReply, type: string, body: string) {
    const etag = etagOf(body);
    reply.header('cache-control', CACHE).header('etag', etag).header('vary', 'accept-encoding');
    if (matches(request.headers['if-none-match'], etag)) {
      return reply.code(304).send();
    }
    return reply.type(type).send(body);
  }

  app.get(
    '/public/posts',
    {
      config: { access: access.public() },
      schema: {
        tags,
        summary: 'Published posts, newest first (10 a page), optionally of one category (its slug)',
        querystring: publicPostListQuerySchema,
        response: { 200: publicPostListResponseSchema, 304: z.null(), ...errorResponses },
      },
    },
    async (request, reply) => {
      limitPublicCalls(ctx, request.ip);
      const answer = await listPublicPosts(ctx, request.query.page, request.query.category);
      return cached(request, reply, 'application/json; charset=utf-8', JSON.stringify(answer));
    },
  );

  app.get(
    '/public/posts/feed.xml',
    {
      config: { access: access.public() },
      schema: {
        tags,
        summary: 'RSS 2.0 feed of the newest posts',
        response: { 200: z.string(), 304: z.null(), ...errorResponses },
      },
    },
    async (request, reply) => {
      limitPublicCalls(ctx, request.ip);
      return cached(request, reply, 'application/rss+xml; charset=utf-8', (await buildFeed(ctx)).rss2());
    },
  );

  app.get(
    '/public/posts/feed.atom',
    {
      config: { access: access.public() },
      schema: {
        tags,
        summary: 'Atom 1.0 feed of the newest posts',
        response: { 200: z.string(), 304: z.null(), ...errorResponses },
      },
    },
    async (request, reply) => {
      limitPublicCalls(ctx, request.ip);
      return cached(request, reply, 'application/atom+xml; charset=utf-8', (await buildFeed(ctx)).atom1());
    },
  );

  app.get(
    '/public/posts/sitemap.xml',
    {
      config: { access: access.public() },
      schema: {
        tags,
        summary: 'Sitemap of every published post',
        response: { 200: z.string(), 304: z.null(), ...errorResponses },
      },
    },
    async (request, reply) => {
      limitPublicCalls(ctx, request.ip);
      return cached(request, reply, 'application/xml; charset=utf-8', await buildSitemap(ctx));
    },
  );

  app.get(
    '/public/posts/:slug',
    {
      config: { access: access.public() },
      schema: {
        tags,
        summary: 'One published post with its body as sanitised HTML; an old slug answers 301 to the current one',
        params: publicPostSlugParam,
        response: { 200: publicPostResponseSchema, 301: z.null(), 304: z.null(), ...errorResponses },
      },
    },
    async (request, reply) => {
      limitPublicCalls(ctx, request.ip);
      const answer = await getPublicPost(ctx, request.params.slug);
      if (answer.kind === 'moved') {
        reply.header('cache-control', CACHE);
        return reply.redirect(`/api/public/posts/${encodeURIComponent(answer.slug)}`, 301);
      }
      return cached(request, reply, 'application/json; charset=utf-8', JSON.stringify({ data: answer.data }));
    },
  );
};
