import { SettingOutlined } from '@ant-design/icons';
import { MESSAGES, type Notification, type NotificationFilter } from '@portal/domain';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, Empty, Popover, Segmented, Spin } from 'antd';
import { type ReactNode, useState } from 'react';
import { useNavigate } from 'react-router';
import {
  deleteNotification,
  listNotifications,
  MENTIONS_COUNT_KEY,
  NOTIFICATIONS_KEY,
  readAllNotifications,
  setNotificationRead,
} from './api';
import { NotificationItem } from './NotificationItem';
import { nextNotificationCursor } from './notificationRules';

const FILTERS: { value: NotificationFilter; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'unread', label: 'Unread' },
  { value: 'read', label: 'Read' },
];

/**
 * The bell's dropdown (doc 1 §2): 'NOTIFICATIONS' with Mark All Read, the list 15 at a time (more via `after`), and
 * the All / Unread / Read filter. Opening a notification marks it read and goes to its action_url.
 */
export function NotificationPanel({ channels, onClose }: { channels: ReactNode; onClose(): void }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [filter, setFilter] = useState<NotificationFilter>('all');
  const list = useInfiniteQuery({
    queryKey: [...NOTIFICATIONS_KEY, 'list', filter],
    queryFn: ({ pageParam, signal }) => listNotifications(filter, pageParam, signal),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: nextNotificationCursor,
  });
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_KEY });
    void queryClient.invalidateQueries({ queryKey: MENTIONS_COUNT_KEY });
  };
  const readAll = useMutation({ mutationFn: readAllNotifications, onSuccess: refresh });
  const toggle = useMutation({
    mutationFn: (n: Notification) => setNotificationRead(n.id, n.read_at === null),
    onSuccess: refresh,
  });
  const remove = useMutation({ mutationFn: (n: Notification) => deleteNotification(n.id), onSuccess: refresh });

  const open = (n: Notification) => {
    if (n.read_at === null) {
      toggle.mutate(n);
    }
    if (n.data.action_url) {
      onClose();
      void navigate(n.data.action_url);
    }
  };

  const items = list.data?.pages.flatMap((page) => page.data) ?? [];
  const now = new Date();
  return (
    <div className="notification-panel" data-testid="notification-panel">
      <div className="notification-header">
        <span className="notification-heading">{MESSAGES.notificationsTitle}</span>
        <Popover
          trigger="click"
          placement="bottomRight"
          title="Notification channels"
          content={channels}
          getPopupContainer={(node) => node.parentElement ?? document.body}
        >
          <Button
            size="small"
            type="text"
            icon={<SettingOutlined />}
            aria-label="Notification channels"
            data-testid="notification-channels-button"
          />
        </Popover>
        <Button
          size="small"
          type="link"
          onClick={() => readAll.mutate()}
          loading={readAll.isPending}
          data-testid="notification-read-all"
        >
          {MESSAGES.markAllRead}
        </Button>
      </div>
      <div className="notification-list" data-testid="notification-list">
        {list.isPending ? (
          <Spin className="notification-spin" />
        ) : items.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={MESSAGES.noNotifications} />
        ) : (
          items.map((n) => (
            <NotificationItem
              key={n.id}
              notification={n}
              now={now}
              onOpen={open}
              onToggleRead={(item) => toggle.mutate(item)}
              onDelete={(item) => remove.mutate(item)}
            />
          ))
        )}
        {list.hasNextPage ? (
          <Button
            block
            type="text"
            loading={list.isFetchingNextPage}
            onClick={() => void list.fetchNextPage()}
            data-testid="notification-load-more"
          >
            Load more
          </Button>
        ) : null}
      </div>
      <div className="notification-footer">
        <Segmented<NotificationFilter>
          block
          size="small"
          options={FILTERS}
          value={filter}
          onChange={setFilter}
          data-testid="notification-filter"
        />
      </div>
    </div>
  );
}
