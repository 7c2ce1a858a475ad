import { useQuery } from '@tanstack/react-query';
import { Alert, Drawer, Skeleton } from 'antd';
import { useSearchParams } from 'react-router';
import { getTask, taskKey } from './api';
import { CreateTaskDrawer } from './CreateTaskDrawer';
import { EditTaskDrawer } from './EditTaskDrawer';
import { taskLoadErrorMessage } from './taskLoadError';
import { useDrawerWidth } from './useDrawerWidth';
import { presetPlanOf } from './useTaskParam';
import './tasks.css';

/** task_uuid=<uuid>|create: the task drawer, 640 wide (doc 2 §2). */
export function TaskDrawer({ target, onClose }: { target: string; onClose(): void }) {
  const [params] = useSearchParams();
  if (target === 'create') {
    return (
      <CreateTaskDrawer
        key={params.toString()}
        parentId={params.get('task_parent_id')}
        personal={params.get('task_personal') === 'true' || params.get('task_personal') === '1'}
        status={params.get('task_status')}
        copyUuid={params.get('task_copy_uuid')}
        projectId={presetPlanOf(params)}
        requestId={params.get('task_request')}
        uploadId={params.get('task_upload')}
        onClose={onClose}
      />
    );
  }
  return <ExistingTask key={target} uuid={target} onClose={onClose} />;
}

/** Loads the task; the edit drawer opens once it is there, a skeleton or the load error until then. */
function ExistingTask({ uuid, onClose }: { uuid: string; onClose(): void }) {
  const drawerWidth = useDrawerWidth();
  const task = useQuery({
    queryKey: taskKey(uuid),
    queryFn: ({ signal }) => getTask(uuid, signal),
    meta: { silentError: true },
  });
  if (task.data) {
    return <EditTaskDrawer task={task.data} onClose={onClose} />;
  }
  return (
    <Drawer open size={drawerWidth} onClose={onClose} title="Task" data-testid="task-drawer">
      {task.isError ? (
        <Alert type="warning" showIcon title={taskLoadErrorMessage(task.error)} data-testid="task-load-error" />
      ) : (
        <Skeleton active paragraph={{ rows: 8 }} />
      )}
    </Drawer>
  );
}
