import {
  lineTotalCents,
  type Order,
  type OrderCreateInput,
  type OrderStatus,
  orderTotalCents,
  quantityToHundredths,
  type RequestType,
} from '@portal/domain';

/** One line of the order editor: a service of the catalogue and how many. */
export interface DraftLine {
  key: string;
  service_uuid: string | null;
  quantity: number | null;
}

export interface OrderDraft {
  customer_uuid: string | null;
  lines: DraftLine[];
  /** As typed; empty means no code (issue 22). */
  discount_code?: string;
}

let nextKey = 0;
export const newLine = (): DraftLine => ({ key: `line-${++nextKey}`, service_uuid: null, quantity: 1 });

/** The editor's starting state: an order's client and lines, or an empty order with one line. */
export function draftOf(order: Order | null): OrderDraft {
  if (!order) {
    return { customer_uuid: null, lines: [newLine()], discount_code: '' };
  }
  return {
    customer_uuid: order.customer.uuid,
    discount_code: order.discount_code ?? '',
    lines: order.lines.map((line) => ({ key: line.uuid, service_uuid: line.service_uuid, quantity: line.quantity })),
  };
}

/** Services an order may list: enabled, with a price. */
export function orderableServices(types: readonly RequestType[]): RequestType[] {
  return types.filter((type) => !type.disabled && type.price_cents !== null);
}

/** The POST/PUT body, or why it cannot be sent yet (the server says the same, this only saves a round trip). */
export function draftBody(draft: OrderDraft): { body: OrderCreateInput } | { error: string } {
  if (!draft.customer_uuid) {
    return { error: 'Choose the client' };
  }
  const items = draft.lines.filter((line) => line.service_uuid);
  if (!items.length) {
    return { error: 'Add at least one service' };
  }
  if (items.some((line) => !line.quantity || line.quantity <= 0)) {
    return { error: 'The quantity must be greater than 0' };
  }
  return {
    body: {
      customer_uuid: draft.customer_uuid,
      items: items.map((line) => ({ service_uuid: line.service_uuid as string, quantity: line.quantity as number })),
      ...(draft.discount_code === undefined ? {} : { discount_code: draft.discount_code.trim() || null }),
    },
  };
}

/**
 * The total of lines not saved yet, by the same rule the server applies (domain rules/orders.ts), so the editor can
 * show it as it is typed; once saved, the server's answer is what the screen shows.
 */
export function previewTotalCents(draft: OrderDraft, services: readonly RequestType[]): number {
  const prices = new Map(services.map((s) => [s.uuid, s.price_cents]));
  return orderTotalCents(
    draft.lines
      .filter((line) => line.service_uuid && line.quantity && prices.get(line.service_uuid) != null)
      .map((line) => ({
        unitPriceCents: prices.get(line.service_uuid as string) as number,
        quantityHundredths: quantityToHundredths(line.quantity as number),
      })),
  );
}

export function previewLineCents(line: DraftLine, services: readonly RequestType[]): number | null {
  const price = services.find((s) => s.uuid === line.service_uuid)?.price_cents;
  return price == null || !line.quantity ? null : lineTotalCents(price, quantityToHundredths(line.quantity));
}

/** Whether the editor still shows what the server has (then its total is the server's). */
export function sameAsSaved(draft: OrderDraft, order: Order | null): boolean {
  if (!order || draft.customer_uuid !== order.customer.uuid) {
    return false;
  }
  if ((draft.discount_code ?? '').trim().toLowerCase() !== (order.discount_code ?? '').toLowerCase()) {
    return false;
  }
  const lines = draft.lines.filter((line) => line.service_uuid);
  return (
    lines.length === order.lines.length &&
    lines.every(
      (line, i) => line.service_uuid === order.lines[i]?.service_uuid && line.quantity === order.lines[i]?.quantity,
    )
  );
}

/** The actions an order offers in its status (the server refuses the rest with its own message). */
export function orderActions(status: OrderStatus): { edit: boolean; place: boolean; pay: boolean; cancel: boolean } {
  return {
    edit: status === 'draft',
    place: status === 'draft',
    pay: status === 'placed',
    cancel: status === 'draft' || status === 'placed',
  };
}

export const STATUS_COLORS: Record<OrderStatus, string> = {
  draft: 'default',
  placed: 'blue',
  paid: 'green',
  cancelled: 'red',
};
