import type { HistoryEntry } from '@portal/domain';
import { MESSAGES } from '@portal/domain';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Button, Empty, List, Typography } from 'antd';
import { activityValue } from '../common/activityValue';
import { humanize } from '../common/listQuery';
import { usDateTime } from '../timelogs/timeEntry';
import { getTaskHistory, TASKS_KEY } from './api';
import { taskStatusLabel } from './taskRules';

/** A changed value as the drawer shows it: status and priority by their labels. */
function showField(field: string, value: unknown): string {
  return activityValue(field, value, { statusLabel: taskStatusLabel });
}

/** Task activity (doc 2 §3 history): newest first; more pages while the last entry is not the create. */
export function TaskActivity({ taskUuid }: { taskUuid: string }) {
  return (
    <HistoryActivity
      queryKey={[...TASKS_KEY, 'history', taskUuid]}
      load={(before, signal) => getTaskHistory(taskUuid, before, signal)}
      createdText="created the task"
      showValue={showField}
      testId="task-activity"
    />
  );
}

/** A history log (tasks and requests share its shape): `load` fetches the page before an entry id. */
export function HistoryActivity({
  queryKey,
  load,
  createdText,
  showValue,
  testId,
}: {
  queryKey: readonly unknown[];
  load(before: number | undefined, signal: AbortSignal): Promise<HistoryEntry[]>;
  createdText: string;
  showValue(field: string, value: unknown): string;
  testId: string;
}) {
  const history = useInfiniteQuery({
    queryKey,
    queryFn: ({ pageParam, signal }) => load(pageParam, signal),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last: HistoryEntry[]) => {
      const oldest = last[last.length - 1];
      return oldest && oldest.action !== 'create' ? oldest.id : undefined;
    },
  });
  const entries = history.data?.pages.flat() ?? [];
  if (!history.isPending && entries.length === 0) {
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No activity" />;
  }
  return (
    <div data-testid={testId}>
      <List<HistoryEntry>
        size="small"
        loading={history.isPending}
        dataSource={entries}
        renderItem={(entry) => {
          const changes = Object.entries(entry.changes);
          return (
            <List.Item data-testid="activity-entry">
              <div>
                <Typography.Text strong>{entry.author?.name ?? 'System'}</Typography.Text>{' '}
                <Typography.Text type="secondary">
                  {entry.action === 'create' ? createdText : 'updated'} · {usDateTime(entry.created_at)}
                </Typography.Text>
                {changes.length === 0 ? (
                  <div className="activity-empty">{MESSAGES.historyEmpty}</div>
                ) : (
                  <ul className="activity-changes">
                    {changes.map(([field, change]) => (
                      <li key={field}>
                        {humanize(field)}: {showValue(field, change.removed)} → {showValue(field, change.added)}
                      </li>
                    ))}
                  </ul>
                )}
              </div>
            </List.Item>
          );
        }}
      />
      {history.hasNextPage ? (
        <Button size="small" loading={history.isFetchingNextPage} onClick={() => void history.fetchNextPage()}>
          Older activity
        </Button>
      ) : null}
    </div>
  );
}
