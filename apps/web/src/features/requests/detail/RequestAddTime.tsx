import { PlusOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button } from 'antd';
import { useState } from 'react';
import { useAbility } from '../../../auth/useAbility';
import { reportSuccess } from '../../../shell/feedback';
import { listAssignableUsers } from '../../tasks/api';
import { TIME_LOGS_KEY } from '../../timelogs/api';
import { TimeEntryModal, type TimeEntryValues } from '../../timelogs/TimeEntryModal';
import { localIsoDate } from '../../timelogs/timeEntry';
import { REQUESTS_KEY } from '../list/api';
import { createRequestTimeLog } from './api';

/**
 * 'Add time' on a request (doc 2 §2: the form panel's time spent and the Timelogs tab): the shared time-entry form,
 * then the request's figures and logs reload. Hidden without TIMELOG_CREATE.
 */
export function RequestAddTime({ requestUuid, testId = 'request-add-time' }: { requestUuid: string; testId?: string }) {
  const ability = useAbility();
  const queryClient = useQueryClient();
  const [adding, setAdding] = useState(false);
  // One object for the form's lifetime: the form resets whenever `initial` changes identity.
  const [initial] = useState(() => ({ time: '', date: localIsoDate(new Date()) }));
  const users = useQuery({
    queryKey: ['project-users', 'assignable'],
    queryFn: ({ signal }) => listAssignableUsers(signal),
    staleTime: 60_000,
    enabled: adding && ability.can('TIMELOG_FOR_OTHERS'),
  });
  const add = useMutation({
    mutationFn: (values: TimeEntryValues) => createRequestTimeLog({ requestUuid, ...values }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: TIME_LOGS_KEY });
      void queryClient.invalidateQueries({ queryKey: REQUESTS_KEY });
      reportSuccess('Time added');
      setAdding(false);
    },
  });
  if (!ability.can('TIMELOG_CREATE')) {
    return null;
  }
  return (
    <>
      <Button size="small" icon={<PlusOutlined />} onClick={() => setAdding(true)} data-testid={testId}>
        Add time
      </Button>
      {adding ? (
        <TimeEntryModal
          title="Add time"
          initial={initial}
          users={users.data}
          saving={add.isPending}
          onCancel={() => setAdding(false)}
          onSubmit={(values) => add.mutate(values)}
        />
      ) : null}
    </>
  );
}
