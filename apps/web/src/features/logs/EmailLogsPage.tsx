import { EMAIL_LOG_STATUSES, type EmailLog } from '@portal/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button } from 'antd';
import { useState } from 'react';
import { useAbility } from '../../auth/useAbility';
import { DataTable, DateRangeFilter, FilterSelect, useTableState } from '../../components/DataTable';
import { ForbiddenPage } from '../../pages/ForbiddenPage';
import { humanize } from '../common/listQuery';
import { PageHeader } from '../common/PageHeader';
import { EMAIL_LOGS_KEY, listEmailLogs, listEmailTemplates } from './api';
import { EmailLogModal } from './EmailLogModal';
import { EmailStatusTag } from './EmailStatusTag';
import './logs.css';

/** /logs (EMAIL_LOG_READ): every e-mail the product sent or tried to send, newest first (doc 1 §2, §7). */
export function EmailLogsPage() {
  const ability = useAbility();
  const allowed = ability.isRegularUser && ability.can('EMAIL_LOG_READ');
  const table = useTableState('email-logs', { filters: { status: [], template: [], from: [], to: [] } });
  const { status, template, from, to } = table.state.filters;
  const [open, setOpen] = useState<string | null>(null);
  const logs = useQuery({
    queryKey: [...EMAIL_LOGS_KEY, 'list', ...table.queryKey],
    queryFn: ({ signal }) =>
      listEmailLogs(
        { ...table.listParams, filters: { status, template: template[0], from: from[0], to: to[0] } },
        signal,
      ),
    placeholderData: keepPreviousData,
    enabled: allowed,
  });
  const templates = useQuery({
    queryKey: [...EMAIL_LOGS_KEY, 'templates'],
    queryFn: ({ signal }) => listEmailTemplates(signal),
    enabled: allowed,
    staleTime: 60_000,
  });
  if (!allowed) {
    return <ForbiddenPage />;
  }

  return (
    <div className="list-page" data-testid="email-logs-page">
      <PageHeader title="E-mail log" />
      <DataTable<EmailLog>
        table={table}
        query={logs}
        testId="email-logs"
        searchPlaceholder="Search recipient or subject"
        filters={
          <>
            <FilterSelect
              table={table}
              field="status"
              options={EMAIL_LOG_STATUSES.map((s) => ({ value: s, label: humanize(s) }))}
              placeholder="All statuses"
              testId="email-logs-status-filter"
            />
            <FilterSelect
              table={table}
              field="template"
              single
              options={(templates.data ?? []).map((value) => ({ value, label: value }))}
              placeholder="All templates"
              testId="email-logs-template-filter"
            />
            <DateRangeFilter table={table} from="from" to="to" label="Dates" testId="email-logs-dates" />
          </>
        }
        columns={[
          {
            key: 'created_at',
            title: 'Time',
            dataIndex: 'created_at',
            sortKey: 'created_at',
            render: (value: string) => new Date(value).toLocaleString(),
          },
          { key: 'to', title: 'Recipient', dataIndex: 'to', sortKey: 'to' },
          {
            key: 'subject',
            title: 'Subject',
            dataIndex: 'subject',
            sortKey: 'subject',
            render: (subject: string, row) => (
              <Button
                type="link"
                style={{ padding: 0, height: 'auto', whiteSpace: 'normal', textAlign: 'left' }}
                onClick={() => setOpen(row.uuid)}
                data-testid="email-log-open"
              >
                {subject}
              </Button>
            ),
          },
          {
            key: 'template',
            title: 'Template',
            dataIndex: 'template',
            sortKey: 'template',
            render: (value: string | null) => value ?? '—',
          },
          {
            key: 'status',
            title: 'Status',
            dataIndex: 'status',
            render: (_: string, row) => <EmailStatusTag log={row} />,
          },
        ]}
      />
      {open ? <EmailLogModal uuid={open} onClose={() => setOpen(null)} /> : null}
    </div>
  );
}
