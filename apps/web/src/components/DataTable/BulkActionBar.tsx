import { DeleteOutlined, DownOutlined } from '@ant-design/icons';
import { type BulkFailure, MESSAGES } from '@portal/domain';
import { Alert, Button, type ButtonProps, Dropdown, Popconfirm, Space, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import { reportError, reportSuccess } from '../../shell/feedback';
import { type BulkEdit, BulkEditButton } from './BulkEditButton';
import { type BulkSelection, bulkDelete, bulkEdit, bulkUpdate } from './tableApi';

export interface BulkActions {
  /** The API resource: POST /api/{resource}/bulk-operations/update|delete. */
  resource: string;
  /** The list's current filters as its API names them: "all matching rows" sends them with _all. */
  filters: Record<string, unknown>;
  /** List parameters outside filters[…] that "all matching rows" must send too (requests: project_type). */
  listExtras?: Record<string, unknown>;
  /** The statuses "Set status" offers; without them there is no bulk update. */
  statuses?: readonly { value: string; label: string }[];
  canDelete?: boolean;
  /** The bulk edit form (fields the caller may change); without it there is no Edit action. */
  edit?: BulkEdit;
  /**
   * More actions on the selection beside status and delete (e.g. the tasks' Download files), given what is ticked
   * and the selection as the bulk calls send it (the ticked ids, or "all N" with the list's filters and search).
   */
  selectionActions?(selection: BulkSelectionState, target: BulkSelection): ReactNode;
  /** Called after an operation, for caches beyond the table's own list (which reloads anyway). */
  onDone?(): void;
}

export interface BulkSelectionState {
  ids: string[];
  /** Every row of the filtered list, not only the ticked ones. */
  all: boolean;
}

/** A refused row: its label when the page shows it, else its uuid. */
function failureLine(failure: BulkFailure, label: (uuid: string) => string | undefined): string {
  return `${label(failure.uuid) ?? failure.uuid}: ${failure.message}`;
}

/**
 * The bar over a table with ticked rows (doc 2 §7 bulk-operations): set the status of, or delete, the ticked rows
 * or every row the filters match. The server applies each row's own rules; rows it refused are listed with its
 * reason while the others are done.
 */
export function BulkActionBar({
  actions,
  selection,
  total,
  search,
  rowLabel,
  onSelectAll,
  onClear,
  onDone,
  testId,
}: {
  actions: BulkActions;
  selection: BulkSelectionState;
  total: number;
  search: string;
  rowLabel(uuid: string): string | undefined;
  onSelectAll(): void;
  onClear(): void;
  onDone(): void;
  testId: string;
}) {
  const [busy, setBusy] = useState(false);
  const [failures, setFailures] = useState<BulkFailure[]>([]);
  const count = selection.all ? total : selection.ids.length;
  const target: BulkSelection = selection.all
    ? { all: true, filters: actions.filters, search, extras: actions.listExtras }
    : { ids: selection.ids };

  const run = async (operation: () => Promise<{ message: string; failed: BulkFailure[] }>) => {
    setBusy(true);
    setFailures([]);
    try {
      const result = await operation();
      setFailures(result.failed);
      reportSuccess(result.message);
      onClear();
    } catch (error) {
      reportError(error);
    } finally {
      setBusy(false);
      actions.onDone?.();
      onDone();
    }
  };

  const failureList =
    failures.length > 0 ? (
      <Alert
        type="warning"
        showIcon
        closable
        onClose={() => setFailures([])}
        data-testid={`${testId}-bulk-failures`}
        title={`${failures.length} ${failures.length === 1 ? 'record was' : 'records were'} not changed`}
        description={
          <ul className="data-table-failures">
            {failures.slice(0, 20).map((failure) => (
              <li key={failure.uuid}>{failureLine(failure, rowLabel)}</li>
            ))}
            {failures.length > 20 ? <li>… and {failures.length - 20} more</li> : null}
          </ul>
        }
      />
    ) : null;

  if (count === 0) {
    return failureList;
  }

  return (
    <>
      <div className="data-table-bulk" data-testid={`${testId}-bulk-bar`}>
        <Space wrap size="small">
          <Typography.Text strong data-testid={`${testId}-bulk-count`}>
            {count} selected
          </Typography.Text>
          {!selection.all && total > selection.ids.length ? (
            <Button type="link" size="small" onClick={onSelectAll} data-testid={`${testId}-bulk-all`}>
              Select all {total}
            </Button>
          ) : null}
          {actions.statuses?.length ? (
            <Dropdown
              trigger={['click']}
              disabled={busy}
              menu={{
                items: actions.statuses.map((s) => ({
                  key: s.value,
                  label: <span data-testid={`${testId}-bulk-status-${s.value}`}>{s.label}</span>,
                })),
                onClick: ({ key }) => void run(() => bulkUpdate(actions.resource, target, key)),
              }}
            >
              <Button size="small" loading={busy} data-testid={`${testId}-bulk-status`}>
                Set status <DownOutlined />
              </Button>
            </Dropdown>
          ) : null}
          {actions.edit ? (
            <BulkEditButton
              edit={actions.edit}
              count={count}
              busy={busy}
              testId={testId}
              onSubmit={(data) => run(() => bulkEdit(actions.resource, target, data))}
            />
          ) : null}
          {actions.canDelete ? (
            <Popconfirm
              title={MESSAGES.confirmDeleteRecords(count)}
              okText="Yes"
              cancelText="No"
              okButtonProps={{ danger: true, 'data-testid': `${testId}-bulk-delete-confirm` } as ButtonProps}
              onConfirm={() => run(() => bulkDelete(actions.resource, target))}
            >
              <Button
                size="small"
                danger
                icon={<DeleteOutlined />}
                disabled={busy}
                data-testid={`${testId}-bulk-delete`}
              >
                Delete
              </Button>
            </Popconfirm>
          ) : null}
          {actions.selectionActions?.(selection, target)}
          <Button size="small" type="text" onClick={onClear} data-testid={`${testId}-bulk-clear`}>
            Clear selection
          </Button>
        </Space>
      </div>
      {failureList}
    </>
  );
}
