import { PlusOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button } from 'antd';
import { useState } from 'react';
import { useAbility } from '../../../auth/useAbility';
import { reportSuccess } from '../../../shell/feedback';
import { listAssignableUsers } from '../../tasks/api';
import { TIME_LOGS_KEY } from '../../timelogs/api';
import { TimelogsTable } from '../../timelogs/TaskTimelogs';
import { TimeEntryModal, type TimeEntryValues } from '../../timelogs/TimeEntryModal';
import { localIsoDate } from '../../timelogs/timeEntry';
import { REQUESTS_KEY } from '../list/api';
import { createRequestTimeLog, listRequestTimeLogs } from './api';

/**
 * Timelogs (doc 2 §2): the request's own logs with '{n} timelogs found'; edit and delete only where the server allows
 * (never freelancers); 'Add time' opens the time-entry form.
 */
export function RequestTimelogsTab({ requestUuid }: { requestUuid: string }) {
  const ability = useAbility();
  const queryClient = useQueryClient();
  const [adding, setAdding] = useState(false);
  // One object for the form's lifetime: the form resets whenever `initial` changes identity.
  const [initial] = useState(() => ({ time: '', date: localIsoDate(new Date()) }));
  const canAdd = ability.can('TIMELOG_CREATE');
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
  return (
    <>
      <TimelogsTable
        listKey={[...TIME_LOGS_KEY, 'request', requestUuid]}
        load={(page, size, signal) => listRequestTimeLogs(requestUuid, page, size, signal)}
        ownerKey={REQUESTS_KEY}
        testId="request-timelogs"
        toolbar={
          canAdd ? (
            <Button size="small" icon={<PlusOutlined />} onClick={() => setAdding(true)} data-testid="request-add-time">
              Add time
            </Button>
          ) : null
        }
      />
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
