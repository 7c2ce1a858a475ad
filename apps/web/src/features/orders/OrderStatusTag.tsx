import { ORDER_STATUS_LABELS, type OrderStatus } from '@portal/domain';
import { Tag } from 'antd';
import { STATUS_COLORS } from './orderDraft';

export function OrderStatusTag({ status }: { status: OrderStatus }) {
  return (
    <Tag color={STATUS_COLORS[status]} data-testid="order-status">
      {ORDER_STATUS_LABELS[status]}
    </Tag>
  );
}
