import type { ListMeta } from '@portal/domain';
import { Table, type TableProps } from 'antd';
import type { ColumnType, SortOrder } from 'antd/es/table/interface';
import TableMeasureRowContext from 'antd/es/table/TableMeasureRowContext';
import { type ReactNode, useContext, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { BulkActionBar, type BulkActions, type BulkSelectionState } from './BulkActionBar';
import { ColumnsMenu, hideableColumns, shownColumns } from './ColumnsMenu';
import { clientRows } from './clientRows';
import { nextColumnToSqueeze, SQUEEZE_MIN_WIDTH } from './columnPriority';
import { type CellEdit, EditableCell } from './EditableCell';
import { ExportMenu } from './ExportMenu';
import { TableSearch, TableToolbar } from './TableToolbar';
import type { ExportSource } from './tableApi';
import type { TableController } from './useTableState';
import './DataTable.css';

/** A column: antd's, with a stable key, optionally sortable (by the server's sort field) and editable in place. */
export type DataColumn<T> = ColumnType<T> & {
  key: string;
  /** sort[by] for the server; for a table the server does not page, the row field compared. */
  sortKey?: string;
  /** Inline edit through the table's rowEdit PUT. */
  edit?: CellEdit;
  /**
   * 1 for a key column that must stay in view; 2, 3 … for columns that give way (highest first) when the table is
   * wider than its card (columnPriority.ts). Without it the column is never squeezed out.
   */
  priority?: number;
};

/** What the table reads from the list's query (TanStack Query's result fits). */
export interface TableQuery<T> {
  data?: { data: T[]; meta?: ListMeta };
  isFetching: boolean;
  refetch(): unknown;
}

type PassThrough<T> = Omit<
  TableProps<T>,
  'columns' | 'dataSource' | 'pagination' | 'rowKey' | 'loading' | 'onChange' | 'rowSelection' | 'size' | 'title'
>;

export interface DataTableProps<T extends object> extends PassThrough<T> {
  table: TableController;
  query: TableQuery<T>;
  columns: DataColumn<T>[];
  /** Prefix of the test ids: {testId}-table, -search, -reload, -export, -bulk-…. */
  testId: string;
  /** The search box's placeholder; without it the table has no search box (the screen searches elsewhere). */
  searchPlaceholder?: string;
  /** The screen's filter controls (FilterSelect and friends), after the search box. */
  filters?: ReactNode;
  /** The screen's extras beside Reload (totals, a view switch). */
  extra?: ReactNode;
  /** Export of the whole filtered list; without it no Export menu (the resource has no export). */
  exportSource?: ExportSource;
  /** Row selection with bulk status/delete; without it no checkboxes. */
  bulk?: BulkActions;
  /** Inline edit of the columns that declare `edit`, through PUT {url}/{uuid}, for rows canEdit allows. */
  rowEdit?: { url: string; canEdit?(row: T): boolean; onSaved?(): void };
  /** For a table the server does not page: which rows the search keeps. */
  clientSearch?(row: T, term: string): boolean;
  /** A row's name in the bulk failure list (default: title or name). */
  rowLabel?(row: T): string;
  /** The row's key: uuid (doc 2 §9), or id, or a function for the few rows with neither (a report's totals). */
  rowKey?: 'uuid' | 'id' | ((row: T) => string);
}

function defaultLabel(row: unknown): string | undefined {
  const r = row as { title?: unknown; name?: unknown; subject?: unknown; business_name?: unknown };
  // Requests are named by their subject.
  const label = r.title ?? r.name ?? r.subject ?? r.business_name;
  return typeof label === 'string' ? label : undefined;
}

/**
 * The "Select all" checkbox of the header, left out of the hidden row antd copies every column title into to
 * measure widths: a focusable checkbox inside that aria-hidden row fails axe (aria-hidden-focus).
 */
function SelectAllTitle({ checkbox }: { checkbox: ReactNode }) {
  return useContext(TableMeasureRowContext) ? null : checkbox;
}

/**
 * The one data table (doc 2 §2 generic data table): search, filters and sort in the address and saved per table
 * (useTableState), a page-size selector, small rows keyed by uuid, Reload, Export of the whole filtered list, row
 * selection with bulk actions, and inline edit. A screen declares its columns and filters and runs its list query.
 */
export function DataTable<T extends object>({
  table,
  query,
  columns,
  testId,
  searchPlaceholder,
  filters,
  extra,
  exportSource,
  bulk,
  rowEdit,
  clientSearch,
  rowLabel,
  rowKey = 'uuid',
  ...rest
}: DataTableProps<T>) {
  const { state } = table;
  const keyOf = (row: T) =>
    typeof rowKey === 'function' ? rowKey(row) : String((row as Record<string, unknown>)[rowKey]);
  const hidden = table.columnChoice?.hidden ?? [];
  const hideable = hideableColumns(columns);
  const [selection, setSelection] = useState<BulkSelectionState>({ ids: [], all: false });
  const selectionScope = JSON.stringify(table.queryKey);
  // A new page, filter or search means other rows: ticks on rows no longer shown would act unseen.
  // biome-ignore lint/correctness/useExhaustiveDependencies: selectionScope stands for what the list shows.
  useEffect(() => setSelection({ ids: [], all: false }), [selectionScope]);

  const allRows = query.data?.data ?? [];
  const rows = useMemo(
    () => (table.serverPaging ? allRows : clientRows(allRows, state.search, state.sort, clientSearch)),
    [allRows, table.serverPaging, state.search, state.sort, clientSearch],
  );
  const total = table.serverPaging ? (query.data?.meta?.total ?? allRows.length) : rows.length;

  const order = (column: DataColumn<T>): SortOrder | undefined => {
    if (!column.sortKey) {
      return undefined;
    }
    if (state.sort?.by !== column.sortKey) {
      return null;
    }
    return state.sort.direction === 'asc' ? 'ascend' : 'descend';
  };

  const squeeze = useColumnSqueeze(columns, hidden);
  const antColumns = shownColumns(columns, [...hidden, ...squeeze.squeezed]).map((column): ColumnType<T> => {
    const { sortKey, edit, priority: _priority, ...antColumn } = column;
    const result: ColumnType<T> = { ...antColumn };
    if (sortKey) {
      result.sorter = true;
      result.sortOrder = order(column);
    }
    if (edit && rowEdit) {
      const render = antColumn.render;
      result.render = (value: unknown, row: T, index: number) => {
        const shown = (render ? render(value, row, index) : value) as ReactNode;
        if (rowEdit.canEdit && !rowEdit.canEdit(row)) {
          return shown;
        }
        return (
          <EditableCell
            url={rowEdit.url}
            uuid={keyOf(row)}
            edit={edit}
            value={(row as Record<string, unknown>)[edit.field]}
            label={typeof column.title === 'string' ? column.title : edit.field}
            onSaved={() => {
              void query.refetch();
              rowEdit.onSaved?.();
            }}
            testId={`${testId}-cell-${column.key}`}
          >
            {shown}
          </EditableCell>
        );
      };
    }
    return result;
  });

  const onChange: TableProps<T>['onChange'] = (pagination, _filters, sorter, extraInfo) => {
    if (extraInfo.action === 'sort') {
      const one = Array.isArray(sorter) ? sorter[0] : sorter;
      const column = columns.find((c) => c.key === one?.columnKey);
      table.setSort(
        one?.order && column?.sortKey
          ? { by: column.sortKey, direction: one.order === 'descend' ? 'desc' : 'asc' }
          : table.defaults.sort,
      );
    } else if (extraInfo.action === 'paginate') {
      table.setPage(pagination.current ?? 1, pagination.pageSize);
    }
  };

  const labelOf = (uuid: string) => {
    const row = allRows.find((r) => keyOf(r) === uuid);
    return row ? (rowLabel?.(row) ?? defaultLabel(row)) : undefined;
  };

  return (
    <div
      ref={squeeze.ref}
      className={table.embedded ? 'data-table data-table-embedded' : 'data-table'}
      data-testid={`${testId}-data-table`}
      data-squeezed={squeeze.squeezed.join(' ') || undefined}
    >
      <TableToolbar
        left={
          <>
            {searchPlaceholder ? (
              <TableSearch table={table} placeholder={searchPlaceholder} testId={`${testId}-search`} />
            ) : null}
            {filters}
          </>
        }
        right={
          <>
            {extra}
            {table.columnChoice && hideable.length > 0 ? (
              <ColumnsMenu options={hideable} hidden={hidden} onChange={table.columnChoice.setHidden} testId={testId} />
            ) : null}
            {exportSource ? <ExportMenu source={exportSource} testId={`${testId}-export`} /> : null}
          </>
        }
        onReload={() => void query.refetch()}
        reloading={query.isFetching}
        testId={testId}
      />
      {bulk ? (
        <BulkActionBar
          actions={bulk}
          selection={selection}
          total={total}
          search={state.search}
          rowLabel={labelOf}
          onSelectAll={() => setSelection({ ids: rows.map(keyOf), all: true })}
          onClear={() => setSelection({ ids: [], all: false })}
          onDone={() => void query.refetch()}
          testId={testId}
        />
      ) : null}
      <Table<T>
        scroll={{ x: 'max-content' }}
        {...rest}
        rowKey={keyOf}
        size="small"
        loading={query.isFetching}
        dataSource={rows}
        columns={antColumns}
        onChange={onChange}
        data-testid={`${testId}-table`}
        rowSelection={
          bulk
            ? {
                selectedRowKeys: selection.ids,
                preserveSelectedRowKeys: false,
                onChange: (keys) => setSelection({ ids: keys.map(String), all: false }),
                getCheckboxProps: (row) => ({ 'aria-label': `Select ${defaultLabel(row) ?? keyOf(row)}` }) as object,
                columnTitle: (checkbox: ReactNode) => <SelectAllTitle checkbox={checkbox} />,
              }
            : undefined
        }
        pagination={{
          current: state.page,
          pageSize: state.size,
          total,
          showSizeChanger: true,
          pageSizeOptions: table.pageSizes.map(String),
          showTotal: (count) => `${count} in total`,
          size: 'small',
          // Inside a drawer or a tab a short list shows no pager; one that could split still offers the sizes.
          hideOnSinglePage: table.embedded ? total <= Math.min(...table.pageSizes) : undefined,
        }}
      />
    </div>
  );
}

/**
 * Squeezes out low-priority columns while the table is wider than its card (columnPriority.ts): after each render it
 * compares the table's scroll width with its box and drops one more column if it still overflows. A new card width
 * starts over from all columns. Narrow cards (a phone) keep every column and scroll sideways inside the card.
 */
function useColumnSqueeze(columns: readonly { key: string; priority?: number }[], hidden: readonly string[]) {
  const ref = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);
  const [squeezed, setSqueezed] = useState<string[]>([]);
  const prioritised = columns.some((c) => c.priority !== undefined);
  useEffect(() => {
    const element = ref.current;
    if (!prioritised || !element || typeof ResizeObserver === 'undefined') {
      return;
    }
    const observer = new ResizeObserver(([entry]) => setWidth(Math.round(entry?.contentRect.width ?? 0)));
    observer.observe(element);
    return () => observer.disconnect();
  }, [prioritised]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new width or column choice measures from scratch.
  useEffect(() => setSqueezed([]), [width, hidden.join(' ')]);
  useLayoutEffect(() => {
    const scroller = ref.current?.querySelector<HTMLElement>('.ant-table-content, .ant-table-body');
    if (!prioritised || width < SQUEEZE_MIN_WIDTH || !scroller || scroller.scrollWidth <= scroller.clientWidth + 1) {
      return;
    }
    const next = nextColumnToSqueeze(columns, [...hidden, ...squeezed]);
    if (next) {
      setSqueezed((current) => (current.includes(next) ? current : [...current, next]));
    }
  });
  return { ref, squeezed };
}
