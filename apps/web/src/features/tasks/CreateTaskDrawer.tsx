import { TASK_STATUSES, type TaskStatus } from '@portal/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Drawer, Skeleton } from 'antd';
import { useRef } from 'react';
import { useCurrentUser } from '../../auth/queries';
import { reportSuccess } from '../../shell/feedback';
import { localIsoDate } from '../timelogs/timeEntry';
import { copyUploadForTask } from '../uploads/api';
import { getPersonalPlan, getTask, TASKS_KEY, taskKey } from './api';
import { CreateTaskForm } from './CreateTaskForm';
import { copyDraft, newTaskDraft } from './taskForm';
import { useDrawerWidth } from './useDrawerWidth';
import { useOpenTask } from './useOpenTask';

/** task_uuid=create: loads what the new task starts from (parent, copied task, personal plan), then the form. */
export function CreateTaskDrawer({
  parentId,
  personal,
  status,
  copyUuid,
  projectId,
  requestId = null,
  uploadId = null,
  onClose,
}: {
  parentId: string | null;
  personal: boolean;
  status: string | null;
  copyUuid: string | null;
  projectId: string | null;
  /** The request the new task is related to (add_requests). */
  requestId?: string | null;
  /** A file to start with: the creator works on the caller's own copy of it (POST uploads/{uuid}/copy). */
  uploadId?: string | null;
  onClose(): void;
}) {
  const queryClient = useQueryClient();
  const drawerWidth = useDrawerWidth();
  const openTask = useOpenTask();
  const me = useCurrentUser().data;
  const today = localIsoDate(new Date());
  const presetStatus = TASK_STATUSES.includes(status as TaskStatus) ? (status as TaskStatus) : null;
  const parent = useQuery({
    queryKey: taskKey(parentId ?? ''),
    queryFn: ({ signal }) => getTask(parentId as string, signal),
    enabled: Boolean(parentId),
  });
  const source = useQuery({
    queryKey: taskKey(copyUuid ?? ''),
    queryFn: ({ signal }) => getTask(copyUuid as string, signal),
    enabled: Boolean(copyUuid),
  });
  const personalPlan = useQuery({
    queryKey: ['plans', 'personal'],
    queryFn: ({ signal }) => getPersonalPlan(signal),
    enabled: personal,
  });
  const upload = useQuery({
    queryKey: ['uploads', 'copy', uploadId],
    queryFn: () => copyUploadForTask(uploadId as string),
    enabled: Boolean(uploadId),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
  const lockedPlan = parentId
    ? parent.data?.project
    : personal
      ? personalPlan.data && { uuid: personalPlan.data.uuid, title: personalPlan.data.title }
      : undefined;
  const waiting =
    (parentId && parent.isPending) ||
    (copyUuid && source.isPending) ||
    (personal && personalPlan.isPending) ||
    (uploadId && upload.isPending);
  // The form decides whether closing needs the unsaved-changes question.
  const closeRequest = useRef<() => void>(onClose);

  return (
    <Drawer
      open
      size={drawerWidth}
      onClose={() => closeRequest.current()}
      title={parentId ? 'New subtask' : 'New task'}
      data-testid="task-drawer"
      destroyOnHidden
    >
      {waiting || !me ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : (
        <CreateTaskForm
          initial={(() => {
            const base = source.data
              ? copyDraft(source.data, today)
              : newTaskDraft(today, { status: presetStatus, projectId: lockedPlan?.uuid ?? projectId });
            if (lockedPlan) {
              base.project_id = lockedPlan.uuid;
            }
            if (personal) {
              base.responsibles = [me.uuid];
              base.followers = base.followers.filter((u) => u !== me.uuid);
            }
            return base;
          })()}
          lockedPlan={lockedPlan ?? undefined}
          personal={personal}
          closeRequest={closeRequest}
          parentId={parentId}
          requestId={requestId}
          uploads={upload.data ? [upload.data] : []}
          onClose={onClose}
          onCreated={(task) => {
            void queryClient.invalidateQueries({ queryKey: [...TASKS_KEY, 'list'] });
            if (parentId) {
              void queryClient.invalidateQueries({ queryKey: taskKey(parentId) });
            }
            if (requestId) {
              // The request's Tasks tab (the requests feature keys its queries under 'requests').
              void queryClient.invalidateQueries({ queryKey: ['requests'] });
            }
            queryClient.setQueryData(taskKey(task.uuid), task);
            reportSuccess('Task created');
            openTask(task.uuid, {}, true);
          }}
        />
      )}
    </Drawer>
  );
}
