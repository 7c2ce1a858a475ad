import type { AnswerListItem } from '@portal/domain';
import { useQuery } from '@tanstack/react-query';
import { Button, Progress } from 'antd';
import { Link } from 'react-router';
import { useAbility } from '../../auth/useAbility';
import { DataTable, DateRangeFilter, FilterSelect, useListQuery, useTableState } from '../../components/DataTable';
import { ForbiddenPage } from '../../pages/ForbiddenPage';
import { CUSTOMERS_KEY, listActiveCustomers } from '../clients/api';
import { buildListQuery } from '../common/listQuery';
import { PageHeader } from '../common/PageHeader';
import { useModalParam } from '../common/useModalParam';
import { AnswerDrawer, clientLink, requestLink } from './AnswerDrawer';
import { ANSWERS_KEY, FORMS_KEY, listAnswers, listFormChoices } from './api';
import { FormsNav } from './FormsPage';
import './forms.css';

/** /forms/submissions (FORMS_READ): every answer to every form, newest first; a row opens the answer. */
export function SubmissionsPage() {
  const ability = useAbility();
  const allowed = ability.isRegularUser && ability.can('FORMS_READ');
  const open = useModalParam('answer');
  const table = useTableState('form-answers', {
    filters: { form_uuid: [], customer_uuid: [], date_from: [], date_to: [], source: [] },
  });
  const { form_uuid, customer_uuid, date_from, date_to, source } = table.state.filters;
  const params = {
    ...table.listParams,
    filters: { form_uuid, customer_uuid, date_from: date_from[0], date_to: date_to[0], source: source[0] },
  };
  const answers = useListQuery(ANSWERS_KEY, table, (signal) => listAnswers(params, signal), { enabled: allowed });
  const forms = useQuery({
    queryKey: [...FORMS_KEY, 'choices'],
    queryFn: ({ signal }) => listFormChoices(signal),
    enabled: allowed,
  });
  const customers = useQuery({
    queryKey: [...CUSTOMERS_KEY, 'list', 'selector'],
    queryFn: ({ signal }) => listActiveCustomers(signal),
    enabled: allowed,
  });
  if (!allowed) {
    return <ForbiddenPage />;
  }
  return (
    <div className="list-page" data-testid="form-submissions-page">
      <PageHeader title="Form submissions" />
      <DataTable<AnswerListItem>
        table={table}
        query={answers}
        testId="form-answers"
        searchPlaceholder="Search answers"
        extra={<FormsNav />}
        exportSource={{ path: 'answers/export-all', query: buildListQuery(params) }}
        filters={
          <>
            <FilterSelect
              table={table}
              field="form_uuid"
              options={(forms.data ?? []).map((f) => ({ value: f.uuid, label: f.name }))}
              placeholder="All forms"
              testId="form-answers-form-filter"
            />
            <FilterSelect
              table={table}
              field="customer_uuid"
              options={(customers.data?.data ?? []).map((c) => ({ value: c.uuid, label: c.business_name }))}
              placeholder="All clients"
              testId="form-answers-client-filter"
            />
            <FilterSelect
              table={table}
              field="source"
              single
              options={[
                { value: 'link', label: 'Through a link' },
                { value: 'staff', label: 'Filled by staff' },
              ]}
              placeholder="Any source"
              testId="form-answers-source-filter"
            />
            <DateRangeFilter table={table} from="date_from" to="date_to" label="Sent" testId="form-answers-dates" />
          </>
        }
        columns={[
          {
            key: 'form',
            title: 'Form',
            dataIndex: 'form',
            sortKey: 'form',
            priority: 1,
            render: (_: unknown, row) => (
              <Button type="link" className="fa-open" onClick={() => open.set(row.uuid)} data-testid="form-answer-open">
                {row.form.name}
              </Button>
            ),
          },
          { key: 'version', title: 'Version', dataIndex: 'version', render: (_: unknown, row) => row.version.number },
          {
            key: 'customer',
            title: 'Client',
            dataIndex: 'customer',
            sortKey: 'customer',
            priority: 2,
            render: (_: unknown, row) => row.customer?.business_name ?? '—',
          },
          {
            key: 'who',
            title: 'Sent by',
            dataIndex: 'submitted_by',
            render: (_: unknown, row) => row.submitted_by?.name ?? (row.source === 'link' ? 'Share link' : '—'),
          },
          {
            key: 'created_at',
            title: 'Sent',
            dataIndex: 'created_at',
            sortKey: 'created_at',
            priority: 3,
            render: (value: string) => new Date(value).toLocaleString(),
          },
          {
            key: 'completion',
            title: 'Completion',
            dataIndex: 'completion',
            sortKey: 'completion',
            render: (value: number) => (
              <Progress percent={value} size="small" aria-label={`${value}% complete`} style={{ minWidth: 90 }} />
            ),
          },
          {
            key: 'converted',
            title: 'Converted to',
            dataIndex: 'request_uuid',
            render: (_: unknown, row) =>
              row.request_uuid ? (
                <Link to={requestLink(row.request_uuid)}>Request</Link>
              ) : row.converted_customer_uuid ? (
                <Link to={clientLink(row.converted_customer_uuid)}>Client</Link>
              ) : (
                '—'
              ),
          },
        ]}
      />
      {open.value ? <AnswerDrawer uuid={open.value} onClose={open.close} /> : null}
    </div>
  );
}
