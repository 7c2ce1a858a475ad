import { PlusOutlined } from '@ant-design/icons';
import { TASK_FILTER_STATUSES, type TaskListItem } from '@portal/domain';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Space, Tabs, Tag } from 'antd';
import { useCallback, useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useAbility } from '../../auth/useAbility';
import { bulkFiltersOf, TableSearch, useTableState } from '../../components/DataTable';
import { reportError } from '../../shell/feedback';
import type { ListResponse } from '../common/listQuery';
import { PageHeader } from '../common/PageHeader';
import { MassDownloadButton } from '../uploads/MassDownloadButton';
import {
  getPersonalPlan,
  listAssignableUsers,
  listPlanChoices,
  listTags,
  listTasks,
  TASKS_KEY,
  updateTask,
} from './api';
import { TaskFiltersBar } from './TaskFiltersBar';
import type { KanbanMove } from './TaskKanban';
import { TaskKanban } from './TaskKanban';
import { noTasks, TaskList, TaskTable } from './TaskTable';
import { TaskTimeline } from './TaskTimeline';
import { taskBulkEdit } from './taskBulkEdit';
import { KANBAN_STATUSES, TASK_VIEWS, type TaskFilters, type TaskView, taskListQuery } from './taskFilters';
import { taskLoadErrorMessage } from './taskLoadError';
import { taskStatusLabel } from './taskRules';
import { TASK_TABLE_FILTERS, taskFiltersFromTable, taskFiltersToTable } from './taskTableFilters';
import './tasks.css';

/**
 * /tasks (optionally ?project=<plan uuid>) and /personal-tasks: the tabs table, list, chart and kanban over one set
 * of filters (doc 2 §2). The tab and plan live in the address; table and list page through the server, chart and
 * kanban load the first 1,000. `plan` shows the same screen inside a plan page's Tasks tab (no page header).
 */
