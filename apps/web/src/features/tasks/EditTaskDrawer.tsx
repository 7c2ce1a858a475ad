import type { Task } from '@portal/domain';
import { Drawer } from 'antd';
import { useState } from 'react';
import { useAbility } from '../../auth/useAbility';
import { TaskRequestCard } from '../requests/dialogs/TaskRequestCard';
import { TimeTracker } from '../timelogs/TimeTracker';
import { RelationModal } from './RelationModal';
import { SubtasksSection } from './SubtasksSection';
import { TaskDescription } from './TaskDescription';
import { TaskDrawerActions } from './TaskDrawerActions';
import { TaskFields } from './TaskFields';
import { TaskParentLine } from './TaskParentLine';
import { TaskTabs } from './TaskTabs';
import { UnsavedChangesModal } from './UnsavedChangesModal';
import { useDrawerWidth } from './useDrawerWidth';
import { useOpenTask } from './useOpenTask';
import { useTaskAssets } from './useTaskAssets';
import { useTaskAutosave } from './useTaskAutosave';
import { useTaskChoices } from './useTaskChoices';
import { useUnsavedClose } from './useUnsavedClose';

/** An existing task in the drawer: fields saved as they change, description, subtasks and tabs. */
export function EditTaskDrawer({ task, onClose }: { task: Task; onClose(): void }) {
  const drawerWidth = useDrawerWidth();
  const ability = useAbility();
  const openTask = useOpenTask();
  const editor = useTaskAutosave(task);
  const choices = useTaskChoices(false);
  const closer = useUnsavedClose(editor, onClose);
  const [relating, setRelating] = useState(false);
  const canEdit = ability.can('TASKS_UPDATE');
  const assets = useTaskAssets(task, canEdit);
  const contactResponsible = task.related_users.some((u) => u.pivot === 'responsible' && u.type === 'contact');

  return (
    <Drawer
      open
      size={drawerWidth}
      onClose={assets.guardClose(closer.requestClose)}
      title={<span data-testid="task-drawer-heading">{task.parent ? `Subtask of ${task.parent.title}` : 'Task'}</span>}
      extra={
        <TaskDrawerActions
          task={task}
          saving={editor.saving}
          hasUnsaved={editor.hasUnsaved}
          canEdit={canEdit}
          onRelate={() => setRelating(true)}
        />
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
        creator={task.creator ? { ...task.creator, created_at: task.created_at } : null}
        contactResponsible={contactResponsible}
        savedStatus={task.status}
        readOnly={!canEdit}
        responsibleLocked={task.project.personal}
        timeTracking={ability.can('TIMELOG_READ') ? <TimeTracker task={task} users={choices.users} /> : undefined}
      />
      {task.parent ? (
        <TaskParentLine task={task} parent={task.parent} canEdit={canEdit} onOpen={(uuid) => openTask(uuid)} />
      ) : null}
      <TaskDescription taskUuid={task.uuid} readOnly={!canEdit} onPendingChange={closer.trackDescription} />
      {assets.section}
      <SubtasksSection
        task={task}
        canEdit={canEdit && ability.can('TASKS_CREATE') && !task.parent}
        onOpen={(sub) => openTask(sub)}
        onAdd={() => openTask('create', { task_parent_id: task.uuid })}
      />
      {ability.can('REQUEST_READ') ? <TaskRequestCard task={task} canEdit={canEdit} /> : null}
      <TaskTabs taskUuid={task.uuid} planUuid={task.project?.uuid} />
      {relating ? <RelationModal task={task} onClose={() => setRelating(false)} /> : null}
      {closer.askUnsaved ? (
        <UnsavedChangesModal
          saving={closer.closing}
          onSave={() => void closer.saveAndClose()}
          onDiscard={onClose}
          onCancel={closer.cancelClose}
        />
      ) : null}
    </Drawer>
  );
}
