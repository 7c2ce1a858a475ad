import type { ContentItem, ContentStatus } from '@portal/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Empty, List, Modal, Segmented, Select, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useAbility } from '../../auth/useAbility';
import { ForbiddenPage } from '../../pages/ForbiddenPage';
import { reportError, reportSuccess } from '../../shell/feedback';
import { PageHeader } from '../common/PageHeader';
import {
  bulkContentStatus,
  CONTENT_KEY,
  getContentItem,
  listApprovals,
  listContentItems,
  listPlanOptions,
  revokeApproval,
  sendForApproval,
  updateContentItem,
} from './api';
import { ContentBoard } from './ContentBoard';
import { ContentCalendar } from './ContentCalendar';
import { ContentDrawer } from './ContentDrawer';
import { ContentTable } from './ContentTable';
import './content.css';

type View = 'board' | 'table' | 'calendar';
const VIEWS: { value: View; label: string }[] = [
  { value: 'board', label: 'Board' },
  { value: 'table', label: 'Table' },
  { value: 'calendar', label: 'Calendar' },
];

/**
 * /content (POSTS_READ, staff and freelancers): one plan's content items as a board by status, a table with bulk status change and
 * "Send for approval", or a month calendar; the plan and view live in the address (?plan=…&view=…). A client's
 * answer on an approval link arrives live (content_item events invalidate ['content']).
 */
