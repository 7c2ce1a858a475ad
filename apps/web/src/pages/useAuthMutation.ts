import type { SignedInUser } from '@portal/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FormInstance } from 'antd';
import { describeError } from '../api/errors';
import { USER_QUERY_KEY } from '../auth/queries';
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

/**
 * Sign-in and registration: the answer is the signed-in user. Storing it is enough: the public-only gate then
 * leaves the page (accepting an invite of the address first).
 */
export function useSignInMutation<TInput>(
  form: FormInstance,
  mutationFn: (input: TInput) => Promise<SignedInUser>,
  options: { describe?(error: unknown): string | null; beforeStore?(input: TInput): void } = {},
) {
  const queryClient = useQueryClient();
  return useAuthMutation(form, mutationFn, {
    describe: options.describe,
    onSuccess: (user, input) => {
      options.beforeStore?.(input);
      queryClient.setQueryData(USER_QUERY_KEY, user);
    },
  });
}
