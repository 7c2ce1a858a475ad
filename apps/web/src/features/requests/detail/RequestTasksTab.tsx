import { DeleteOutlined, ExportOutlined, LinkOutlined, PlusOutlined } from '@ant-design/icons';
import { formatMinutes, MESSAGES, type RequestDetail, type RequestTask } from '@portal/domain';
import { useIsFetching, useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, Empty, Space, Tag } from 'antd';
import { useState } from 'react';
import { useAbility } from '../../../auth/useAbility';
import { type DataColumn, DataTable, useEmbeddedTableState } from '../../../components/DataTable';
import { ConfirmButton } from '../../common/ConfirmButton';
import { TASKS_KEY } from '../../tasks/api';
import { TASK_STATUS_COLOURS, taskStatusLabel } from '../../tasks/taskRules';
import { useOpenTask } from '../../tasks/useOpenTask';
import { isoToUsDate } from '../../timelogs/timeEntry';
import { RelateTasksModal } from '../dialogs/RelateTasksModal';
import { REQUESTS_KEY } from '../list/api';
import { requestKey, unrelateTask } from './api';
// The titles are link buttons (`.link-button`); opened straight from a link, no task screen has loaded that style.
import '../../tasks/tasks.css';

/**
 * The request's tasks (doc 2 §2, §4): open one in the task drawer, relate tasks of the plan ('Relate task'), remove
 * one with a confirm, and 'New task', which opens the task creator with this request. The tasks come with the
 * request, so the embedded table sorts them itself; Reload reads the request again.
 */
export function RequestTasksTab({ request, onNewTask }: { request: RequestDetail; onNewTask(): void }) {
  const ability = useAbility();
  const queryClient = useQueryClient();
  const openTask = useOpenTask();
  const [relating, setRelating] = useState(false);
  // Relating from the request's side is staff work on the request (server: regular users with REQUEST_UPDATE).
  const canRelate = ability.isRegularUser && ability.can('REQUEST_UPDATE');
  const remove = useMutation({
    mutationFn: (taskUuid: string) => unrelateTask(request.uuid, taskUuid),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: REQUESTS_KEY });
      void queryClient.invalidateQueries({ queryKey: TASKS_KEY });
    },
  });
  const table = useEmbeddedTableState('request-tasks', { serverPaging: false });
  const reloading = useIsFetching({ queryKey: requestKey(request.uuid) }) > 0;
  const query = {
    data: { data: request.tasks ?? [] },
    isFetching: reloading,
    refetch: () => queryClient.invalidateQueries({ queryKey: requestKey(request.uuid) }),
  };
  const columns: DataColumn<RequestTask>[] = [
    {
      key: 'title',
      title: 'Title',
      dataIndex: 'title',
      sortKey: 'title',
      render: (title: string, row) => (
        <button
          type="button"
          className="link-button"
          onClick={() => openTask(row.uuid)}
          data-testid="request-task-title"
        >
          {title}
        </button>
      ),
    },
    {
      key: 'status',
      title: 'Status',
      dataIndex: 'status',
      sortKey: 'status',
      render: (status: string) => <Tag color={TASK_STATUS_COLOURS[status]}>{taskStatusLabel(status)}</Tag>,
    },
    {
      key: 'end_date',
      title: 'Due date',
      dataIndex: 'end_date',
      sortKey: 'end_date',
      render: (d: string | null) => isoToUsDate(d),
    },
    { key: 'responsibles_count', title: 'Assignees', dataIndex: 'responsibles_count', sortKey: 'responsibles_count' },
    {
      key: 'total_timelogs',
      title: 'Tracked',
      dataIndex: 'total_timelogs',
      sortKey: 'total_timelogs',
      render: (m: number) => formatMinutes(m),
    },
    {
      key: 'actions',
      title: '',
      render: (_: unknown, row) => (
        <Space size={4}>
          <Button
            size="small"
            type="text"
            icon={<ExportOutlined />}
            aria-label="Open"
            onClick={() => openTask(row.uuid)}
          />
          {canRelate ? (
            <ConfirmButton
              question={MESSAGES.confirmRemoveTaskFromRequest}
              onConfirm={() => remove.mutate(row.uuid)}
              testId="request-task-remove"
              size="small"
              type="text"
              danger
              icon={<DeleteOutlined />}
              aria-label="Remove"
            />
          ) : null}
        </Space>
      ),
    },
  ];
  return (
    <div data-testid="request-tasks">
      <DataTable<RequestTask>
        table={table}
        query={query}
        columns={columns}
        testId="request-tasks"
        filters={
          <>
            {canRelate ? (
              <Button icon={<LinkOutlined />} onClick={() => setRelating(true)} data-testid="request-relate-task">
                Relate task
              </Button>
            ) : null}
            {ability.can('TASKS_CREATE') ? (
              <Button type="primary" icon={<PlusOutlined />} onClick={onNewTask} data-testid="request-new-task">
                New task
              </Button>
            ) : null}
          </>
        }
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={MESSAGES.noTasks} /> }}
        onRow={(row) =>
          ({
            onDoubleClick: () => openTask(row.uuid),
            'data-testid': 'request-task-row',
          }) as React.HTMLAttributes<HTMLElement>
        }
      />
      {relating ? <RelateTasksModal request={request} onClose={() => setRelating(false)} /> : null}
    </div>
  );
}
