import { CopyOutlined, LinkOutlined } from '@ant-design/icons';
import type { Task } from '@portal/domain';
import { Button, Space, Tooltip } from 'antd';
import { useAbility } from '../../auth/useAbility';
import { useOpenTask } from './useOpenTask';

/** The edit drawer's header actions: save state, Copy and Relate task. */
export function TaskDrawerActions({
  task,
  saving,
  hasUnsaved,
  canEdit,
  onRelate,
}: {
  task: Task;
  saving: boolean;
  hasUnsaved: boolean;
  canEdit: boolean;
  onRelate(): void;
}) {
  const ability = useAbility();
  const openTask = useOpenTask();
  return (
    <Space>
      <span className="task-save-state" data-testid="task-save-state">
        {saving ? 'Saving…' : hasUnsaved ? 'Unsaved' : 'Saved'}
      </span>
      {ability.can('TASKS_CREATE') && task.status !== 'seed' ? (
        <Tooltip title="Create a copy of this task">
          <Button
            size="small"
            icon={<CopyOutlined />}
            onClick={() => openTask('create', { task_copy_uuid: task.uuid })}
            data-testid="task-copy"
          >
            Copy
          </Button>
        </Tooltip>
      ) : null}
      {canEdit ? (
        <Tooltip title="Relate this task to another as Parent or Child">
          <Button size="small" icon={<LinkOutlined />} onClick={onRelate} data-testid="task-relate">
            Relate task
          </Button>
        </Tooltip>
      ) : null}
    </Space>
  );
}
