import { CheckOutlined, DeleteOutlined, UndoOutlined } from '@ant-design/icons';
import type { Notification } from '@portal/domain';
import { Button, Tooltip } from 'antd';
import { notificationAge } from './notificationRules';

/** One row of the bell: title, sub-title, content and age; read/unread toggle and delete. */
export function NotificationItem({
  notification,
  now,
  onOpen,
  onToggleRead,
  onDelete,
}: {
  notification: Notification;
  now: Date;
  onOpen(n: Notification): void;
  onToggleRead(n: Notification): void;
  onDelete(n: Notification): void;
}) {
  const unread = notification.read_at === null;
  const { data } = notification;
  return (
    <div
      className={`notification-item${unread ? ' notification-unread' : ''}`}
      data-testid="notification-item"
      data-unread={unread ? 'true' : 'false'}
    >
      <button type="button" className="notification-open" onClick={() => onOpen(notification)}>
        <span className="notification-title">{data.title}</span>
        {data.sub_title ? <span className="notification-sub-title">{data.sub_title}</span> : null}
        {data.content ? <span className="notification-content">{data.content}</span> : null}
        <span className="notification-time">{notificationAge(notification.created_at, now)}</span>
      </button>
      <span className="notification-actions">
        <Tooltip title={unread ? 'Mark as read' : 'Mark as unread'}>
          <Button
            size="small"
            type="text"
            icon={unread ? <CheckOutlined /> : <UndoOutlined />}
            aria-label={unread ? 'Mark as read' : 'Mark as unread'}
            onClick={() => onToggleRead(notification)}
            data-testid="notification-toggle-read"
          />
        </Tooltip>
        <Tooltip title="Delete">
          <Button
            size="small"
            type="text"
            icon={<DeleteOutlined />}
            aria-label="Delete"
            onClick={() => onDelete(notification)}
            data-testid="notification-delete"
          />
        </Tooltip>
      </span>
    </div>
  );
}
