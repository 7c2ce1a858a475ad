import { FlagFilled } from '@ant-design/icons';
import { type ListMeta, TASK_FILTER_STATUSES, TASK_TITLE_MAX, type TaskListItem } from '@portal/domain';
import { Empty, List, Tag, Typography } from 'antd';
import {
  type BulkActions,
  DataTable,
  type ExportSource,
  SERVER_PAGE_SIZES,
  type TableController,
  type TableQuery,
} from '../../components/DataTable';
import { PersonNames } from '../people/PersonName';
import { isoToUsDate, localIsoDate } from '../timelogs/timeEntry';
import { PRIORITY_OPTIONS, priorityLabel, TASK_STATUS_COLOURS, taskStatusLabel } from './taskRules';

export interface Paging {
  page: number;
  size: number;
  onChange(page: number, size: number): void;
}

function StatusTagOf({ status }: { status: string }) {
  return (
    <Tag color={TASK_STATUS_COLOURS[status]} data-testid="task-row-status">
      {taskStatusLabel(status)}
    </Tag>
  );
}

function isOverdue(task: TaskListItem): boolean {
  return Boolean(
    task.end_date &&
      task.end_date.slice(0, 10) < localIsoDate(new Date()) &&
      !['completed', 'cancelled'].includes(task.status),
  );
}

const noTasks = (
  <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={<span data-testid="tasks-empty">No tasks</span>} />
);

function pagination(meta: ListMeta | undefined, paging: Paging) {
  return {
    current: paging.page,
    pageSize: paging.size,
    total: meta?.total ?? 0,
    showSizeChanger: true,
    pageSizeOptions: SERVER_PAGE_SIZES.map(String),
    showTotal: (total: number) => `${total} in total`,
    onChange: paging.onChange,
  };
}

/** The statuses a task can be given in place (the server still applies its rules and says why it refuses). */
const STATUS_EDIT_OPTIONS = TASK_FILTER_STATUSES.map((s) => ({ value: s, label: taskStatusLabel(s) }));

/**
 * The table tab (doc 2 §2 dashboard tasks table): the data table over the screen's list query, sorted by the server
 * on the clicked column, with Reload, the export of every filtered task (in the same order) and, for those who may,
 * bulk status and delete and the title and status edited in place (PUT tasks/{uuid}).
 */
export function TaskTable({
  table,
  query,
  filters,
  exportSource,
  bulk,
  rowEdit,
  onOpen,
}: {
  table: TableController;
  query: TableQuery<TaskListItem>;
  filters?: React.ReactNode;
  exportSource?: ExportSource;
  bulk?: BulkActions;
  /** Given to those whose abilities include TASKS_UPDATE; without it no cell offers an edit. */
  rowEdit?: { url: string };
  onOpen(uuid: string): void;
}) {
  return (
    <DataTable<TaskListItem>
      table={table}
      query={query}
      testId="tasks"
      filters={filters}
      exportSource={exportSource}
      bulk={bulk}
      rowEdit={rowEdit ? { ...rowEdit, canEdit: (row) => row.status !== 'seed' } : undefined}
      locale={{ emptyText: noTasks }}
      onRow={(row) =>
        ({ onDoubleClick: () => onOpen(row.uuid), 'data-testid': 'task-row' }) as React.HTMLAttributes<HTMLElement>
      }
      columns={[
        {
          key: 'title',
          priority: 1,
          title: 'Title',
          dataIndex: 'title',
          sortKey: 'title',
          edit: { field: 'title', required: true, maxLength: TASK_TITLE_MAX },
          render: (title: string, row) => (
            <button type="button" className="link-button" onClick={() => onOpen(row.uuid)} data-testid="task-row-title">
              {title}
              {row.subtasks_count ? <Tag style={{ marginLeft: 6 }}>{row.subtasks_count} subtasks</Tag> : null}
            </button>
          ),
        },
        { key: 'plan', priority: 2, title: 'Plan', dataIndex: ['project', 'title'], sortKey: 'project' },
        {
          key: 'status',
          priority: 1,
          title: 'Status',
          dataIndex: 'status',
          sortKey: 'status',
          edit: { field: 'status', input: 'select', options: STATUS_EDIT_OPTIONS },
          render: (s: string) => <StatusTagOf status={s} />,
        },
        {
          key: 'priority',
          priority: 3,
          title: 'Priority',
          dataIndex: 'priority',
          sortKey: 'priority',
          className: 'nowrap',
          render: (p: number) => (
            <span>
              <FlagFilled style={{ color: PRIORITY_OPTIONS[p]?.colour }} /> {priorityLabel(p)}
            </span>
          ),
        },
        {
          key: 'start_date',
          priority: 3,
          title: 'Start date',
          dataIndex: 'start_date',
          sortKey: 'start_date',
          className: 'nowrap',
          render: (d: string | null) => isoToUsDate(d),
        },
        {
          key: 'end_date',
          priority: 1,
          title: 'Due date',
          dataIndex: 'end_date',
          sortKey: 'end_date',
          className: 'nowrap',
          render: (d: string | null, row) => (
            <Typography.Text type={isOverdue(row) ? 'danger' : undefined}>{isoToUsDate(d)}</Typography.Text>
          ),
        },
        {
          key: 'responsibles',
          priority: 1,
          title: 'Assignees',
          dataIndex: 'responsibles',
          render: (people: { uuid: string; name: string }[]) => <PersonNames people={people} testId="task-assignee" />,
        },
        {
          key: 'tags',
          priority: 3,
          title: 'Tags',
          dataIndex: 'tags',
          render: (tags: { name: string }[] | undefined) => (tags ?? []).map((t) => <Tag key={t.name}>{t.name}</Tag>),
        },
        { key: 'creator', priority: 4, title: 'Created by', dataIndex: ['creator', 'name'] },
        {
          key: 'created_at',
          priority: 4,
          title: 'Created',
          dataIndex: 'created_at',
          sortKey: 'created_at',
          className: 'nowrap',
          render: (at: string) => isoToUsDate(localIsoDate(new Date(at))),
        },
      ]}
    />
  );
}

/** The list tab: one line per task, grouped visually by status colour. */
export function TaskList({
  rows,
  meta,
  loading,
  paging,
  onOpen,
}: {
  rows: TaskListItem[];
  meta: ListMeta | undefined;
  loading: boolean;
  paging: Paging;
  onOpen(uuid: string): void;
}) {
  return (
    <List<TaskListItem>
      loading={loading}
      dataSource={rows}
      locale={{ emptyText: noTasks }}
      pagination={rows.length || meta?.total ? { ...pagination(meta, paging), size: 'small' } : false}
      data-testid="tasks-list"
      renderItem={(task) => (
        <List.Item
          className="task-list-item"
          onClick={() => onOpen(task.uuid)}
          data-testid="task-list-item"
          extra={<StatusTagOf status={task.status} />}
        >
          <List.Item.Meta
            title={
              <span>
                <FlagFilled style={{ color: PRIORITY_OPTIONS[task.priority]?.colour }} /> {task.title}
              </span>
            }
            description={
              <span>
                {task.project.title} · Due {isoToUsDate(task.end_date) || '—'}
                {task.responsibles.length ? ` · ${task.responsibles.map((p) => p.name).join(', ')}` : ''}
              </span>
            }
          />
        </List.Item>
      )}
    />
  );
}

export { noTasks };
