import { DisconnectOutlined } from '@ant-design/icons';
import { MESSAGES, type Task } from '@portal/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, Popconfirm } from 'antd';
import { reportSuccess } from '../../shell/feedback';
import { TASKS_KEY, updateTask } from './api';

/** "Parent: <title>" under a subtask's fields; editors can remove the relation after a confirmation. */
export function TaskParentLine({
  task,
  parent,
  canEdit,
  onOpen,
}: {
  task: Task;
  parent: NonNullable<Task['parent']>;
  canEdit: boolean;
  onOpen(uuid: string): void;
}) {
  const queryClient = useQueryClient();
  const unrelate = useMutation({
    mutationFn: () => updateTask(task.uuid, { parent_id: null }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: [...TASKS_KEY, 'one'] });
      void queryClient.invalidateQueries({ queryKey: [...TASKS_KEY, 'list'] });
      reportSuccess(MESSAGES.relationUpdated);
    },
  });
  return (
    <div className="task-parent-line">
      Parent:{' '}
      <button type="button" className="link-button" onClick={() => onOpen(parent.uuid)} data-testid="task-parent-link">
        {parent.title}
      </button>
      {canEdit ? (
        <Popconfirm
          title="Do you want to remove the relation to the parent task?"
          okText="Yes"
          cancelText="No"
          onConfirm={() => unrelate.mutate()}
        >
          <Button
            size="small"
            type="text"
            danger
            icon={<DisconnectOutlined />}
            aria-label="Remove the relation"
            loading={unrelate.isPending}
            data-testid="task-parent-remove"
          />
        </Popconfirm>
      ) : null}
    </div>
  );
}
