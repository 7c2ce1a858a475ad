import { type ErrorBody, MESSAGES } from '@portal/domain';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';

/** The one error type handlers throw. Everything that reaches the client goes through toBody(). */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly options: { code?: string; errors?: Record<string, string[]>; headers?: Record<string, string> } = {},
  ) {
    super(message);
  }

  toBody(): ErrorBody {
    return {
      message: this.message,
      ...(this.options.errors ? { errors: this.options.errors } : {}),
      ...(this.options.code ? { code: this.options.code } : {}),
    };
  }
}

export const unauthorized = () => new AppError(401, MESSAGES.unauthorized, { code: 'unauthorized' });
export const forbidden = (message: string = MESSAGES.forbidden) => new AppError(403, message, { code: 'forbidden' });
export const notFound = (message: string = MESSAGES.resourceNotFound) =>
  new AppError(404, message, { code: 'not_found' });

/** A 422 whose message is the single error, or the spec's summary when there are several (doc 1 §8). */
export function validationError(errors: Record<string, string[]>): AppError {
  const all = Object.values(errors).flat();
  const message = all.length === 1 && all[0] ? all[0] : MESSAGES.fieldsNeedAttention;
  return new AppError(422, message, { errors, code: 'validation_failed' });
}

function fieldErrors(issues: { instancePath?: string; message?: string }[], context?: string) {
  const errors: Record<string, string[]> = {};
  for (const issue of issues) {
    const path = (issue.instancePath ?? '').replace(/^\//, '').replaceAll('/', '.');
    const key = path || context || 'body';
    errors[key] ??= [];
    errors[key].push(issue.message ?? MESSAGES.somethingWrong);
  }
  return errors;
}

/**
 * PostgreSQL data exceptions (SQLSTATE class 22: a NUL byte in text or JSON, a date or number out of the column's
 * range) are always caused by a value the client sent that passed its schema, so they answer 422, not 500.
 */
function isDataException(error: unknown): boolean {
  const cause = (error as { cause?: { code?: unknown } }).cause;
  const code = cause?.code ?? (error as { code?: unknown }).code;
  return typeof code === 'string' && /^22[0-9A-Z]{3}$/.test(code);
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      for (const [name, value] of Object.entries(error.options.headers ?? {})) {
        void reply.header(name, value);
      }
      return reply.status(error.statusCode).send(error.toBody());
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const body = validationError(fieldErrors(error.validation, error.validationContext));
      return reply.status(422).send(body.toBody());
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error }, 'response did not match its output schema');
      return reply.status(500).send({ message: MESSAGES.somethingWrong });
    }
    switch (error.code) {
      case 'FST_ERR_CTP_BODY_TOO_LARGE':
        return reply.status(413).send({ message: MESSAGES.payloadTooLarge, code: 'payload_too_large' });
      case 'FST_ERR_CTP_INVALID_JSON_BODY':
      case 'FST_ERR_CTP_EMPTY_JSON_BODY':
        return reply.status(400).send({ message: MESSAGES.malformedJson, code: 'malformed_json' });
      case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
        return reply.status(415).send({ message: 'Unsupported content type.', code: 'unsupported_media_type' });
      case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
        return reply.status(400).send({ message: 'Invalid content length.', code: 'bad_request' });
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return reply.status(error.statusCode).send({ message: error.message });
    }
    if (isDataException(error)) {
      return reply
        .status(422)
        .send({ message: MESSAGES.fieldsNeedAttention, code: 'invalid_input' } satisfies ErrorBody);
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ message: MESSAGES.somethingWrong });
  });
}
