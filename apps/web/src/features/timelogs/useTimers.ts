import type { TimeLog } from '@portal/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCurrentUser } from '../../auth/queries';
import { useAbility } from '../../auth/useAbility';
import { useLivePollInterval } from '../../live/liveStatus';
import { REQUESTS_KEY } from '../requests/list/api';
import { TASKS_KEY } from '../tasks/api';
import { activeTimersKey, createTimeLog, deleteTimeLog, listActiveTimers, TIME_LOGS_KEY, updateTimeLog } from './api';
import { localIsoDate } from './timeEntry';
import { elapsedMinutes } from './timer';

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
    // A request's time spent and Timelogs tab follow its logs.
    void queryClient.invalidateQueries({ queryKey: REQUESTS_KEY });
  };
  const start = useMutation({
    // A new timer runs on the task, or on the request when `requestUuid` is given (doc 2 §1: tasks and requests).
    mutationFn: ({ taskUuid, requestUuid, log }: { taskUuid: string; requestUuid?: string; log?: TimeLog }) =>
      log
        ? updateTimeLog(log.uuid, { status: 'running' })
        : createTimeLog({
            ...(requestUuid ? { request_id: requestUuid } : { task_id: taskUuid }),
            date: localIsoDate(new Date()),
            status: 'running',
            minutes: 0,
          }),
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
  /**
   * Stop: the timer ends and its entry is saved in one call, with the timer's minutes (the server keeps the greater
   * of its own clock and these) and the description given.
   */
  const stop = useMutation({
    mutationFn: ({ log, description }: { log: TimeLog; description: string }) =>
      updateTimeLog(log.uuid, {
        status: 'completed',
        minutes: elapsedMinutes(log, Date.now()),
        date: log.date || localIsoDate(new Date()),
        description,
      }),
    onSettled: refresh,
  });
  return { start, pause, reset, complete, stop };
}
