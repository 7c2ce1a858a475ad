import { FORM_STATUSES, type FormListItem } from '@portal/domain';
import { Link } from 'react-router';
import { useAbility } from '../../auth/useAbility';
import { DataTable, FilterSelect, useListQuery, useTableState } from '../../components/DataTable';
import { ForbiddenPage } from '../../pages/ForbiddenPage';
import { ListPage } from '../common/ListPage';
import { humanize } from '../common/listQuery';
import { useModalParam } from '../common/useModalParam';
import { FORMS_KEY, listForms } from './api';
import { FormStatusTag } from './FormStatusTag';
import { NewFormModal } from './NewFormModal';
import './forms.css';

/** The links between the three forms screens, shown over each of their tables. */
export function FormsNav() {
  const ability = useAbility();
  return (
    <nav className="fb-nav" aria-label="Forms screens">
      <Link to="/forms" data-testid="forms-nav-forms">
        Forms
      </Link>
      <Link to="/forms/submissions" data-testid="forms-nav-submissions">
        Submissions
      </Link>
      {ability.can('FORMS_CREATE') ? (
        <Link to="/submit" data-testid="forms-nav-submit">
          Fill in for a client
        </Link>
      ) : null}
    </nav>
  );
}

/** /forms (FORMS_READ): every form with its status, version and answers; a name opens the builder. */
export function FormsPage() {
  const ability = useAbility();
  const allowed = ability.isRegularUser && ability.can('FORMS_READ');
  const createModal = useModalParam('form');
  const table = useTableState('forms', { filters: { status: ['draft', 'published'] } });
  const { status } = table.state.filters;
  const forms = useListQuery(
    FORMS_KEY,
    table,
    (signal) => listForms({ ...table.listParams, filters: { status } }, signal),
    {
      enabled: allowed,
    },
  );
  if (!allowed) {
    return <ForbiddenPage />;
  }
  return (
    <ListPage
      testId="forms-page"
      title="Forms"
      create={{
        permission: 'FORMS_CREATE',
        label: 'New form',
        onClick: () => createModal.set('create'),
        testId: 'forms-new',
      }}
    >
      <DataTable<FormListItem>
        table={table}
        query={forms}
        testId="forms"
        searchPlaceholder="Search forms"
        extra={<FormsNav />}
        filters={
          <FilterSelect
            table={table}
            field="status"
            options={FORM_STATUSES.map((s) => ({ value: s, label: humanize(s) }))}
            placeholder="All statuses"
            testId="forms-status-filter"
          />
        }
        columns={[
          {
            key: 'name',
            title: 'Name',
            dataIndex: 'name',
            sortKey: 'name',
            priority: 1,
            render: (name: string, row) => (
              <Link to={`/forms/${row.uuid}`} data-testid="forms-open">
                {name}
              </Link>
            ),
          },
          {
            key: 'status',
            title: 'Status',
            dataIndex: 'status',
            sortKey: 'status',
            priority: 2,
            render: (_: string, row) => <FormStatusTag status={row.status} />,
          },
          {
            key: 'version',
            title: 'Version',
            dataIndex: 'latest_version',
            render: (_: unknown, row) =>
              row.latest_version
                ? `${row.latest_version.number}${row.has_unpublished_changes ? ' + changes' : ''}`
                : '—',
          },
          {
            key: 'is_public',
            title: 'Access',
            dataIndex: 'is_public',
            render: (isPublic: boolean) => (isPublic ? 'Public' : 'Staff only'),
          },
          { key: 'answers_count', title: 'Answers', dataIndex: 'answers_count', sortKey: 'answers_count', priority: 3 },
          {
            key: 'updated_at',
            title: 'Updated',
            dataIndex: 'updated_at',
            sortKey: 'updated_at',
            render: (value: string) => new Date(value).toLocaleDateString(),
          },
        ]}
      />
      {createModal.value ? <NewFormModal onClose={createModal.close} /> : null}
    </ListPage>
  );
}
