import { type CompletionCheckResult, completionChecksErrorSchema } from '@portal/domain';
import { ApiError } from '../../../api/errors';

/** The checklist of a refused completion (422 code 'completion_checks'), or null for any other failure. */
export function completionChecksOf(error: unknown): CompletionCheckResult[] | null {
  if (!(error instanceof ApiError) || error.status !== 422) {
    return null;
  }
  const parsed = completionChecksErrorSchema.safeParse(error.body);
  return parsed.success ? parsed.data.checks : null;
}
