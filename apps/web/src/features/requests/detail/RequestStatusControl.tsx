import { type CompletionCheckResult, REQUEST_STATUSES, type RequestDetail, type RequestStatus } from '@portal/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Select } from 'antd';
import { useState } from 'react';
import { useAbility } from '../../../auth/useAbility';
import { reportError, reportSuccess } from '../../../shell/feedback';
import { CompletionChecklistModal } from '../dialogs/CompletionChecklistModal';
import { completionChecksOf } from '../dialogs/completion';
import { REQUESTS_KEY } from '../list/api';
import { requestStatusLabel } from '../list/requestRows';
import { requestKey, updateRequest } from './api';

/**
 * The header's status dropdown (doc 2 §2, §4). Freelancers cannot change the status. Completing runs the server's
 * checklist; when a check fails its dialog offers 'Complete anyway' (force_complete) or going back.
 */
export function RequestStatusControl({ request }: { request: RequestDetail }) {
  const ability = useAbility();
  const queryClient = useQueryClient();
  const [checks, setChecks] = useState<CompletionCheckResult[] | null>(null);
  const canChange = ability.type !== 'freelancer' && ability.can('REQUEST_UPDATE');

  const change = useMutation({
    mutationFn: (input: { status: RequestStatus; force_complete?: boolean }) => updateRequest(request.uuid, input),
    meta: { silentError: true },
    onSuccess: (saved) => {
      queryClient.setQueryData(requestKey(request.uuid), saved);
      void queryClient.invalidateQueries({ queryKey: REQUESTS_KEY });
      setChecks(null);
      reportSuccess('Updated the changes.');
    },
    onError: (error) => {
      const failed = completionChecksOf(error);
      if (failed) {
        setChecks(failed);
      } else {
        reportError(error);
      }
    },
  });

  return (
    <>
      <Select<RequestStatus>
        aria-label="Status"
        value={request.status}
        disabled={!canChange}
        loading={change.isPending}
        onChange={(status) => change.mutate({ status })}
        options={REQUEST_STATUSES.map((s) => ({
          value: s,
          label: <span data-testid={`request-status-option-${s}`}>{requestStatusLabel(s)}</span>,
        }))}
        style={{ minWidth: 180 }}
        data-testid="request-status-select"
      />
      {checks ? (
        <CompletionChecklistModal
          checks={checks}
          completing={change.isPending}
          onCompleteAnyway={() => change.mutate({ status: 'completed', force_complete: true })}
          onBack={() => setChecks(null)}
        />
      ) : null}
    </>
  );
}
