import { useMutation } from '@tanstack/react-query';
import type { FormInstance } from 'antd';
import { describeError } from '../api/errors';
import { applyFieldErrors } from './formErrors';

/**
 * The call behind a sign-in screen's form: its failure shows on the screen (field messages under the fields, the
 * rest as `errorText`), not as a global notice.
 */
export function useAuthMutation<TInput, TResult>(
  form: FormInstance,
  mutationFn: (input: TInput) => Promise<TResult>,
  options: { describe?(error: unknown): string | null; onSuccess?(result: TResult, input: TInput): void } = {},
) {
  const mutation = useMutation({
    mutationFn,
    meta: { silentError: true },
    onSuccess: options.onSuccess,
    onError: (error) => applyFieldErrors(form, error),
  });
  const errorText = mutation.isError ? (options.describe ?? describeError)(mutation.error) : null;
  return { mutation, errorText };
}
