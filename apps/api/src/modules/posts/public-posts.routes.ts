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
import { RateLimiter } from '../auth/rate-limiter';
import { openPublicCover } from './public-post-cover';
import {
  answerOnce,
  buildFeed,
  buildSitemap,
  getPublicPost,
  limitPublicCalls,
  listPublicPosts,
  matches,
  type PublicAnswer,
} from './public-posts';

const tags = ['posts'];

/** An old slug: answered with 301, never kept as a public answer. */
class Moved {
  constructor(readonly slug: string) {}
}

/** A CDN (and browsers) may keep an answer a minute, then revalidate with If-None-Match (a 304 costs no body). */
const CACHE = 'public, max-age=60, stale-while-revalidate=300';
/** A cover's bytes never change; the short max-age only bounds how long a CDN shows it after unpublishing. */
const COVER_CACHE = 'public, max-age=300';

/**
 * The agency website's read API (no account): published posts only. Every answer carries an ETag of its exact body
 * and Cache-Control; a matching If-None-Match answers 304 without a body.
 */
export const publicPostsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  // One per app instance: counts live in its memory (see limitPublicCalls).
  const limiter = RateLimiter.inMemory();

  /** Sends the answer with its validators, or 304 when the client's copy matches. */
  function send(request: FastifyRequest, reply: FastifyReply, answer: PublicAnswer) {
    reply.header('cache-control', CACHE).header('etag', answer.etag).header('vary', 'accept-encoding');
    if (matches(request.headers['if-none-match'], answer.etag)) {
      return reply.code(304).send();
    }
    return reply.type(answer.type).send(answer.body);
  }
  const JSON_TYPE = 'application/json; charset=utf-8';

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
      await limitPublicCalls(limiter, ctx, request.ip);
      const { page, category } = request.query;
      const answer = await answerOnce(`list:${page}:${category ?? ''}`, async () => ({
        type: JSON_TYPE,
        body: JSON.stringify(await listPublicPosts(ctx, page, category)),
      }));
      return send(request, reply, answer);
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
      await limitPublicCalls(limiter, ctx, request.ip);
      const answer = await answerOnce('rss', async () => ({
        type: 'application/rss+xml; charset=utf-8',
        body: (await buildFeed(ctx)).rss2(),
      }));
      return send(request, reply, answer);
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
      await limitPublicCalls(limiter, ctx, request.ip);
      const answer = await answerOnce('atom', async () => ({
        type: 'application/atom+xml; charset=utf-8',
        body: (await buildFeed(ctx)).atom1(),
      }));
      return send(request, reply, answer);
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
      await limitPublicCalls(limiter, ctx, request.ip);
      const answer = await answerOnce('sitemap', async () => ({
        type: 'application/xml; charset=utf-8',
        body: await buildSitemap(ctx),
      }));
      return send(request, reply, answer);
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
      await limitPublicCalls(limiter, ctx, request.ip);
      // Only posts are kept; a redirect (or a 404) is looked up each time.
      const found = await answerOnce(`post:${request.params.slug}`, async () => {
        const post = await getPublicPost(ctx, request.params.slug);
        if (post.kind === 'moved') {
          throw new Moved(post.slug);
        }
        return { type: JSON_TYPE, body: JSON.stringify({ data: post.data }) };
      }).catch((error: unknown) => {
        if (error instanceof Moved) {
          return error;
        }
        throw error;
      });
      if (found instanceof Moved) {
        reply.header('cache-control', CACHE);
        return reply.redirect(`/api/public/posts/${encodeURIComponent(found.slug)}`, 301);
      }
      const answer = found;
      return send(request, reply, answer);
    },
  );

  app.get(
    '/public/post-covers/:uuid',
    {
      config: { access: access.public() },
      schema: {
        tags,
        summary: "A public post's cover image (404 for any other upload, a draft's cover included)",
        params: z.object({ uuid: z.uuid() }),
        response: { 200: z.any(), 304: z.null(), ...errorResponses },
      },
    },
    async (request, reply) => {
      await limitPublicCalls(limiter, ctx, request.ip);
      const cover = await openPublicCover(ctx, request.params.uuid);
      reply
        .header('cache-control', COVER_CACHE)
        .header('etag', cover.etag)
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; sandbox")
        // The agency's website (another origin) shows it in <img>: nothing about it is private.
        .header('cross-origin-resource-policy', 'cross-origin');
      if (matches(request.headers['if-none-match'], cover.etag)) {
        cover.body.destroy();
        return reply.code(304).send(null);
      }
      return reply.type(cover.contentType).header('content-length', cover.size).send(cover.body);
    },
  );
};
