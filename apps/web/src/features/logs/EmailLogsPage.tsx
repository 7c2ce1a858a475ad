import { EMAIL_LOG_STATUSES, type EmailLog, type EmailLogStatus } from '@portal/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, DatePicker, Select, Table } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useAbility } from '../../auth/useAbility';
import { ForbiddenPage } from '../../pages/ForbiddenPage';
import { ListToolbar, MultiSelectFilter } from '../common/ListToolbar';
import { PageHeader } from '../common/PageHeader';
import { listTableProps } from '../common/tablePagination';
import { pageParams, useListState } from '../common/useListState';
import { EMAIL_LOGS_KEY, listEmailLogs, listEmailTemplates } from './api';
import { EmailLogModal } from './EmailLogModal';
import { EmailStatusTag } from './EmailStatusTag';
import './logs.css';

type Filters = { status: EmailLogStatus[]; template?: string; from?: string; to?: string };

const day = (value: Dayjs | null | undefined) => value?.format('YYYY-MM-DD');

/** /logs (EMAIL_LOG_READ): every e-mail the product sent or tried to send, newest first (doc 1 §2, §7). */
export function EmailLogsPage() {
  const ability = useAbility();
  const allowed = ability.isRegularUser && ability.can('EMAIL_LOG_READ');
  const list = useListState<Filters>({ status: [] }, 50);
  const [open, setOpen] = useState<string | null>(null);
  const logs = useQuery({
    queryKey: [...EMAIL_LOGS_KEY, 'list', list.page, list.size, list.debouncedSearch, list.filters],
    queryFn: ({ signal }) => listEmailLogs({ ...pageParams(list), filters: list.filters }, signal),
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
      <ListToolbar list={list} placeholder="Search recipient or subject" testId="email-logs-search">
        <MultiSelectFilter
          list={list}
          field="status"
          values={EMAIL_LOG_STATUSES}
          minWidth={180}
          testId="email-logs-status-filter"
        />
        <Select
          allowClear
          placeholder="All templates"
          aria-label="Template"
          style={{ minWidth: 180 }}
          value={list.filters.template}
          onChange={(template?: string) => list.setFilters({ ...list.filters, template })}
          options={(templates.data ?? []).map((value) => ({ value, label: value }))}
          data-testid="email-logs-template-filter"
        />
        <DatePicker.RangePicker
          aria-label="Dates"
          onChange={(range) => list.setFilters({ ...list.filters, from: day(range?.[0]), to: day(range?.[1]) })}
          data-testid="email-logs-dates"
        />
      </ListToolbar>
      <Table<EmailLog>
        {...listTableProps(list, logs)}
        data-testid="email-logs-table"
        scroll={{ x: 'max-content' }}
        columns={[
          {
            title: 'Time',
            dataIndex: 'created_at',
            render: (value: string) => new Date(value).toLocaleString(),
          },
          { title: 'Recipient', dataIndex: 'to' },
          {
            title: 'Subject',
            dataIndex: 'subject',
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
          { title: 'Template', dataIndex: 'template', render: (value: string | null) => value ?? '—' },
          { title: 'Status', dataIndex: 'status', render: (_: string, row) => <EmailStatusTag log={row} /> },
        ]}
      />
      {open ? <EmailLogModal uuid={open} onClose={() => setOpen(null)} /> : null}
    </div>
  );
}
