import { useMutation } from '@tanstack/react-query';
import { reportSuccess } from '../../shell/feedback';
import { ConfirmButton } from '../common/ConfirmButton';
import { endPersonSessions } from './api';

/** On a person's page, for people managers: signs them out on every device (they left, or lost a laptop). */
export function EndPersonSessionsButton({ userUuid }: { userUuid: string }) {
  const end = useMutation({
    mutationFn: () => endPersonSessions(userUuid),
    onSuccess: (answer) => reportSuccess(answer.message),
  });
  return (
    <ConfirmButton
      question="Do you want to sign this person out on every device? Their API tokens keep working until revoked."
      testId="sessions-end-person"
      loading={end.isPending}
      onConfirm={() => end.mutate()}
    >
      Sign out everywhere
    </ConfirmButton>
  );
}
