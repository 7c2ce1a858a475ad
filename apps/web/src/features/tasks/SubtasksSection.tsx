import { DeleteOutlined, ExportOutlined, PlusOutlined } from '@ant-design/icons';
import type { Subtask, Task, TaskRequestRef } from '@portal/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, Popconfirm, Space, Table, Tag, Typography } from 'antd';
import { Link } from 'react-router';
import { useAbility } from '../../auth/useAbility';
import { PersonNames } from '../people/PersonName';
import { isoToUsDate } from '../timelogs/timeEntry';
import { TASKS_KEY, taskKey, updateTask } from './api';
import { TASK_STATUS_COLOURS, taskStatusLabel } from './taskRules';

/**
 * Subtasks with their count (doc 2 §2): Status, Request, Due date, Assignees, Followers; open and remove (which
 * detaches the subtask from this task); a double-click opens it; 'Add subtask' opens the creator with this parent.
 * The title leads each row: without it the rows could not be told apart.
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
        <Table<Subtask>
          rowKey="uuid"
          size="small"
          pagination={false}
          dataSource={task.subtasks}
          onRow={(row) =>
            ({
              onDoubleClick: () => onOpen(row.uuid),
              'data-testid': 'subtask-row',
            }) as React.HTMLAttributes<HTMLElement>
          }
          columns={[
            {
              title: 'Title',
              dataIndex: 'title',
              render: (title: string) => <span data-testid="subtask-title">{title}</span>,
            },
            {
              title: 'Status',
              dataIndex: 'status',
              render: (status: string) => <Tag color={TASK_STATUS_COLOURS[status]}>{taskStatusLabel(status)}</Tag>,
            },
            {
              title: 'Request',
              dataIndex: 'request',
              render: (request: TaskRequestRef | null) =>
                request && canOpenRequests ? (
                  <Link to={`/requests/${request.uuid}`} data-testid="subtask-request">
                    {request.subject}
                  </Link>
                ) : request ? (
                  <span data-testid="subtask-request">{request.subject}</span>
                ) : null,
            },
            { title: 'Due date', dataIndex: 'end_date', render: (d: string | null) => isoToUsDate(d) },
            { title: 'Assignees', dataIndex: 'responsibles', render: names },
            { title: 'Followers', dataIndex: 'followers', render: names },
            {
              title: '',
              key: 'actions',
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
                    <Popconfirm
                      title="Do you want to remove this subtask from the task?"
                      okText="Yes"
                      cancelText="No"
                      onConfirm={() => detach.mutate(row.uuid)}
                    >
                      <Button
                        size="small"
                        type="text"
                        danger
                        icon={<DeleteOutlined />}
                        aria-label="Remove"
                        data-testid="subtask-remove"
                      />
                    </Popconfirm>
                  ) : null}
                </Space>
              ),
            },
          ]}
        />
      ) : null}
    </section>
  );
}
