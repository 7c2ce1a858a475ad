import { CopyOutlined, DisconnectOutlined, LinkOutlined } from '@ant-design/icons';
import { MESSAGES, TASK_STATUSES, type Task, type TaskStatus } from '@portal/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Drawer, Popconfirm, Skeleton, Space, Tabs, Tooltip } from 'antd';
import { useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { describeError } from '../../api/errors';
import { useCurrentUser } from '../../auth/queries';
import { useAbility } from '../../auth/useAbility';
import { useIsNarrow } from '../../layout/useMediaQuery';
import { reportSuccess } from '../../shell/feedback';
import { TaskTimelogs } from '../timelogs/TaskTimelogs';
import { TimeTracker } from '../timelogs/TimeTracker';
import { localIsoDate } from '../timelogs/timeEntry';
import { createTask, getPersonalPlan, getTask, TASKS_KEY, taskKey, updateTask } from './api';
import { RelationModal } from './RelationModal';
import { SubtasksSection } from './SubtasksSection';
import { TaskActivity } from './TaskActivity';
import { TaskDescription } from './TaskDescription';
import { TaskFields } from './TaskFields';
import { copyDraft, createPayload, newTaskDraft, type TaskDraft, validateDraft } from './taskForm';
import { UnsavedChangesModal } from './UnsavedChangesModal';
import { useTaskAutosave } from './useTaskAutosave';
import { useTaskChoices } from './useTaskChoices';
import { TASK_PARAMS } from './useTaskParam';
import './tasks.css';

const DRAWER_WIDTH = 640;

/** 640 wide (doc 2 §9); below the mobile breakpoint the drawer takes the whole width. */
function useDrawerWidth(): number | string {
  return useIsNarrow() ? '100%' : DRAWER_WIDTH;
}

/** Opens the drawer on another task (or the creator), dropping the creator's parameters. */
function useOpenTask() {
  const [, setParams] = useSearchParams();
  return (uuid: string, extra: Record<string, string> = {}, replace = false) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const name of TASK_PARAMS) {
          next.delete(name);
        }
        next.set('task_uuid', uuid);
        for (const [key, value] of Object.entries(extra)) {
          next.set(key, value);
        }
        return next;
      },
      { replace },
    );
}

/** task_uuid=<uuid>|create: the task drawer, 640 wide (doc 2 §2). */
export function TaskDrawer({ target, onClose }: { target: string; onClose(): void }) {
  const [params] = useSearchParams();
  if (target === 'create') {
    return (
      <CreateTask
        key={params.toString()}
        parentId={params.get('task_parent_id')}
        personal={params.get('task_personal') === 'true' || params.get('task_personal') === '1'}
        status={params.get('task_status')}
        copyUuid={params.get('task_copy_uuid')}
        projectId={params.get('task_project')}
        onClose={onClose}
      />
    );
  }
  return <ExistingTask key={target} uuid={target} onClose={onClose} />;
}

function ExistingTask({ uuid, onClose }: { uuid: string; onClose(): void }) {
  const drawerWidth = useDrawerWidth();
  const task = useQuery({
    queryKey: taskKey(uuid),
    queryFn: ({ signal }) => getTask(uuid, signal),
    meta: { silentError: true },
  });
  if (task.data) {
    return <EditTask task={task.data} onClose={onClose} />;
  }
  return (
    <Drawer open size={drawerWidth} onClose={onClose} title="Task" data-testid="task-drawer">
      {task.isError ? (
        <Alert
          type="warning"
          showIcon
          title={describeError(task.error) ?? 'Something went wrong. Please reload the page.'}
          data-testid="task-load-error"
        />
      ) : (
        <Skeleton active paragraph={{ rows: 8 }} />
      )}
    </Drawer>
  );
}

