import {
  createPresignedUrlSchema,
  MESSAGES,
  massDownloadSchema,
  messageBodySchema,
  presignedUrlResponseSchema,
  requestMassDownloadSchema,
  taskMassDownloadSchema,
  uploadDownloadResponseSchema,
  uploadResponseSchema,
  uuidParam,
} from '@portal/domain';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access, requirePrincipal } from '../../http/access';
import { errorResponses } from '../../http/responses';
import { copyUpload } from './copy-upload';
import { createUpload } from './create-upload';
import { deleteUpload } from './delete-upload';
import { requestMassDownload } from './mass-download';
import { requestFilesInput, taskFilesInput } from './mass-download-selection';
import { receiveUpload } from './receive-upload';
import { serveLocalFile, signedUrlFor } from './serve-upload';
import { findVisibleUpload, principalOfFileRequest, viewerOf } from './upload-access';
import { presentUpload } from './upload-presenter';

const tags = ['uploads'];
const signedQuery = z.object({ expires: z.coerce.number().int(), signature: z.string().max(200) });
const getQuery = signedQuery.extend({
  variant: z.enum(['original', 'thumbnail']).default('original'),
  disposition: z.enum(['inline', 'attachment']).default('attachment'),
});
const stableQuery = z.object({ download: z.enum(['0', '1']).optional() });

/** Uploads (doc 2 §7): pre-signed URLs, the local driver's signed PUT/GET, stable file paths, download, delete. */
export const uploadRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/create-pre-signed-url',
    {
      config: { access: access.staff() },
      schema: {
        tags,
        body: createPresignedUrlSchema,
        response: { 200: presignedUrlResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { id: _internal, ...presigned } = await createUpload(
        app.ctx,
        request.body,
        requirePrincipal(request).userId,
      );
      return presigned;
    },
  );

  // The local driver's pre-signed PUT: the signature is the authorisation. The body is streamed, never parsed, so
  // this route lives in its own scope where every content type goes through untouched.
  await app.register(async (scope) => {
    const raw = scope.withTypeProvider<ZodTypeProvider>();
    raw.removeAllContentTypeParsers();
    raw.addContentTypeParser('*', (_request, _payload, done) => done(null));
    raw.put(
      '/uploads/:uuid/content',
      {
        config: { access: access.public() },
        schema: {
          tags,
          params: uuidParam,
          querystring: signedQuery,
          response: { 200: uploadResponseSchema, ...errorResponses },
        },
      },
      async (request) => ({ data: await receiveUpload(app.ctx, request.params.uuid, request.query, request.raw) }),
    );
  });

  app.get(
    '/uploads/:uuid/content',
    {
      config: { access: access.public() },
      schema: { tags, params: uuidParam, querystring: getQuery },
    },
    async (request, reply) => serveLocalFile(app.ctx, reply, request.params.uuid, request.query, request.headers.range),
  );

  // Stable paths (Upload.url, editor images, thumbnails): a redirect to a short-lived URL after the access check.
  for (const variant of ['original', 'thumbnail'] as const) {
    app.get(
      variant === 'original' ? '/uploads/:uuid' : '/uploads/:uuid/thumbnail',
      {
        config: { access: access.public() },
        schema: { tags, params: uuidParam, querystring: stableQuery },
      },
      async (request, reply) => {
        const principal = await principalOfFileRequest(app.ctx, request);
        const row = await findVisibleUpload(app.ctx.db, request.params.uuid, viewerOf(principal));
        const url = await signedUrlFor(app.ctx, row, variant, request.query.download !== '1');
        return reply.header('Cache-Control', 'no-store').redirect(url, 302);
      },
    );
  }

  app.get(
    '/uploads/:uuid/info',
    {
      config: { access: access.staff() },
      schema: { tags, params: uuidParam, response: { 200: uploadResponseSchema, ...errorResponses } },
    },
    async (request) => {
      const row = await findVisibleUpload(app.ctx.db, request.params.uuid, viewerOf(requirePrincipal(request)));
      return { data: presentUpload(row) };
    },
  );

  app.get(
    '/uploads/:uuid/download',
    {
      config: { access: access.staff() },
      schema: { tags, params: uuidParam, response: { 200: uploadDownloadResponseSchema, ...errorResponses } },
    },
    async (request) => {
      const row = await findVisibleUpload(app.ctx.db, request.params.uuid, viewerOf(requirePrincipal(request)));
      return { data: await signedUrlFor(app.ctx, row, 'original', false) };
    },
  );

  app.post(
    '/uploads/:uuid/copy',
    {
      config: { access: access.staff() },
      schema: { tags, params: uuidParam, response: { 200: uploadResponseSchema, ...errorResponses } },
    },
    async (request) => ({ data: await copyUpload(app.ctx, request.params.uuid, viewerOf(requirePrincipal(request))) }),
  );

  // Mass download (doc 2 §7): a selection under MASS_DOWNLOAD_AT_ONCE_MAX_BYTES answers the zip itself; a larger one
  // answers a message at once and the zip arrives through the bell and e-mail. Tasks and requests take their ids or
  // a table's selection (the ticked rows, or "all N" with the list's filters); uploads/mass-download zips files
  // chosen in a file list.
  const massDownload = {
    tags,
    description:
      'Answers application/zip (Content-Disposition attachment) when the files total under the at-once limit, ' +
      'else the JSON message and a job builds the zip.',
    response: { 200: messageBodySchema, ...errorResponses },
  };
  const answer = async (reply: FastifyReply, result: Awaited<ReturnType<typeof requestMassDownload>>) =>
    'stream' in result
      ? reply
          .header('content-type', 'application/zip')
          .header('content-disposition', `attachment; filename="${result.fileName}"`)
          .header('cache-control', 'no-store')
          .send(result.stream)
      : result;
  app.post(
    '/tasks/mass-download',
    { config: { access: access.staff('TASKS_READ') }, schema: { ...massDownload, body: taskMassDownloadSchema } },
    async (request, reply) => {
      const viewer = viewerOf(requirePrincipal(request));
      const input = await taskFilesInput(app.ctx, request.body, viewer);
      return answer(reply, await requestMassDownload(app.ctx, input, viewer, request));
    },
  );
  app.post(
    '/requests/mass-download',
    {
      config: { access: access.staff('REQUEST_READ') },
      schema: { ...massDownload, body: requestMassDownloadSchema },
    },
    async (request, reply) => {
      const viewer = viewerOf(requirePrincipal(request));
      const input = await requestFilesInput(app.ctx, request.body, viewer);
      return answer(reply, await requestMassDownload(app.ctx, input, viewer, request));
    },
  );
  app.post(
    '/uploads/mass-download',
    { config: { access: access.staff() }, schema: { ...massDownload, body: massDownloadSchema } },
    async (request, reply) =>
      answer(
        reply,
        await requestMassDownload(
          app.ctx,
          { full_download: request.body.full_download, upload_ids: request.body.upload_ids },
          viewerOf(requirePrincipal(request)),
          request,
        ),
      ),
  );

  app.delete(
    '/uploads/:uuid',
    {
      config: { access: access.staff() },
      schema: { tags, params: uuidParam, response: { 200: messageBodySchema, ...errorResponses } },
    },
    async (request) => {
      await deleteUpload(app.ctx, request.params.uuid, viewerOf(requirePrincipal(request)));
      return { message: MESSAGES.deleted };
    },
  );
};
