import type { EmailLog } from '@portal/domain';
import { Tag, Tooltip } from 'antd';

const COLORS = { sent: 'green', failed: 'red', queued: 'default' } as const;

/** Sent, failed (with its error on hover) or queued; queued without SMTP says it is only recorded. */
export function EmailStatusTag({ log }: { log: Pick<EmailLog, 'status' | 'error' | 'transport'> }) {
  const tip =
    log.status === 'failed'
      ? log.error
      : log.status === 'queued' && log.transport === 'outbox'
        ? 'Recorded only: no SMTP server is configured (SMTP_URL)'
        : null;
  const tag = (
    <Tag color={COLORS[log.status]} data-testid="email-status">
      {log.status[0]?.toUpperCase() + log.status.slice(1)}
    </Tag>
  );
  return tip ? <Tooltip title={tip}>{tag}</Tooltip> : tag;
}