function EditTask({ task, onClose }: { task: Task; onClose(): void }) {
  const drawerWidth = useDrawerWidth();
  const ability = useAbility();
  const openTask = useOpenTask();
  const editor = useTaskAutosave(task);
  const choices = useTaskChoices(false);
  const [askUnsaved, setAskUnsaved] = useState(false);
  const [closing, setClosing] = useState(false);
  const [relating, setRelating] = useState(false);
  const queryClient = useQueryClient();
  const unrelate = useMutation({
    mutationFn: () => updateTask(task.uuid, { parent_id: null }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: [...TASKS_KEY, 'one'] });
      void queryClient.invalidateQueries({ queryKey: [...TASKS_KEY, 'list'] });
      reportSuccess(MESSAGES.relationUpdated);
    },
  });
  const descriptionSave = useRef<(() => Promise<void>) | null>(null);
  const [descriptionPending, setDescriptionPending] = useState(false);
  const canEdit = ability.can('TASKS_UPDATE');
  const contactResponsible = task.related_users.some((u) => u.pivot === 'responsible' && u.type === 'contact');

  const requestClose = () => {
    if (editor.hasUnsaved || descriptionPending) {
      setAskUnsaved(true);
    } else {
      onClose();
    }
  };
  const saveAndClose = async () => {
    setClosing(true);
    const [saved] = await Promise.all([editor.flush(), descriptionSave.current?.()]);
    setClosing(false);
    if (saved) {
      onClose();
    } else {
      setAskUnsaved(false);
    }
  };

  return (
    <Drawer
      open
      size={drawerWidth}
      onClose={requestClose}
      title={<span data-testid="task-drawer-heading">{task.parent ? `Subtask of ${task.parent.title}` : 'Task'}</span>}
      extra={
        <Space>
          <span className="task-save-state" data-testid="task-save-state">
            {editor.saving ? 'Saving…' : editor.hasUnsaved ? 'Unsaved' : 'Saved'}
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
              <Button size="small" icon={<LinkOutlined />} onClick={() => setRelating(true)} data-testid="task-relate">
                Relate task
              </Button>
            </Tooltip>
          ) : null}
        </Space>
      }
      data-testid="task-drawer"
      destroyOnHidden
    >
      <TaskFields
        mode="edit"
        draft={editor.draft}
        errors={editor.errors}
        showErrors
        change={editor.change}
        choices={choices}
        projectLocked
        projectTitle={task.project.title}
        creator={task.creator ? { name: task.creator.name, created_at: task.created_at } : null}
        contactResponsible={contactResponsible}
        savedStatus={task.status}
        readOnly={!canEdit}
        responsibleLocked={task.project.personal}
        timeTracking={ability.can('TIMELOG_READ') ? <TimeTracker task={task} users={choices.users} /> : undefined}
      />
      {task.parent ? (
        <div className="task-parent-line">
          Parent:{' '}
          <button
            type="button"
            className="link-button"
            onClick={() => openTask(task.parent?.uuid ?? '')}
            data-testid="task-parent-link"
          >
            {task.parent.title}
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
      ) : null}
      <TaskDescription
        taskUuid={task.uuid}
        readOnly={!canEdit}
        onPendingChange={(save) => {
          descriptionSave.current = save;
          setDescriptionPending(save !== null);
        }}
      />
      <SubtasksSection
        task={task}
        canEdit={canEdit && ability.can('TASKS_CREATE') && !task.parent}
        onOpen={(sub) => openTask(sub)}
        onAdd={() => openTask('create', { task_parent_id: task.uuid })}
      />
      <Tabs
        className="task-tabs"
        items={[
          { key: 'activity', label: 'Task activity', children: <TaskActivity taskUuid={task.uuid} /> },
          ...(ability.can('TIMELOG_READ')
            ? [
                {
                  key: 'timelogs',
                  label: <span data-testid="task-tab-timelogs">Timelogs</span>,
                  children: <TaskTimelogs taskUuid={task.uuid} />,
                },
              ]
            : []),
        ]}
      />
      {relating ? <RelationModal task={task} onClose={() => setRelating(false)} /> : null}
      {askUnsaved ? (
        <UnsavedChangesModal
          saving={closing}
          onSave={() => void saveAndClose()}
          onDiscard={onClose}
          onCancel={() => setAskUnsaved(false)}
        />
      ) : null}
    </Drawer>
  );
}

