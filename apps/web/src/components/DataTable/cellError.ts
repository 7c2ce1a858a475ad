import { ApiError, describeError } from '../../api/errors';

/**
 * What an inline edit shows beside its input when the row PUT fails: the server's messages for the edited field
 * (a refused status names its rule), else the general description of the failure (doc 1 §8); null for a
 * cancelled call or the version mismatch, which has its own modal.
 */
export function cellErrorMessage(error: unknown, field: string): string | null {
  if (error instanceof ApiError && error.status === 422) {
    const own = error.fieldErrors[field];
    if (own?.length) {
      return own.join(' ');
    }
    if (error.body.message) {
      return error.body.message;
    }
  }
  return describeError(error);
}
