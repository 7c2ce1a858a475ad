import { DeleteOutlined, ExportOutlined, PlusOutlined } from '@ant-design/icons';
import type { Subtask, Task, TaskRequestRef } from '@portal/domain';
import { useIsFetching, useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, Space, Tag, Typography } from 'antd';
import { Link } from 'react-router';
import { useAbility } from '../../auth/useAbility';
import { type DataColumn, DataTable, useEmbeddedTableState } from '../../components/DataTable';
import { ConfirmButton } from '../common/ConfirmButton';
import { PersonNames } from '../people/PersonName';
import { isoToUsDate } from '../timelogs/timeEntry';
import { TASKS_KEY, taskKey, updateTask } from './api';
import { TASK_STATUS_COLOURS, taskStatusLabel } from './taskRules';

/**
 * Subtasks with their count (doc 2 §2): Status, Request, Due date, Assignees, Followers; open and remove (which
 * detaches the subtask from this task); a double-click opens it; 'Add subtask' opens the creator with this parent.
 * The title leads each row: without it the rows could not be told apart. The rows come with the task, so the
 * embedded table sorts them itself (Title, Status, Request, Due date; sort and hidden columns remembered for every
 * task) and Reload reads the task again.
 */
export function SubtasksSection({
  task,
  canEdit,
  onOpen,
  onAdd,
}: {
  task: Task;
  canEdit: boolean;
  onOpen(uuid: string): void;
  onAdd(): void;
}) {
  const queryClient = useQueryClient();
  // Only those who may open requests get a link to one, as with the drawer's Request card.
  const canOpenRequests = useAbility().can('REQUEST_READ');
  const detach = useMutation({
    mutationFn: (uuid: string) => updateTask(uuid, { parent_id: null }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: taskKey(task.uuid) });
      void queryClient.invalidateQueries({ queryKey: [...TASKS_KEY, 'list'] });
    },
  });
  const names = (people: { uuid: string; name: string }[]) => <PersonNames people={people} />;
  const table = useEmbeddedTableState('subtasks', { serverPaging: false });
  const reloading = useIsFetching({ queryKey: taskKey(task.uuid) }) > 0;
  const query = {
    data: { data: task.subtasks },
    isFetching: reloading,
    refetch: () => queryClient.invalidateQueries({ queryKey: taskKey(task.uuid) }),
  };
  const columns: DataColumn<Subtask>[] = [
    {
      key: 'title',
      title: 'Title',
      dataIndex: 'title',
      sortKey: 'title',
      render: (title: string) => <span data-testid="subtask-title">{title}</span>,
    },
    {
      key: 'status',
      title: 'Status',
      dataIndex: 'status',
      sortKey: 'status',
      render: (status: string) => <Tag color={TASK_STATUS_COLOURS[status]}>{taskStatusLabel(status)}</Tag>,
    },
    {
      key: 'request',
      title: 'Request',
      dataIndex: 'request',
      sortKey: 'request.subject',
      render: (request: TaskRequestRef | null) =>
        request && canOpenRequests ? (
          <Link to={`/requests/${request.uuid}`} data-testid="subtask-request">
            {request.subject}
          </Link>
        ) : request ? (
          <span data-testid="subtask-request">{request.subject}</span>
        ) : null,
    },
    {
      key: 'end_date',
      title: 'Due date',
      dataIndex: 'end_date',
      sortKey: 'end_date',
      render: (d: string | null) => isoToUsDate(d),
    },
    { key: 'responsibles', title: 'Assignees', dataIndex: 'responsibles', render: names },
    { key: 'followers', title: 'Followers', dataIndex: 'followers', render: names },
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
            onClick={() => onOpen(row.uuid)}
            data-testid="subtask-open"
          />
          {canEdit ? (
            <ConfirmButton
              question="Do you want to remove this subtask from the task?"
              onConfirm={() => detach.mutate(row.uuid)}
              testId="subtask-remove"
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
    <section className="task-section" data-testid="task-subtasks">
      <div className="task-section-head">
        <Typography.Title level={5} style={{ margin: 0 }}>
          Subtasks <Tag data-testid="task-subtasks-count">{task.subtasks.length}</Tag>
        </Typography.Title>
        {canEdit ? (
          <Button size="small" icon={<PlusOutlined />} onClick={onAdd} data-testid="task-add-subtask">
            Add subtask
          </Button>
        ) : null}
      </div>
      {task.subtasks.length > 0 ? (
        <DataTable<Subtask>
          table={table}
          query={query}
          columns={columns}
          testId="task-subtasks"
          onRow={(row) =>
            ({
              onDoubleClick: () => onOpen(row.uuid),
              'data-testid': 'subtask-row',
            }) as React.HTMLAttributes<HTMLElement>
          }
        />
      ) : null}
    </section>
  );
}
