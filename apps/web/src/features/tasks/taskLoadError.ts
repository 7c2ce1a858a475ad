import { MESSAGES } from '@portal/domain';
import { ApiError, describeError } from '../../api/errors';

/**
 * What a task screen shows when its task (or list) could not be loaded (doc 2 §8): the server's message when it
 * sent one ('This item does not exist', the maintenance text …), otherwise — the network failed, the answer was not
 * ours — 'Something went wrong. Please reload the page.'.
 */
export function taskLoadErrorMessage(error: unknown): string {
  if (error instanceof ApiError && error.body.message) {
    return describeError(error) ?? MESSAGES.reloadPage;
  }
  return MESSAGES.reloadPage;
}
