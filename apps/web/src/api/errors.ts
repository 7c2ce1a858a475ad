import type { ErrorBody } from '@portal/domain';
import { MESSAGES } from '@portal/domain';

/** A failed API call: the HTTP status plus the API's one error shape ({message, errors?, code?}). */
export class ApiError extends Error {
  readonly status: number;
  readonly body: Partial<ErrorBody>;

  constructor(status: number, body: Partial<ErrorBody>) {
    super(body.message || `HTTP ${status}`);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
  }

  /** Per-field messages of a validation error, or an empty object. */
  get fieldErrors(): Record<string, string[]> {
    return this.body.errors ?? {};
  }

  get isVersionMismatch(): boolean {
    return this.status === 400 && this.body.message === MESSAGES.invalidApiVersion;
  }
}

/** fetch() rejects with a DOMException named AbortError when its signal fires (the spec's ERR_CANCELED). */
export function isAbortError(error: unknown): boolean {
  return (
    typeof error === 'object' &&
    error !== null &&
    'name' in error &&
    ((error as { name: unknown }).name === 'AbortError' || (error as { name: unknown }).name === 'CanceledError')
  );
}

function allFieldMessages(errors: Record<string, string[]> | undefined): string[] {
  return Object.values(errors ?? {}).flat();
}

/**
 * The user-facing text for a failure (doc 1 §8), or null when nothing should be shown: cancelled requests, and the
 * version mismatch, which has its own modal instead of a message.
 */
/** An error raised in the browser whose message is written for the person (a passkey prompt closed, say). */
export class UserFacingError extends Error {}

export function describeError(error: unknown): string | null {
  if (isAbortError(error)) {
    return null;
  }
  if (error instanceof UserFacingError) {
    return error.message;
  }
  if (!(error instanceof ApiError)) {
    return MESSAGES.somethingWrong;
  }
  if (error.isVersionMismatch) {
    return null;
  }
  if (error.status === 401) {
    return MESSAGES.unauthorized;
  }
  if (error.status === 503) {
    return MESSAGES.maintenance;
  }
  const fieldMessages = allFieldMessages(error.body.errors);
  if (error.status === 422 && fieldMessages.length > 0) {
    return fieldMessages.length === 1 ? (fieldMessages[0] as string) : MESSAGES.fieldsNeedAttention;
  }
  if (fieldMessages.length > 0) {
    // "Server errors object: first error shown".
    return fieldMessages[0] as string;
  }
  return error.body.message || MESSAGES.somethingWrong;
}

/** Sign-in failures show the server's message, else the spec's generic sign-in text. */
export function describeLoginError(error: unknown): string | null {
  if (isAbortError(error)) {
    return null;
  }
  if (error instanceof UserFacingError) {
    return error.message;
  }
  if (error instanceof ApiError) {
    if (error.isVersionMismatch) {
      return null;
    }
    if (error.body.message) {
      return error.body.message;
    }
  }
  return MESSAGES.loginFailed;
}
