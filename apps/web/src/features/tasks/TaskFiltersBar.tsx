import { TASK_FILTER_STATUSES, type TaskStatus } from '@portal/domain';
import { Button, Checkbox, Select, Space } from 'antd';
import type { ReactNode } from 'react';
import { useCurrentUser } from '../../auth/queries';
import { DateRangeInputs } from './DateRangeInputs';
import type { TaskFilters, TaskView } from './taskFilters';
import { KANBAN_STATUSES } from './taskFilters';
import { taskStatusLabel } from './taskRules';

/** The filters of the task screens: status, tags, created by ('My tasks'), responsible, overdue, dates, search. */
export function TaskFiltersBar({
  view,
  filters,
  onChange,
  search,
  users,
  tags,
}: {
  view: TaskView;
  filters: TaskFilters;
  onChange(next: TaskFilters): void;
  /** The search box (the data table's, so the search lives in the address). */
  search: ReactNode;
  users: { uuid: string; name: string }[];
  tags: string[];
}) {
  const me = useCurrentUser().data;
  const statusChoices = view === 'kanban' ? KANBAN_STATUSES : TASK_FILTER_STATUSES;
  const userOptions = users.map((u) => ({ value: u.uuid, label: u.name }));
  const mine = Boolean(me && filters.creators.length === 1 && filters.creators[0] === me.uuid);
  return (
    <div className="task-filters" data-testid="task-filters">
      <Space wrap>
        {search}
        <Select
          mode="multiple"
          allowClear
          placeholder="Status"
          value={filters.statuses.filter((s) => statusChoices.includes(s))}
          onChange={(statuses: TaskStatus[]) => onChange({ ...filters, statuses })}
          options={statusChoices.map((s) => ({ value: s, label: taskStatusLabel(s) }))}
          style={{ minWidth: 180 }}
          maxTagCount="responsive"
          aria-label="Filter by status"
          data-testid="tasks-status-filter"
        />
        <Select
          mode="multiple"
          allowClear
          placeholder="Tags"
          value={filters.tags}
          onChange={(next: string[]) => onChange({ ...filters, tags: next })}
          options={tags.map((t) => ({ value: t, label: t }))}
          style={{ minWidth: 140 }}
          maxTagCount="responsive"
          aria-label="Filter by tags"
          data-testid="tasks-tags-filter"
        />
        <Select
          mode="multiple"
          allowClear
          placeholder="Created by"
          value={filters.creators}
          onChange={(creators: string[]) => onChange({ ...filters, creators })}
          options={[
            ...(me ? [{ value: me.uuid, label: 'My tasks' }] : []),
            ...userOptions.filter((o) => o.value !== me?.uuid),
          ]}
          optionFilterProp="label"
          style={{ minWidth: 160 }}
          maxTagCount="responsive"
          aria-label="Filter by creator"
          data-testid="tasks-creator-filter"
        />
        <Button
          type={mine ? 'primary' : 'default'}
          onClick={() => onChange({ ...filters, creators: mine || !me ? [] : [me.uuid] })}
          data-testid="tasks-my-tasks"
        >
          My tasks
        </Button>
        <Select
          mode="multiple"
          allowClear
          placeholder="Responsible"
          value={filters.responsibles}
          onChange={(responsibles: string[]) => onChange({ ...filters, responsibles })}
          options={userOptions}
          optionFilterProp="label"
          style={{ minWidth: 160 }}
          maxTagCount="responsive"
          aria-label="Filter by responsible"
          data-testid="tasks-responsible-filter"
        />
        <Checkbox
          checked={filters.overdueOnly}
          onChange={(e) => onChange({ ...filters, overdueOnly: e.target.checked })}
          data-testid="tasks-overdue-filter"
        >
          Overdue only
        </Checkbox>
      </Space>
      <Space wrap style={{ marginTop: 8 }}>
        <span className="task-field-label">Created</span>
        <DateRangeInputs
          testIds={['tasks-created-from', 'tasks-created-to']}
          start={filters.createdFrom}
          end={filters.createdTo}
          onChange={(patch) =>
            onChange({
              ...filters,
              ...('start_date' in patch ? { createdFrom: patch.start_date ?? null } : {}),
              ...('end_date' in patch ? { createdTo: patch.end_date ?? null } : {}),
            })
          }
        />
        <span className="task-field-label">Due</span>
        <DateRangeInputs
          testIds={['tasks-due-from', 'tasks-due-to']}
          start={filters.dueFrom}
          end={filters.dueTo}
          onChange={(patch) =>
            onChange({
              ...filters,
              ...('start_date' in patch ? { dueFrom: patch.start_date ?? null } : {}),
              ...('end_date' in patch ? { dueTo: patch.end_date ?? null } : {}),
            })
          }
        />
      </Space>
    </div>
  );
}
