import { DeleteOutlined, EditOutlined } from '@ant-design/icons';
import { formatMinutes, MESSAGES, type TimeLog } from '@portal/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Popconfirm, Space, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import { type DataColumn, DataTable, type TableListParams, useEmbeddedTableState } from '../../components/DataTable';
import { reportSuccess } from '../../shell/feedback';
import type { ListResponse } from '../common/listQuery';
import { TASKS_KEY } from '../tasks/api';
import { deleteTimeLog, listTaskTimeLogs, TIME_LOGS_KEY, updateTimeLog } from './api';
import { TimeEntryModal } from './TimeEntryModal';
import { formatTimeInput, isoToUsDate, minutesToTimeInput, timeInputToMinutes, usDateTime } from './timeEntry';
import './timelogs.css';
import { PersonName } from '../people/PersonName';

/**
 * The Timelogs tab (doc 2 §2): Tracked, Date, Comment, User, Created At, Actions, and '{n} timelogs found'. Edit and
 * delete appear only where the server's abilities allow them (never for freelancers).
 */
export function TaskTimelogs({ taskUuid }: { taskUuid: string }) {
  return (
    <TimelogsTable
      listKey={[...TIME_LOGS_KEY, 'task', taskUuid]}
      load={(params, signal) => listTaskTimeLogs(taskUuid, params, signal)}
      ownerKey={TASKS_KEY}
      testId="task-timelogs"
    />
  );
}

/** A duration typed in place ('1:30', '130', '90' → minutes); what cannot be read goes as 0, which the server refuses. */
function timeTextToMinutes(text: string): number {
  const minutes = timeInputToMinutes(formatTimeInput(text));
  return Number.isFinite(minutes) ? minutes : 0;
}

/**
 * The Timelogs table of a task or a request, on the embedded data table: `load` reads one page in the table's sort
 * (Tracked, Date, User, Created At; newest date first until a column is chosen), `ownerKey` is refreshed with the
 * time logs after an edit or delete (its totals change), `toolbar` sits beside Reload. Sort, page size and hidden
 * columns are remembered per tab kind (`testId`), for every task or request.
 */
export function TimelogsTable({
  listKey,
  load,
  ownerKey,
  testId,
  toolbar,
}: {
  listKey: readonly unknown[];
  load(params: TableListParams, signal: AbortSignal): Promise<ListResponse<TimeLog>>;
  ownerKey: readonly unknown[];
  testId: string;
  toolbar?: ReactNode;
}) {
  const queryClient = useQueryClient();
  const table = useEmbeddedTableState(testId, { pageSizes: [10, 25, 50] });
  const [editing, setEditing] = useState<TimeLog | null>(null);
  const logs = useQuery({
    queryKey: [...listKey, ...table.queryKey],
    queryFn: ({ signal }) => load(table.listParams, signal),
    placeholderData: keepPreviousData,
  });
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: TIME_LOGS_KEY });
    void queryClient.invalidateQueries({ queryKey: ownerKey });
  };
  const remove = useMutation({ mutationFn: deleteTimeLog, onSuccess: refresh });
  const save = useMutation({
    mutationFn: ({
      uuid,
      minutes,
      date,
      description,
    }: {
      uuid: string;
      minutes: number;
      date: string;
      description: string;
    }) => updateTimeLog(uuid, { minutes, date, description }),
    onSuccess: () => {
      reportSuccess('Updated the changes.');
      setEditing(null);
      refresh();
    },
  });
  const rows = logs.data?.data ?? [];
  const anyActions = rows.some((row) => row.abilities.update || row.abilities.delete);

  const columns: DataColumn<TimeLog>[] = [
    {
      key: 'tracked',
      title: 'Tracked',
      dataIndex: 'elapsed_minutes',
      sortKey: 'minutes',
      edit: { field: 'minutes', toText: (m) => minutesToTimeInput(Number(m)), fromText: timeTextToMinutes },
      render: (minutes: number, row) => (
        <span data-testid="timelog-tracked">
          {formatMinutes(minutes)}
          {row.status !== 'completed' ? ` (${row.status})` : ''}
        </span>
      ),
    },
    { key: 'date', title: 'Date', dataIndex: 'date', sortKey: 'date', render: (date: string) => isoToUsDate(date) },
    {
      key: 'comment',
      title: 'Comment',
      dataIndex: 'description',
      edit: { field: 'description', maxLength: 5000 },
      render: (text: string | null) => text ?? '',
    },
    {
      key: 'user',
      title: 'User',
      sortKey: 'user.name',
      render: (_, log) => <PersonName uuid={log.user.uuid} name={log.user.name} />,
    },
    {
      key: 'created_at',
      title: 'Created At',
      dataIndex: 'created_at',
      sortKey: 'created_at',
      render: (at: string) => usDateTime(at),
    },
  ];
  if (anyActions) {
    columns.push({
      key: 'actions',
      title: 'Actions',
      render: (_: unknown, row: TimeLog) => (
        <Space>
          {row.abilities.update && row.status === 'completed' ? (
            <Button
              size="small"
              icon={<EditOutlined />}
              aria-label="Edit"
              onClick={() => setEditing(row)}
              data-testid="timelog-edit"
            />
          ) : null}
          {row.abilities.delete ? (
            <Popconfirm
              title={MESSAGES.confirmDeleteTimelog}
              okText="Yes"
              cancelText="No"
              onConfirm={() => remove.mutate(row.uuid)}
              okButtonProps={{ 'data-testid': 'timelog-delete-confirm' } as never}
            >
              <Button size="small" danger icon={<DeleteOutlined />} aria-label="Delete" data-testid="timelog-delete" />
            </Popconfirm>
          ) : null}
        </Space>
      ),
    });
  }

  return (
    <div data-testid={testId}>
      <DataTable<TimeLog>
        table={table}
        query={logs}
        columns={columns}
        testId={testId}
        filters={
          <Typography.Text type="secondary" data-testid={`${testId}-count`}>
            {logs.data?.meta.total ?? 0} timelogs found
          </Typography.Text>
        }
        extra={toolbar}
        // The same rows the Edit button opens, corrected in place; the task's or request's totals refresh after.
        rowEdit={{
          url: 'time-log',
          canEdit: (row) => row.abilities.update && row.status === 'completed',
          onSaved: refresh,
        }}
        locale={{ emptyText: 'No time logged yet' }}
        onRow={() => ({ 'data-testid': 'timelog-row' }) as React.HTMLAttributes<HTMLElement>}
      />
      {editing ? (
        <TimeEntryModal
          title="Edit time entry"
          initial={{ time: minutesToTimeInput(editing.minutes), date: editing.date, description: editing.description }}
          saving={save.isPending}
          onCancel={() => setEditing(null)}
          onSubmit={(values) => save.mutate({ uuid: editing.uuid, ...values })}
        />
      ) : null}
    </div>
  );
}