export function ContentPage() {
  const ability = useAbility();
  // Freelancers too: the server answers only their plans' items and plans (content-access.ts).
  const allowed = ability.can('POSTS_READ');
  const client = useQueryClient();
  const [params, setParams] = useSearchParams();
  const planUuid = params.get('plan') ?? '';
  const view = (params.get('view') as View | null) ?? 'board';
  const [open, setOpen] = useState<ContentItem | 'new' | null>(null);
  const [sent, setSent] = useState<{ url: string; to: string[] } | null>(null);
  const [linksOpen, setLinksOpen] = useState(false);
  const setParam = (key: string, value: string) =>
    setParams(
      (p) => {
        p.set(key, value);
        return p;
      },
      { replace: true },
    );
  // A notification's link (/content?item=…) opens that item on its plan; target_comment_id (a comment's
  // notification) stays in the address while the drawer shows that comment.
  const linked = params.get('item');
  const highlightComment = params.get('target_comment_id');
  const linkedItem = useQuery({
    queryKey: [...CONTENT_KEY, 'item', linked],
    queryFn: ({ signal }) => getContentItem(linked ?? '', signal),
    enabled: allowed && Boolean(linked),
  });
  useEffect(() => {
    if (linkedItem.data) {
      const item = linkedItem.data;
      setOpen(item);
      setParams(
        (p) => {
          p.delete('item');
          p.set('plan', item.project.uuid);
          return p;
        },
        { replace: true },
      );
    }
  }, [linkedItem.data, setParams]);
  const plans = useQuery({
    queryKey: [...CONTENT_KEY, 'plans'],
    queryFn: ({ signal }) => listPlanOptions(signal),
    enabled: allowed,
  });
  const planTitle = plans.data?.find((p) => p.uuid === planUuid)?.title ?? '';
  const items = useQuery({
    queryKey: [...CONTENT_KEY, planUuid, 'all'],
    queryFn: ({ signal }) =>
      listContentItems({ size: 1000, filters: { project_uuid: [planUuid] }, sortBy: 'scheduled_at' }, signal),
    enabled: allowed && Boolean(planUuid) && view !== 'table',
  });
  const approvals = useQuery({
    queryKey: [...CONTENT_KEY, planUuid, 'approvals'],
    queryFn: ({ signal }) => listApprovals(planUuid, signal),
    enabled: allowed && Boolean(planUuid) && linksOpen,
  });
  const refresh = () => void client.invalidateQueries({ queryKey: CONTENT_KEY });
  const move = useMutation({
    mutationFn: ({ item, status }: { item: ContentItem; status: ContentStatus }) =>
      updateContentItem(item.uuid, { status }),
    onError: reportError,
    // Refetch either way: on a refusal the card snaps back to where the server has it.
    onSettled: refresh,
  });
  const send = useMutation({
    mutationFn: (uuids: string[]) => sendForApproval({ project_uuid: planUuid, content_item_uuids: uuids }),
    onSuccess: (res) => {
      reportSuccess(res.message);
      setSent({ url: res.data.url, to: res.data.sent_to });
      refresh();
    },
    onError: reportError,
  });
  const revoke = useMutation({ mutationFn: revokeApproval, onSuccess: refresh, onError: reportError });
  const bulk = async (uuids: string[], status: ContentStatus) => {
    try {
      const res = await bulkContentStatus(uuids, status);
      if (res.failed.length) {
        Modal.warning({
          title: res.message,
          content: (
            <ul>
              {res.failed.map((f) => (
                <li key={f.uuid}>{f.message}</li>
              ))}
            </ul>
          ),
        });
      } else {
        reportSuccess(res.message);
      }
    } catch (error) {
      reportError(error);
    } finally {
      refresh();
    }
  };
  if (!allowed) {
    return <ForbiddenPage />;
  }
  const openItem = (item: ContentItem) => setOpen(item);
  return (
    <div className="list-page" data-testid="content-page">
      <PageHeader
        title="Content"
        actions={
          planUuid && ability.can('POSTS_CREATE') ? (
            <Button type="primary" onClick={() => setOpen('new')} data-testid="content-new">
              New item
            </Button>
          ) : null
        }
      />
      <div className="content-toolbar">
        <Select
          aria-label="Plan"
          placeholder="Choose a plan"
          showSearch
          optionFilterProp="label"
          value={planUuid || undefined}
          onChange={(value) => setParam('plan', value)}
          options={(plans.data ?? []).map((p) => ({ value: p.uuid, label: p.title }))}
          loading={plans.isLoading}
          data-testid="content-plan"
        />
        <Segmented
          aria-label="View"
          value={view}
          onChange={(value) => setParam('view', String(value))}
          options={VIEWS}
          data-testid="content-view"
        />
        {planUuid ? (
          <Button onClick={() => setLinksOpen(true)} data-testid="content-links">
            Approval links
          </Button>
        ) : null}
      </div>
      {!planUuid ? (
        <Empty description="Choose a plan to see its content" />
      ) : view === 'table' ? (
        <ContentTable
          planUuid={planUuid}
          onOpen={openItem}
          onBulkStatus={bulk}
          onSend={(uuids) => send.mutate(uuids)}
          canUpdate={ability.can('POSTS_UPDATE')}
          canSend={ability.can('POSTS_CREATE')}
        />
      ) : view === 'calendar' ? (
        <ContentCalendar items={items.data?.data ?? []} onOpen={openItem} onChanged={refresh} />
      ) : (
        <ContentBoard
          items={items.data?.data ?? []}
          onOpen={openItem}
          onMove={(item, status) => move.mutate({ item, status })}
        />
      )}
      {open ? (
        <ContentDrawer
          planUuid={planUuid}
          planTitle={planTitle}
          item={open === 'new' ? null : open}
          canEdit={ability.can(open === 'new' ? 'POSTS_CREATE' : 'POSTS_UPDATE')}
          canDelete={ability.can('POSTS_DESTROY')}
          highlightComment={highlightComment}
          onClose={() => {
            setOpen(null);
            if (highlightComment) {
              setParams(
                (p) => {
                  p.delete('target_comment_id');
                  return p;
                },
                { replace: true },
              );
            }
          }}
        />
      ) : null}
      <Modal open={Boolean(sent)} title="Sent for approval" onCancel={() => setSent(null)} footer={null}>
        <Typography.Paragraph>Sent to {sent?.to.join(', ')}.</Typography.Paragraph>
        <Typography.Paragraph>
          The link is shown only now:{' '}
          <Typography.Text copyable data-testid="content-approval-url">
            {sent?.url}
          </Typography.Text>
        </Typography.Paragraph>
      </Modal>
      <Modal open={linksOpen} title="Approval links" onCancel={() => setLinksOpen(false)} footer={null}>
        {approvals.error ? <Alert type="error" message={String(approvals.error)} /> : null}
        <List
          dataSource={approvals.data ?? []}
          locale={{ emptyText: 'No approval links yet' }}
          renderItem={(link) => (
            <List.Item
              actions={
                !link.revoked_at && ability.can('POSTS_DESTROY')
                  ? [
                      <Button key="revoke" danger size="small" onClick={() => revoke.mutate(link.uuid)}>
                        Revoke
                      </Button>,
                    ]
                  : []
              }
            >
              <List.Item.Meta
                title={`…${link.token_hint} · ${link.decided_count}/${link.items_count} answered`}
                description={
                  link.revoked_at
                    ? 'Revoked'
                    : `Sent to ${link.sent_to.join(', ')}; expires ${new Date(link.expires_at).toLocaleDateString()}`
                }
              />
            </List.Item>
          )}
        />
      </Modal>
    </div>
  );
}
