import { CopyOutlined, MailOutlined, PhoneOutlined } from '@ant-design/icons';
import type { Contact } from '@portal/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Avatar, Button, Card, Empty, Pagination, Segmented, Spin, Tag, Tooltip } from 'antd';
import { Link, useSearchParams } from 'react-router';
import { useAbility } from '../../auth/useAbility';
import { DataTable, SERVER_PAGE_SIZES, TableSearch, useTableState } from '../../components/DataTable';
import { initials } from '../../layout/initials';
import { ForbiddenPage } from '../../pages/ForbiddenPage';
import { reportError, reportSuccess } from '../../shell/feedback';
import { PageHeader } from '../common/PageHeader';
import { CONTACTS_KEY, listContacts } from './api';

function CopyEmail({ email }: { email: string }) {
  return (
    <Tooltip title="Copy e-mail">
      <Button
        size="small"
        type="text"
        icon={<CopyOutlined />}
        aria-label={`Copy ${email}`}
        data-testid="person-copy-email"
        onClick={() =>
          navigator.clipboard.writeText(email).then(
            () => reportSuccess('E-mail copied'),
            (error: unknown) => reportError(error),
          )
        }
      />
    </Tooltip>
  );
}

function PersonCard({ person }: { person: Contact }) {
  return (
    <Card size="small" className="person-card" data-testid="person-card">
      <Card.Meta
        avatar={<Avatar>{initials(person.name)}</Avatar>}
        title={<Link to={`/users/${person.uuid}`}>{person.name}</Link>}
        description={person.job_title ?? ' '}
      />
      <div className="person-lines">
        {person.email ? (
          <div>
            <MailOutlined /> <a href={`mailto:${person.email}`}>{person.email}</a> <CopyEmail email={person.email} />
          </div>
        ) : null}
        {person.phone ? (
          <div>
            <PhoneOutlined /> <a href={`tel:${person.phone}`}>{person.phone}</a>
          </div>
        ) : null}
        <div>
          {person.customers.map((c) => (
            <Tag key={c.uuid}>{c.business_name}</Tag>
          ))}
        </div>
      </div>
    </Card>
  );
}

/** /people: the directory of active people, as cards or a table (the view is in the address too). */
export function PeoplePage() {
  const ability = useAbility();
  const [params, setParams] = useSearchParams();
  const view = params.get('view') === 'table' ? 'table' : 'cards';
  const setView = (next: string) =>
    setParams(
      (current) => {
        const copy = new URLSearchParams(current);
        if (next === 'table') {
          copy.set('view', 'table');
        } else {
          copy.delete('view');
        }
        return copy;
      },
      { replace: true },
    );
  const table = useTableState('people', { sort: { by: 'name', direction: 'asc' } });
  const people = useQuery({
    queryKey: [...CONTACTS_KEY, 'list', 'people', ...table.queryKey],
    queryFn: ({ signal }) => listContacts({ ...table.listParams, filters: { status: ['active'] } }, signal),
    placeholderData: keepPreviousData,
    enabled: ability.can('CONTACTS_READ'),
  });
  if (!ability.can('CONTACTS_READ')) {
    return <ForbiddenPage />;
  }
  const rows = people.data?.data ?? [];
  return (
    <div className="list-page" data-testid="people-page">
      <PageHeader
        title="Contacts"
        actions={
          <Segmented
            value={view}
            onChange={(v) => setView(String(v))}
            options={[
              { value: 'cards', label: 'Cards' },
              { value: 'table', label: 'Table' },
            ]}
            data-testid="people-view"
          />
        }
      />
      {view === 'table' ? (
        <DataTable<Contact>
          table={table}
          query={people}
          testId="people"
          searchPlaceholder="Search people"
          columns={[
            {
              key: 'name',
              title: 'Name',
              dataIndex: 'name',
              sortKey: 'name',
              render: (n: string, r) => <Link to={`/users/${r.uuid}`}>{n}</Link>,
            },
            { key: 'job_title', title: 'Job title', dataIndex: 'job_title', sortKey: 'job_title' },
            {
              key: 'customers',
              title: 'Clients',
              dataIndex: 'customers',
              render: (cs: Contact['customers']) => cs.map((c) => c.business_name).join(', '),
            },
            {
              key: 'email',
              title: 'E-mail',
              dataIndex: 'email',
              sortKey: 'email',
              render: (email: string | null) =>
                email ? (
                  <span>
                    <a href={`mailto:${email}`}>{email}</a> <CopyEmail email={email} />
                  </span>
                ) : null,
            },
            { key: 'phone', title: 'Phone', dataIndex: 'phone' },
          ]}
        />
      ) : (
        <Spin spinning={people.isFetching}>
          <div className="data-table-toolbar">
            <TableSearch table={table} placeholder="Search people" testId="people-search" />
          </div>
          {rows.length === 0 && !people.isPending ? (
            <Empty description="No people found" />
          ) : (
            <div className="people-grid">
              {rows.map((person) => (
                <PersonCard key={person.uuid} person={person} />
              ))}
            </div>
          )}
          <Pagination
            className="people-pagination"
            current={table.state.page}
            pageSize={table.state.size}
            total={people.data?.meta.total ?? 0}
            showSizeChanger
            pageSizeOptions={SERVER_PAGE_SIZES.map(String)}
            onChange={(page, size) => table.setPage(page, size)}
          />
        </Spin>
      )}
    </div>
  );
}
