import { useMutation } from '@tanstack/react-query';
import { reportSuccess } from '../../shell/feedback';
import { ConfirmButton } from '../common/ConfirmButton';
import { resetSecondFactor } from './api';

/** On a person's page, for people managers: removes their authenticator and recovery codes; they are e-mailed. */
export function ResetSecondFactorButton({ userUuid }: { userUuid: string }) {
  const reset = useMutation({
    mutationFn: () => resetSecondFactor(userUuid),
    onSuccess: (answer) => reportSuccess(answer.message),
  });
  return (
    <ConfirmButton
      question="Do you want to reset this person's second factor? They sign in with their password alone until they set up a new one."
      testId="mfa-reset"
      loading={reset.isPending}
      onConfirm={() => reset.mutate()}
    >
      Reset second factor
    </ConfirmButton>
  );
}
