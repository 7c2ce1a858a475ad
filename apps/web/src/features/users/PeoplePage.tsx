import { CopyOutlined, MailOutlined, PhoneOutlined } from '@ant-design/icons';
import type { Contact } from '@portal/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Avatar, Button, Card, Empty, Pagination, Segmented, Spin, Table, Tag, Tooltip } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { useAbility } from '../../auth/useAbility';
import { initials } from '../../layout/initials';
import { ForbiddenPage } from '../../pages/ForbiddenPage';
import { reportError, reportSuccess } from '../../shell/feedback';
import { ListToolbar } from '../common/ListToolbar';
import { PAGE_SIZE_OPTIONS } from '../common/listQuery';
import { PageHeader } from '../common/PageHeader';
import { listTableProps } from '../common/tablePagination';
import { pageParams, useListState } from '../common/useListState';
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

/** /people: the directory of active people, as cards or a table. */
export function PeoplePage() {
  const ability = useAbility();
  const [view, setView] = useState<'cards' | 'table'>('cards');
  const list = useListState<Record<string, never>>({}, 24);
  const people = useQuery({
    queryKey: [...CONTACTS_KEY, 'list', 'people', list.page, list.size, list.debouncedSearch],
    queryFn: ({ signal }) =>
      listContacts({ ...pageParams(list), filters: { status: ['active'] }, sortBy: 'name' }, signal),
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
            onChange={(v) => setView(v as 'cards' | 'table')}
            options={[
              { value: 'cards', label: 'Cards' },
              { value: 'table', label: 'Table' },
            ]}
            data-testid="people-view"
          />
        }
      />
      <ListToolbar list={list} placeholder="Search people" testId="people-search" />
      {view === 'table' ? (
        <Table<Contact>
          {...listTableProps(list, people)}
          columns={[
            { title: 'Name', dataIndex: 'name', render: (n: string, r) => <Link to={`/users/${r.uuid}`}>{n}</Link> },
            { title: 'Job title', dataIndex: 'job_title' },
            {
              title: 'Clients',
              dataIndex: 'customers',
              render: (cs: Contact['customers']) => cs.map((c) => c.business_name).join(', '),
            },
            {
              title: 'E-mail',
              dataIndex: 'email',
              render: (email: string | null) =>
                email ? (
                  <span>
                    <a href={`mailto:${email}`}>{email}</a> <CopyEmail email={email} />
                  </span>
                ) : null,
            },
            { title: 'Phone', dataIndex: 'phone' },
          ]}
        />
      ) : (
        <Spin spinning={people.isFetching}>
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
            current={list.page}
            pageSize={list.size}
            total={people.data?.meta.total ?? 0}
            showSizeChanger
            pageSizeOptions={[12, 24, 48, ...PAGE_SIZE_OPTIONS.slice(2)]}
            onChange={(page, size) => list.setPage(page, size)}
          />
        </Spin>
      )}
    </div>
  );
}
