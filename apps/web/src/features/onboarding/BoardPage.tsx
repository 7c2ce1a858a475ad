import type { OnboardingListItem } from '@portal/domain';
import { useQuery } from '@tanstack/react-query';
import { Alert, Progress, Segmented, Skeleton } from 'antd';
import { memo, useMemo } from 'react';
import { useNavigate } from 'react-router';
import { describeError } from '../../api/errors';
import { useAbility } from '../../auth/useAbility';
import { ForbiddenPage } from '../../pages/ForbiddenPage';
import { PageHeader } from '../common/PageHeader';
import { useModalParam } from '../common/useModalParam';
import { getProcess, listOnboardings, ONBOARDINGS_KEY, PROCESS_KEY } from './api';
import { type BoardColumn, boardColumns, stuckText } from './board';
import { OnboardingDrawer } from './OnboardingDrawer';
import { OnboardingNav } from './OnboardingNav';
import './onboarding.css';

/** The board shows every open onboarding at once; the server caps a page at this many. */
const BOARD_SIZE = 1000;

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

const BoardCard = memo(function BoardCard({ row, onOpen }: { row: OnboardingListItem; onOpen(uuid: string): void }) {
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

function Column({ column, onOpen }: { column: BoardColumn; onOpen(uuid: string): void }) {
  const headingId = `ob-column-${column.key}`;
  return (
    <section className="ob-column" aria-labelledby={headingId} data-testid={`onboarding-column-${column.key}`}>
      <h2 className="ob-column-head" id={headingId}>
        {column.name}{' '}
        <span className="ob-column-count" data-testid="onboarding-column-count">
          {column.rows.length}
        </span>
      </h2>
      {column.rows.length === 0 ? (
        <div className="ob-column-empty">Nobody at this step</div>
      ) : (
        <ul className="ob-column-body">
          {column.rows.map((row) => (
            <BoardCard key={row.uuid} row={row} onOpen={onOpen} />
          ))}
        </ul>
      )}
    </section>
  );
}

/** /onboarding (ONBOARDING_READ): every open onboarding as a card in the column of its current step. */
export function BoardPage() {
  const ability = useAbility();
  const allowed = ability.isRegularUser && ability.can('ONBOARDING_READ');
  const open = useModalParam('onboarding');
  const rows = useQuery({
    queryKey: [...ONBOARDINGS_KEY, 'board'],
    queryFn: ({ signal }) =>
      listOnboardings(
        { size: BOARD_SIZE, filters: { status: 'open' }, sortBy: 'progress', sortDirection: 'asc' },
        signal,
      ),
    enabled: allowed,
  });
  const process = useQuery({ queryKey: PROCESS_KEY, queryFn: ({ signal }) => getProcess(signal), enabled: allowed });
  const columns = useMemo(
    () => (process.data && rows.data ? boardColumns(process.data.steps, rows.data.data) : null),
    [process.data, rows.data],
  );
  if (!allowed) {
    return <ForbiddenPage />;
  }
  const error = rows.error ?? process.error;
  return (
    <div className="list-page" data-testid="onboarding-board-page">
      <PageHeader title="Onboarding" />
      <OnboardingNav />
      <div className="ob-toolbar">
        <ViewSwitch current="board" />
        {rows.data ? (
          <span data-testid="onboarding-board-total">
            {rows.data.meta.total} open {rows.data.meta.total === 1 ? 'onboarding' : 'onboardings'}
          </span>
        ) : null}
      </div>
      {error ? <Alert type="error" showIcon message={describeError(error)} /> : null}
      {columns ? (
        <div className="ob-board" data-testid="onboarding-board">
          {columns.map((column) => (
            <Column key={column.key} column={column} onOpen={open.set} />
          ))}
        </div>
      ) : error ? null : (
        <Skeleton active />
      )}
      {open.value ? <OnboardingDrawer uuid={open.value} onClose={open.close} /> : null}
    </div>
  );
}
