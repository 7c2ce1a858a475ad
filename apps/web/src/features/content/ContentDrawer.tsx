import {
  CONTENT_PLATFORMS,
  CONTENT_STATUS_LABELS,
  CONTENT_STATUSES,
  type ContentItem,
  type ContentPlatform,
  type ContentStatus,
  captionLength,
  PLATFORM_RULES,
  type Upload,
} from '@portal/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Upload as AntUpload,
  Button,
  DatePicker,
  Drawer,
  Form,
  Input,
  Popconfirm,
  Select,
  Space,
  Typography,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { reportError, reportSuccess } from '../../shell/feedback';
import { CommentsPanel } from '../comments/CommentsPanel';
import { listProjectUsers } from '../plans/api';
import { uploadFile } from '../uploads/api';
import { CONTENT_KEY, createContentItem, deleteContentItem, updateContentItem } from './api';
import { PostPreview } from './PostPreview';

type Draft = {
  platform: ContentPlatform;
  caption: string;
  scheduledAt: Dayjs | null;
  assignee: string | null;
  status: ContentStatus;
  uploads: Upload[];
};

const draftOf = (item: ContentItem | null): Draft => ({
  platform: item?.platform ?? 'instagram',
  caption: item?.caption ?? '',
  scheduledAt: item?.scheduled_at ? dayjs(item.scheduled_at) : null,
  assignee: item?.assignee?.uuid ?? null,
  status: item?.status ?? 'draft',
  uploads: item?.uploads ?? [],
});

/**
 * Create or edit one content item: platform, caption with the platform's counter, media, scheduled time, assignee
 * and status, beside a preview of the post as the platform's feed shows it. The server judges every field.
 */
