import { ONBOARDING_BOARD_PER_COLUMN, type OnboardingBoardCard } from '@portal/domain';
import { useQueries, useQuery } from '@tanstack/react-query';
import { Alert, Button, Checkbox, Input, Progress, Segmented, Skeleton } from 'antd';
import { memo, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { describeError } from '../../api/errors';
import { useAbility } from '../../auth/useAbility';
import { ForbiddenPage } from '../../pages/ForbiddenPage';
import { PageHeader } from '../common/PageHeader';
import { useModalParam } from '../common/useModalParam';
import { type BoardQuery, boardKey, getBoard } from './api';
import { type BoardColumn, clientsText, columnPages, mergeColumnPages, stuckText } from './board';
import { OnboardingDrawer } from './OnboardingDrawer';
import { OnboardingNav } from './OnboardingNav';
import './onboarding.css';

/** Cards a column shows at first and adds with each "Show more": what fits a screen or two, as boards do. */
const PER_COLUMN = ONBOARDING_BOARD_PER_COLUMN.default;

/** Board or table: the same onboardings, the table being /onboarding/submissions. */
export function ViewSwitch({ current }: { current: 'board' | 'table' }) {
  const navigate = useNavigate();
  return (
    <Segmented
      value={current}
      onChange={(value) => navigate(value === 'board' ? '/onboarding' : '/onboarding/submissions')}
      options={[
        { value: 'board', label: 'Board' },
        { value: 'table', label: 'Table' },
      ]}
      aria-label="Show onboardings as"
      data-testid="onboarding-view"
    />
  );
}

const BoardCard = memo(function BoardCard({ row, onOpen }: { row: OnboardingBoardCard; onOpen(uuid: string): void }) {
  const stuck = stuckText(row.days_stuck);
  return (
    <li className={`ob-card${stuck ? ' ob-card-stuck' : ''}`} data-testid="onboarding-card" data-uuid={row.uuid}>
      <button
        type="button"
        className="ob-card-title"
        onClick={() => onOpen(row.uuid)}
        data-testid="onboarding-card-open"
      >
        {row.customer.business_name}
      </button>
      <Progress
        percent={row.progress}
        size="small"
        aria-label={`${row.customer.business_name}: ${row.progress}% done`}
        data-testid="onboarding-card-progress"
      />
      <div className="ob-card-meta">
        <span>{row.owner?.name ?? 'No owner'}</span>
        {stuck ? <span className="ob-stuck">{stuck}</span> : null}
      </div>
    </li>
  );
});

function Column({
  column,
  onOpen,
  onMore,
  loadingMore,
}: {
  column: BoardColumn;
  onOpen(uuid: string): void;
  onMore(key: string): void;
  loadingMore: boolean;
}) {
  const headingId = `ob-column-${column.key}`;
  return (
    <section className="ob-column" aria-labelledby={headingId} data-testid={`onboarding-column-${column.key}`}>
      <h2 className="ob-column-head" id={headingId}>
        {column.name}{' '}
        <span className="ob-column-count" data-testid="onboarding-column-count">
          {clientsText(column.total)}
        </span>
      </h2>
      {column.cards.length === 0 ? (
        <div className="ob-column-empty">Nobody at this step</div>
      ) : (
        <ul className="ob-column-body">
          {column.cards.map((row) => (
            <BoardCard key={row.uuid} row={row} onOpen={onOpen} />
          ))}
        </ul>
      )}
      {column.hasMore ? (
        <Button
          type="link"
          size="small"
          className="ob-column-more"
          loading={loadingMore}
          onClick={() => onMore(column.key)}
          data-testid="onboarding-column-more"
        >
          Show more ({column.total - column.cards.length})
        </Button>
      ) : null}
    </section>
  );
}

/**
 * /onboarding (ONBOARDING_READ): every open onboarding as a card in the column of its current step. The board asks
 * for every column at once, its first cards and its total (GET onboardings/board); "Show more" asks for that
 * column's next page. Every page sits under the onboarding query root, so the live event refreshes them all.
 */
export function BoardPage() {
  const ability = useAbility();
  const allowed = ability.isRegularUser && ability.can('ONBOARDING_READ');
  const open = useModalParam('onboarding');
  const [search, setSearch] = useState('');
  const [stuckOnly, setStuckOnly] = useState(false);
  /** Further pages shown per column ("Show more" presses), kept until the filters change. */
  const [morePages, setMorePages] = useState<Record<string, number>>({});
  const query = useMemo<BoardQuery>(
    () => ({
      per_column: PER_COLUMN,
      page: 1,
      filters: { status: 'open', ...(stuckOnly ? { stuck: '1' as const } : {}) },
      ...(search ? { search_term: search } : {}),
    }),
    [search, stuckOnly],
  );
  const board = useQuery({
    queryKey: boardKey(query),
    queryFn: ({ signal }) => getBoard(query, signal),
    enabled: allowed,
  });
  const extra = Object.entries(morePages).flatMap(([key, pages]) =>
    Array.from({ length: pages }, (_, i) => ({ key, page: i + 2 })),
  );
  const more = useQueries({
    queries: extra.map(({ key, page }) => {
      const pageQuery: BoardQuery = {
        ...query,
        page,
        filters: { ...query.filters, current_step: key },
      };
      return {
        queryKey: [...boardKey(query), 'column', key, page],
        queryFn: ({ signal }: { signal: AbortSignal }) => getBoard(pageQuery, signal),
        enabled: allowed,
      };
    }),
  });
  const morePending = new Set(extra.filter((_, i) => more[i]?.isPending).map((e) => e.key));
  // Cheap to redo each render (a few hundred cards at most); the cards themselves keep their identity.
  const columns = board.data
    ? mergeColumnPages(
        board.data.data,
        columnPages(
          extra,
          more.map((m) => m.data),
        ),
      )
    : null;
  if (!allowed) {
    return <ForbiddenPage />;
  }
  const changeFilters = (apply: () => void) => {
    setMorePages({});
    apply();
  };
  const error = board.error ?? more.find((m) => m.error)?.error;
  return (
    <div className="list-page" data-testid="onboarding-board-page">
      <PageHeader title="Onboarding" />
      <OnboardingNav />
      <div className="ob-toolbar">
        <ViewSwitch current="board" />
        <div className="ob-board-filters">
          <Input.Search
            allowClear
            placeholder="Search clients"
            aria-label="Search clients"
            onSearch={(value) => changeFilters(() => setSearch(value.trim()))}
            data-testid="onboarding-board-search"
            style={{ maxWidth: 240 }}
          />
          <Checkbox
            checked={stuckOnly}
            onChange={(e) => changeFilters(() => setStuckOnly(e.target.checked))}
            data-testid="onboarding-board-stuck"
          >
            Stuck only
          </Checkbox>
        </div>
        {board.data ? (
          <span data-testid="onboarding-board-total">
            {board.data.meta.total} open {board.data.meta.total === 1 ? 'onboarding' : 'onboardings'}
          </span>
        ) : null}
      </div>
      {error ? <Alert type="error" showIcon message={describeError(error)} /> : null}
      {columns ? (
        <div className="ob-board" data-testid="onboarding-board">
          {columns.map((column) => (
            <Column
              key={column.key}
              column={column}
              onOpen={open.set}
              loadingMore={morePending.has(column.key)}
              onMore={(key) => setMorePages((m) => ({ ...m, [key]: (m[key] ?? 0) + 1 }))}
            />
          ))}
        </div>
      ) : error ? null : (
        <Skeleton active />
      )}
      {open.value ? <OnboardingDrawer uuid={open.value} onClose={open.close} /> : null}
    </div>
  );
}
