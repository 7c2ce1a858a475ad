/**
 * Client orders (issue 20, /onboarding/orders): money rules shared by the API (which computes and stores every
 * total) and the web app (which shows them). Money is integer cents (USD); quantities are hundredths so half a
 * month or 1.25 hours can be ordered without floating point reaching a total.
 */

export const ORDER_STATUSES = ['draft', 'placed', 'paid', 'cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** What a service sells: a one-off job, or a recurring plan (doc 2: retainer and hosting plan types). */
export const SERVICE_SELLS = ['one_off', 'retainer', 'hosting'] as const;
export type ServiceSells = (typeof SERVICE_SELLS)[number];

export const SERVICE_SELLS_LABELS: Record<ServiceSells, string> = {
  one_off: 'One-off',
  retainer: 'Retainer',
  hosting: 'Hosting',
};

export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  draft: 'Draft',
  placed: 'Placed',
  paid: 'Paid',
  cancelled: 'Cancelled',
};

/** The largest price a service may have: $1,000,000.00. */
export const MAX_PRICE_CENTS = 100_000_000;
/** The largest order total, $20,000,000.00: the stored totals stay well inside a 32-bit integer. */
export const MAX_ORDER_TOTAL_CENTS = 2_000_000_000;
/** The most reload minutes one order may give a plan (the plans module's own ceiling, over 16,000 hours). */
export const MAX_ORDER_RELOAD_MINUTES = 1_000_000;
/** The largest quantity of one line. */
export const MAX_ORDER_QUANTITY = 10_000;

export const ORDER_MESSAGES = {
  serviceHasNoPrice: 'This service has no price yet; set one on the Services screen first.',
  serviceDisabled: 'This service is disabled and cannot be ordered.',
  orderNotDraft: 'Only a draft order can be changed.',
  onlyDraftPlaced: 'Only a draft order can be placed.',
  paidNeedsPlaced: 'Only a placed order can be marked paid.',
  paidCannotBeCancelled: 'A paid order cannot be cancelled. Refund the client outside the portal instead.',
  alreadyCancelled: 'This order is already cancelled.',
  quantityStep: 'The quantity may have at most two decimals',
  retainerNeedsReload: 'A retainer service needs the reload amount it gives the plan',
  reloadOnlyForRetainer: 'Only retainer services give a reload amount',
  totalTooLarge: 'The order total may not be greater than $20,000,000.00',
  reloadTooLarge: 'This quantity gives the plan more than 16,000 hours',
} as const;

/** A quantity as hundredths: 1.5 → 150. Inputs are validated to two decimals, the rounding only absorbs binary noise. */
export function quantityToHundredths(quantity: number): number {
  return Math.round(quantity * 100);
}

export function hundredthsToQuantity(hundredths: number): number {
  return hundredths / 100;
}

/** Integer division by 100 rounded half up, exact for every safe integer (no floating-point division). */
function divideBy100HalfUp(value: number): number {
  const shifted = value + 50;
  return (shifted - (((shifted % 100) + 100) % 100)) / 100;
}

/** A line's total in cents: unit price × quantity, rounded half up to the cent. */
export function lineTotalCents(unitPriceCents: number, quantityHundredths: number): number {
  return divideBy100HalfUp(unitPriceCents * quantityHundredths);
}

/** An order's total: the sum of its rounded line totals (what each line shows adds up to what the order shows). */
export function orderTotalCents(lines: readonly { unitPriceCents: number; quantityHundredths: number }[]): number {
  return lines.reduce((sum, line) => sum + lineTotalCents(line.unitPriceCents, line.quantityHundredths), 0);
}

/** The reload minutes a retainer line gives its plan: per-unit minutes × quantity, to the minute. */
export function lineReloadMinutes(reloadMinutes: number, quantityHundredths: number): number {
  return divideBy100HalfUp(reloadMinutes * quantityHundredths);
}

/** Cents as the screens show money: 123456 → '$1,234.56'. */
export function formatUsd(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  const dollars = Math.floor(abs / 100).toLocaleString('en-US');
  return `${sign}$${dollars}.${String(abs % 100).padStart(2, '0')}`;
}

/** Typed dollars → cents, or null when not a non-negative amount with at most two decimals: '12.5' → 1250. */
export function parseUsdToCents(typed: string): number | null {
  const match = /^\s*\$?\s*(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d{1,2}))?\s*$/.exec(typed);
  if (!match) {
    return null;
  }
  const dollars = Number((match[1] ?? '').replace(/,/g, ''));
  const cents = Number((match[2] ?? '').padEnd(2, '0'));
  const value = dollars * 100 + cents;
  return Number.isSafeInteger(value) ? value : null;
}

/**
 * The status moves an order allows (draft → placed → paid; draft or placed → cancelled). The message says why any
 * other move is refused; null when allowed.
 */
export function refusedTransition(from: OrderStatus, to: OrderStatus): string | null {
  if (to === 'placed') {
    return from === 'draft' ? null : ORDER_MESSAGES.onlyDraftPlaced;
  }
  if (to === 'paid') {
    return from === 'placed' ? null : ORDER_MESSAGES.paidNeedsPlaced;
  }
  if (to === 'cancelled') {
    if (from === 'paid') {
      return ORDER_MESSAGES.paidCannotBeCancelled;
    }
    return from === 'cancelled' ? ORDER_MESSAGES.alreadyCancelled : null;
  }
  return ORDER_MESSAGES.orderNotDraft;
}