export function ContentDrawer({
  planUuid,
  planTitle,
  item,
  canEdit,
  canDelete,
  highlightComment = null,
  onClose,
}: {
  planUuid: string;
  planTitle: string;
  item: ContentItem | null;
  canEdit: boolean;
  canDelete: boolean;
  /** A comment to scroll to and highlight (a notification's target_comment_id). */
  highlightComment?: string | null;
  onClose(): void;
}) {
  const client = useQueryClient();
  const [draft, setDraft] = useState<Draft>(() => draftOf(item));
  const [uploading, setUploading] = useState(false);
  const people = useQuery({
    queryKey: ['project-users', 'content'],
    queryFn: ({ signal }) => listProjectUsers(undefined, signal),
  });
  const rule = PLATFORM_RULES[draft.platform];
  const used = captionLength(draft.caption);
  const set = (patch: Partial<Draft>) => setDraft((d) => ({ ...d, ...patch }));
  const save = useMutation({
    mutationFn: () => {
      const body = {
        platform: draft.platform,
        caption: draft.caption,
        scheduled_at: draft.scheduledAt ? draft.scheduledAt.toISOString() : null,
        assignee_uuid: draft.assignee,
        uploads: draft.uploads.map((u) => u.uuid),
      };
      return item
        ? updateContentItem(item.uuid, { ...body, ...(draft.status !== item.status ? { status: draft.status } : {}) })
        : createContentItem({ ...body, project_uuid: planUuid, status: draft.status });
    },
    onSuccess: () => {
      reportSuccess('Saved');
      void client.invalidateQueries({ queryKey: CONTENT_KEY });
      onClose();
    },
    onError: reportError,
  });
  const remove = useMutation({
    mutationFn: () => deleteContentItem(item?.uuid ?? ''),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: CONTENT_KEY });
      onClose();
    },
    onError: reportError,
  });
  const addFile = async (file: File) => {
    setUploading(true);
    try {
      const upload = await uploadFile(file, 'attachment', () => undefined);
      setDraft((d) => ({ ...d, uploads: [...d.uploads, upload] }));
    } catch (error) {
      reportError(error);
    } finally {
      setUploading(false);
    }
  };
  return (
    <Drawer
      open
      onClose={onClose}
      title={item ? 'Content item' : 'New content item'}
      width="min(960px, 100vw)"
      data-testid="content-drawer"
      extra={
        <Space>
          {item && canDelete ? (
            <Popconfirm title="Delete this item?" onConfirm={() => remove.mutate()}>
              <Button danger>Delete</Button>
            </Popconfirm>
          ) : null}
          {canEdit ? (
            <Button type="primary" loading={save.isPending} onClick={() => save.mutate()} data-testid="content-save">
              Save
            </Button>
          ) : null}
        </Space>
      }
    >
      <div className="content-drawer-body" style={{ display: 'flex', flexWrap: 'wrap', gap: 24 }}>
        <Form layout="vertical" style={{ flex: '1 1 320px', minWidth: 0 }} disabled={!canEdit}>
          <Form.Item label="Platform" htmlFor="content-platform">
            <Select
              id="content-platform"
              value={draft.platform}
              onChange={(platform) => set({ platform })}
              options={CONTENT_PLATFORMS.map((p) => ({ value: p, label: PLATFORM_RULES[p].label }))}
              data-testid="content-platform"
            />
          </Form.Item>
          <Form.Item
            label="Caption"
            htmlFor="content-caption"
            validateStatus={used > rule.maxCaption ? 'error' : undefined}
            help={
              <span data-testid="content-caption-counter">
                {used.toLocaleString('en-US')} / {rule.maxCaption.toLocaleString('en-US')}
              </span>
            }
          >
            <Input.TextArea
              id="content-caption"
              rows={6}
              value={draft.caption}
              onChange={(e) => set({ caption: e.target.value })}
              data-testid="content-caption"
            />
          </Form.Item>
          <Form.Item label="Media">
            <Space direction="vertical" style={{ width: '100%' }}>
              {draft.uploads.map((u) => (
                <Space key={u.uuid}>
                  <span>{u.name}</span>
                  <Button
                    size="small"
                    onClick={() => set({ uploads: draft.uploads.filter((x) => x.uuid !== u.uuid) })}
                    aria-label={`Remove ${u.name}`}
                  >
                    Remove
                  </Button>
                </Space>
              ))}
              <AntUpload
                accept="image/*,video/*"
                showUploadList={false}
                beforeUpload={(file) => {
                  void addFile(file as unknown as File);
                  return false;
                }}
              >
                <Button loading={uploading}>Add image or video</Button>
              </AntUpload>
            </Space>
          </Form.Item>
          <Form.Item label="Scheduled" htmlFor="content-scheduled">
            <DatePicker
              id="content-scheduled"
              showTime={{ format: 'HH:mm' }}
              format="MM/DD/YYYY HH:mm"
              value={draft.scheduledAt}
              onChange={(value) => set({ scheduledAt: value })}
              style={{ width: '100%' }}
              data-testid="content-scheduled"
            />
          </Form.Item>
          <Form.Item label="Assignee" htmlFor="content-assignee">
            <Select
              id="content-assignee"
              allowClear
              showSearch
              optionFilterProp="label"
              value={draft.assignee ?? undefined}
              onChange={(value) => set({ assignee: value ?? null })}
              options={(people.data?.data ?? []).map((p) => ({ value: p.uuid, label: p.name }))}
              data-testid="content-assignee"
            />
          </Form.Item>
          <Form.Item label="Status" htmlFor="content-status">
            <Select
              id="content-status"
              value={draft.status}
              onChange={(status) => set({ status })}
              options={CONTENT_STATUSES.map((s) => ({ value: s, label: CONTENT_STATUS_LABELS[s] }))}
              data-testid="content-status"
            />
          </Form.Item>
        </Form>
        <section style={{ flex: '1 1 300px', minWidth: 0 }} aria-label="Preview">
          <PostPreview platform={draft.platform} caption={draft.caption} media={draft.uploads} author={planTitle} />
        </section>
      </div>
      {item ? (
        // The item's thread (the comments module): the team's discussion and the client's approval-link answers.
        <section className="content-comments" aria-labelledby="content-comments-title" data-testid="content-comments">
          <Typography.Title level={5} id="content-comments-title">
            Comments
          </Typography.Title>
          <CommentsPanel
            target={{ type: 'content_item', uuid: item.uuid }}
            planUuid={planUuid}
            highlightUuid={highlightComment}
          />
        </section>
      ) : null}
    </Drawer>
  );
}
