import { FlagFilled } from '@ant-design/icons';
import type { ListMeta, TaskListItem } from '@portal/domain';
import { Empty, List, Table, Tag, Typography } from 'antd';
import { PAGE_SIZE_OPTIONS } from '../common/listQuery';
import { PersonName } from '../people/PersonName';
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
    pageSizeOptions: PAGE_SIZE_OPTIONS,
    showTotal: (total: number) => `${total} in total`,
    onChange: paging.onChange,
  };
}

/** The table tab. */
export function TaskTable({
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
    <Table<TaskListItem>
      rowKey="uuid"
      size="small"
      loading={loading}
      dataSource={rows}
      locale={{ emptyText: noTasks }}
      pagination={pagination(meta, paging)}
      data-testid="tasks-table"
      scroll={{ x: 'max-content' }}
      onRow={(row) =>
        ({ onDoubleClick: () => onOpen(row.uuid), 'data-testid': 'task-row' }) as React.HTMLAttributes<HTMLElement>
      }
      columns={[
        {
          title: 'Title',
          dataIndex: 'title',
          render: (title: string, row) => (
            <button type="button" className="link-button" onClick={() => onOpen(row.uuid)} data-testid="task-row-title">
              {title}
              {row.subtasks_count ? <Tag style={{ marginLeft: 6 }}>{row.subtasks_count} subtasks</Tag> : null}
            </button>
          ),
        },
        { title: 'Plan', dataIndex: ['project', 'title'] },
        { title: 'Status', dataIndex: 'status', render: (s: string) => <StatusTagOf status={s} /> },
        {
          title: 'Priority',
          dataIndex: 'priority',
          className: 'nowrap',
          render: (p: number) => (
            <span>
              <FlagFilled style={{ color: PRIORITY_OPTIONS[p]?.colour }} /> {priorityLabel(p)}
            </span>
          ),
        },
        {
          title: 'Start date',
          dataIndex: 'start_date',
          className: 'nowrap',
          render: (d: string | null) => isoToUsDate(d),
        },
        {
          title: 'Due date',
          dataIndex: 'end_date',
          className: 'nowrap',
          render: (d: string | null, row) => (
            <Typography.Text type={isOverdue(row) ? 'danger' : undefined}>{isoToUsDate(d)}</Typography.Text>
          ),
        },
        {
          title: 'Assignees',
          dataIndex: 'responsibles',
          render: (people: { uuid: string; name: string }[]) =>
            people.map((p, index) => (
              <span key={p.uuid}>
                {index > 0 ? ', ' : null}
                <PersonName uuid={p.uuid} name={p.name} testId="task-assignee" />
              </span>
            )),
        },
        {
          title: 'Tags',
          dataIndex: 'tags',
          render: (tags: { name: string }[] | undefined) => (tags ?? []).map((t) => <Tag key={t.name}>{t.name}</Tag>),
        },
        { title: 'Created by', dataIndex: ['creator', 'name'] },
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
