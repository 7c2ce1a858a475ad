import type { TimeLog } from '@portal/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCurrentUser } from '../../auth/queries';
import { useAbility } from '../../auth/useAbility';
import { useLivePollInterval } from '../../live/liveStatus';
import { TASKS_KEY } from '../tasks/api';
import { activeTimersKey, createTimeLog, deleteTimeLog, listActiveTimers, TIME_LOGS_KEY, updateTimeLog } from './api';
import { localIsoDate } from './timeEntry';

/** The signed-in user's running and paused timers, shared by the header dropdown and every task's timer control. */
export function useActiveTimers() {
  const me = useCurrentUser().data;
  const ability = useAbility();
  // Live events keep it fresh; a slow poll only while the live channel is down.
  const poll = useLivePollInterval(60_000);
  return useQuery({
    queryKey: activeTimersKey(me?.uuid),
    queryFn: ({ signal }) => listActiveTimers(me?.uuid as string, signal),
    enabled: Boolean(me?.uuid) && ability.can('TIMELOG_READ'),
    // Another device may start or stop a timer; the server's started_at keeps the clock right meanwhile.
    refetchInterval: poll,
    meta: { silentError: true },
  });
}

/**
 * The timer actions of doc 2 §4, each a call whose answer (and a refetch) is the new truth; a failure is reported
 * by the shared handler and the refetch restores what the server holds.
 */
export function useTimerActions() {
  const queryClient = useQueryClient();
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: TIME_LOGS_KEY });
    // A log on a todo task moves it to in_progress, and totals change.
    void queryClient.invalidateQueries({ queryKey: TASKS_KEY });
  };
  const start = useMutation({
    mutationFn: ({ taskUuid, log }: { taskUuid: string; log?: TimeLog }) =>
      log
        ? updateTimeLog(log.uuid, { status: 'running' })
        : createTimeLog({ task_id: taskUuid, date: localIsoDate(new Date()), status: 'running', minutes: 0 }),
    onSettled: refresh,
  });
  const pause = useMutation({
    mutationFn: (log: TimeLog) => updateTimeLog(log.uuid, { status: 'paused' }),
    onSettled: refresh,
  });
  const reset = useMutation({
    mutationFn: (log: TimeLog) => deleteTimeLog(log.uuid),
    onSettled: refresh,
  });
  const complete = useMutation({
    mutationFn: (input: {
      taskUuid: string;
      log?: TimeLog;
      minutes: number;
      date: string;
      description: string;
      userUuid?: string;
    }) =>
      input.log && (!input.userUuid || input.userUuid === input.log.user.uuid)
        ? updateTimeLog(input.log.uuid, {
            status: 'completed',
            minutes: input.minutes,
            date: input.date,
            description: input.description,
          })
        : createTimeLog({
            task_id: input.taskUuid,
            user_id: input.userUuid,
            status: 'completed',
            minutes: input.minutes,
            date: input.date,
            description: input.description,
          }),
    onSettled: refresh,
  });
  return { start, pause, reset, complete };
}