export function TasksPage({ personal = false, plan }: { label?: string; personal?: boolean; plan?: string }) {
  const ability = useAbility();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const view = (TASK_VIEWS as readonly string[]).includes(params.get('view') ?? '')
    ? (params.get('view') as TaskView)
    : 'table';
  const projectParam = plan ?? params.get('project');
  // Filters, search, page and page size live in the address and are saved per screen (the data table's state).
  const table = useTableState(personal ? 'personal-tasks' : plan ? 'plan-tasks' : 'tasks', {
    filters: TASK_TABLE_FILTERS,
  });
  const filters = taskFiltersFromTable(table.state.filters);
  const { page, size, search, sort } = table.state;

  const personalPlan = useQuery({
    queryKey: ['plans', 'personal'],
    queryFn: ({ signal }) => getPersonalPlan(signal),
    enabled: personal,
  });
  const projects = personal ? (personalPlan.data ? [personalPlan.data.uuid] : []) : projectParam ? [projectParam] : [];
  const ready = !personal || Boolean(personalPlan.data);
  const query = taskListQuery({ view, filters, projects, search, page, size, sort });
  const tableQuery = taskListQuery({ view: 'table', filters, projects, search, page, size, sort });
  const listKey = [...TASKS_KEY, 'list', query] as const;
  const listKeyRef = useRef(listKey);
  listKeyRef.current = listKey;
  const tasks = useQuery({
    queryKey: listKey,
    queryFn: ({ signal }) => listTasks(query, signal),
    enabled: ready,
    placeholderData: keepPreviousData,
  });
  const users = useQuery({
    queryKey: ['project-users', 'assignable'],
    queryFn: ({ signal }) => listAssignableUsers(signal),
    staleTime: 60_000,
  });
  const tags = useQuery({ queryKey: ['tags'], queryFn: ({ signal }) => listTags(signal), staleTime: 60_000 });

  const rows = tasks.data?.data ?? [];
  const planTitle = projectParam ? rows.find((r) => r.project.uuid === projectParam)?.project.title : undefined;

  const openTask = useCallback(
    (uuid: string, extra: Record<string, string> = {}) =>
      setParams((current) => {
        const next = new URLSearchParams(current);
        next.set('task_uuid', uuid);
        for (const [key, value] of Object.entries(extra)) {
          next.set(key, value);
        }
        return next;
      }),
    [setParams],
  );
  const setView = (next: string) =>
    setParams((current) => {
      const copy = new URLSearchParams(current);
      copy.set('view', next);
      return copy;
    });
  const setFilters = (next: TaskFilters) => table.setFilters(taskFiltersToTable(next));

  const onMove = useCallback(
    async (move: KanbanMove) => {
      // The board already shows the move: write it into the cached list instead of reloading 1,000 cards.
      const orders = new Map(move.writes.map((w) => [w.uuid, w.sort_order]));
      queryClient.setQueryData<ListResponse<TaskListItem>>(listKeyRef.current, (current) =>
        current
          ? {
              ...current,
              data: current.data.map((task) =>
                orders.has(task.uuid)
                  ? {
                      ...task,
                      sort_order: orders.get(task.uuid) as number,
                      status: task.uuid === move.uuid ? move.status : task.status,
                    }
                  : task,
              ),
            }
          : current,
      );
      try {
        await Promise.all(
          move.writes.map((write) =>
            updateTask(
              write.uuid,
              write.uuid === move.uuid
                ? { status: move.status, sort_order: write.sort_order }
                : { sort_order: write.sort_order },
            ),
          ),
        );
        // Other views refresh when next shown.
        void queryClient.invalidateQueries({ queryKey: [...TASKS_KEY, 'list'], refetchType: 'none' });
      } catch (error) {
        reportError(error);
        // A refused move (e.g. a status a contact-responsible task may not take) reloads the server's order.
        void queryClient.invalidateQueries({ queryKey: [...TASKS_KEY, 'list'] });
      } finally {
        void queryClient.invalidateQueries({ queryKey: [...TASKS_KEY, 'one', move.uuid] });
      }
    },
    [queryClient],
  );

  const createExtra: Record<string, string> = personal
    ? { task_personal: 'true' }
    : projectParam
      ? { task_project: projectParam }
      : { task_any_project: 'true' };
  const paging = { page, size, onChange: (next: number, nextSize: number) => table.setPage(next, nextSize) };
  const loading = tasks.isFetching || (personal && personalPlan.isPending);
  const canBulkUpdate = ability.can('TASKS_UPDATE');
  const canBulkDelete = ability.can('TASKS_DESTROY');
  const planChoices = useQuery({
    queryKey: ['plans', 'lite', 'task-choices'],
    queryFn: ({ signal }) => listPlanChoices(signal),
    staleTime: 60_000,
    // Freelancers may bulk-edit their tasks but not list plans: the plan field is then left out of the form.
    enabled: canBulkUpdate && ability.mayListPlans,
  });
  const empty = !loading && rows.length === 0;
  const boardBody = (body: React.ReactNode) => (empty ? noTasks : body);

  const newTask = ability.can('TASKS_CREATE') ? (
    <Button
      type="primary"
      icon={<PlusOutlined />}
      onClick={() => openTask('create', createExtra)}
      data-testid="tasks-new"
    >
      New task
    </Button>
  ) : null;

  return (
    <div className="list-page" data-testid={personal ? 'personal-tasks-page' : 'tasks-page'}>
      {plan ? (
        <div className="plan-tab-actions">{newTask}</div>
      ) : (
        <PageHeader
          title={
            <span>
              {personal ? 'Personal tasks' : 'Tasks'}
              {planTitle ? (
                <Tag
                  style={{ marginLeft: 8 }}
                  closable
                  onClose={() =>
                    setParams((c) => {
                      const n = new URLSearchParams(c);
                      n.delete('project');
                      return n;
                    })
                  }
                  data-testid="tasks-plan-tag"
                >
                  {planTitle}
                </Tag>
              ) : null}
            </span>
          }
          actions={
            <Space>
              {ability.isRegularUser ? (
                <Link to={personal ? '/tasks' : '/personal-tasks'} data-testid="tasks-switch-personal">
                  {personal ? 'All tasks' : 'Personal tasks'}
                </Link>
              ) : null}
              {newTask}
            </Space>
          }
        />
      )}
      {personal && personalPlan.isError ? (
        <Alert type="warning" showIcon title="Your personal plan could not be loaded." />
      ) : null}
      {tasks.isError ? (
        <Alert type="warning" showIcon title={taskLoadErrorMessage(tasks.error)} data-testid="tasks-load-error" />
      ) : null}
      <TaskFiltersBar
        view={view}
        filters={filters}
        onChange={setFilters}
        search={<TableSearch table={table} placeholder="Search tasks" testId="tasks-search" />}
        users={users.data ?? []}
        tags={(tags.data ?? []).map((t) => t.name)}
      />
      <Tabs
        activeKey={view}
        onChange={setView}
        items={[
          {
            key: 'table',
            label: <span data-testid="tasks-tab-table">Table</span>,
            children: (
              <TaskTable
                table={table}
                query={{ data: tasks.data, isFetching: loading, refetch: tasks.refetch }}
                exportSource={{ path: 'tasks/export-all', query: tableQuery }}
                rowEdit={canBulkUpdate ? { url: 'tasks' } : undefined}
                bulk={{
                  resource: 'tasks',
                  filters: bulkFiltersOf(tableQuery),
                  statuses: canBulkUpdate
                    ? TASK_FILTER_STATUSES.map((s) => ({ value: s, label: taskStatusLabel(s) }))
                    : undefined,
                  canDelete: canBulkDelete,
                  edit: canBulkUpdate
                    ? taskBulkEdit(
                        users.data ?? [],
                        ability.mayListPlans ? (planChoices.data ?? []) : null,
                        (tags.data ?? []).map((t) => t.name),
                      )
                    : undefined,
                  // Anyone who reads tasks may zip the files of the ticked ones, or of all the list holds.
                  selectionActions: (_selection, target) => <MassDownloadButton resource="tasks" target={target} />,
                  onDone: () => void queryClient.invalidateQueries({ queryKey: TASKS_KEY }),
                }}
                onOpen={openTask}
              />
            ),
          },
          {
            key: 'list',
            label: <span data-testid="tasks-tab-list">List</span>,
            children: (
              <TaskList rows={rows} meta={tasks.data?.meta} loading={loading} paging={paging} onOpen={openTask} />
            ),
          },
          {
            key: 'chart',
            label: <span data-testid="tasks-tab-chart">Chart</span>,
            children: boardBody(<TaskTimeline rows={rows} onOpen={openTask} />),
          },
          {
            key: 'kanban',
            label: <span data-testid="tasks-tab-kanban">Kanban</span>,
            children: boardBody(
              <TaskKanban
                rows={rows}
                columns={
                  filters.statuses.length
                    ? KANBAN_STATUSES.filter((s) => filters.statuses.includes(s))
                    : KANBAN_STATUSES
                }
                onOpen={openTask}
                onMove={(move) => void onMove(move)}
              />,
            ),
          },
        ]}
      />
    </div>
  );
}

export function PersonalTasksPage() {
  return <TasksPage personal />;
}