function CreateTask({
  parentId,
  personal,
  status,
  copyUuid,
  projectId,
  onClose,
}: {
  parentId: string | null;
  personal: boolean;
  status: string | null;
  copyUuid: string | null;
  projectId: string | null;
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
  const lockedPlan = parentId
    ? parent.data?.project
    : personal
      ? personalPlan.data && { uuid: personalPlan.data.uuid, title: personalPlan.data.title }
      : undefined;
  const waiting =
    (parentId && parent.isPending) || (copyUuid && source.isPending) || (personal && personalPlan.isPending);
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
          onClose={onClose}
          onCreated={(task) => {
            void queryClient.invalidateQueries({ queryKey: [...TASKS_KEY, 'list'] });
            if (parentId) {
              void queryClient.invalidateQueries({ queryKey: taskKey(parentId) });
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

function CreateTaskForm({
  initial,
  lockedPlan,
  personal,
  parentId,
  closeRequest,
  onClose,
  onCreated,
}: {
  initial: TaskDraft;
  lockedPlan?: { uuid: string; title: string };
  personal: boolean;
  parentId: string | null;
  closeRequest: { current: () => void };
  onClose(): void;
  onCreated(task: Task): void;
}) {
  const choices = useTaskChoices(!lockedPlan);
  const [draft, setDraft] = useState(initial);
  const [dirty, setDirty] = useState(false);
  const [tried, setTried] = useState(false);
  const [askUnsaved, setAskUnsaved] = useState(false);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const errors = { ...validateDraft(draft, 'create'), ...serverErrors };
  const create = useMutation({
    mutationFn: () => createTask(createPayload(draft, { parentId })),
    onSuccess: onCreated,
    onError: (error) => {
      const fields = (error as { fieldErrors?: Record<string, string[]> }).fieldErrors ?? {};
      const mapped: Record<string, string> = {};
      for (const [name, messages] of Object.entries(fields)) {
        const key = name === 'estimated_time' || name === 'estimated_time_min' ? 'estimate' : name;
        mapped[key] = messages[0] ?? MESSAGES.required;
      }
      setServerErrors(mapped);
      setAskUnsaved(false);
    },
  });
  closeRequest.current = () => (dirty ? setAskUnsaved(true) : onClose());
  const submit = () => {
    setTried(true);
    if (Object.keys(validateDraft(draft, 'create')).length === 0) {
      create.mutate();
    } else {
      setAskUnsaved(false);
    }
  };

  return (
    <div data-testid="task-create">
      <TaskFields
        mode="create"
        draft={draft}
        errors={errors}
        showErrors={tried}
        change={(patch) => {
          setDraft((current) => ({ ...current, ...patch }));
          setDirty(true);
          setServerErrors({});
        }}
        choices={choices}
        projectLocked={Boolean(lockedPlan)}
        projectTitle={lockedPlan?.title}
        contactResponsible={false}
        readOnly={false}
        responsibleLocked={personal}
      />
      <div className="task-create-actions">
        <Button onClick={() => closeRequest.current()} data-testid="task-create-cancel">
          Cancel
        </Button>
        <Button type="primary" loading={create.isPending} onClick={submit} data-testid="task-create-submit">
          Create
        </Button>
      </div>
      {askUnsaved ? (
        <UnsavedChangesModal
          saving={create.isPending}
          onSave={submit}
          onDiscard={onClose}
          onCancel={() => setAskUnsaved(false)}
        />
      ) : null}
    </div>
  );
}
