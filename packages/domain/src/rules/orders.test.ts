import { describe, expect, it } from 'vitest';
import { orderItemSchema } from '../contracts/orders';
import {
  formatUsd,
  lineReloadMinutes,
  lineTotalCents,
  ORDER_MESSAGES,
  orderTotalCents,
  parseUsdToCents,
  quantityToHundredths,
  refusedTransition,
} from './orders';

describe('order money', () => {
  it('rounds a line half up to the cent with integer arithmetic', () => {
    expect(lineTotalCents(333, 150)).toBe(500); // 499.5
    expect(lineTotalCents(333, 1)).toBe(3); // 3.33
    expect(lineTotalCents(1, 50)).toBe(1); // 0.5
    expect(lineTotalCents(1, 49)).toBe(0);
    expect(lineTotalCents(100_000_000, 1_000_000)).toBe(1_000_000_000_000);
  });

  it('totals an order as the sum of its rounded lines', () => {
    expect(
      orderTotalCents([
        { unitPriceCents: 333, quantityHundredths: 150 },
        { unitPriceCents: 333, quantityHundredths: 150 },
      ]),
    ).toBe(1000);
  });

  it('reads quantities as hundredths without binary noise, and refuses a third decimal', () => {
    expect(quantityToHundredths(1.15)).toBe(115);
    expect(quantityToHundredths(0.29)).toBe(29);
    expect(orderItemSchema.safeParse({ service_uuid: crypto.randomUUID(), quantity: 0.29 }).success).toBe(true);
    expect(orderItemSchema.safeParse({ service_uuid: crypto.randomUUID(), quantity: 1.005 }).success).toBe(false);
    expect(orderItemSchema.safeParse({ service_uuid: crypto.randomUUID(), quantity: 0 }).success).toBe(false);
  });

  it('gives a retainer line its reload minutes per unit times quantity', () => {
    expect(lineReloadMinutes(600, 150)).toBe(900);
  });

  it('formats and parses dollars', () => {
    expect(formatUsd(123_456)).toBe('$1,234.56');
    expect(formatUsd(5)).toBe('$0.05');
    expect(parseUsdToCents('$1,234.5')).toBe(123_450);
    expect(parseUsdToCents('12')).toBe(1200);
    expect(parseUsdToCents('1.234')).toBeNull();
    expect(parseUsdToCents('1,23')).toBeNull();
  });
});

describe('order status moves', () => {
  it('allows draft → placed → paid and cancelling until paid', () => {
    expect(refusedTransition('draft', 'placed')).toBeNull();
    expect(refusedTransition('placed', 'paid')).toBeNull();
    expect(refusedTransition('draft', 'cancelled')).toBeNull();
    expect(refusedTransition('placed', 'cancelled')).toBeNull();
  });

  it('says why every other move is refused', () => {
    expect(refusedTransition('draft', 'paid')).toBe(ORDER_MESSAGES.paidNeedsPlaced);
    expect(refusedTransition('paid', 'cancelled')).toBe(ORDER_MESSAGES.paidCannotBeCancelled);
    expect(refusedTransition('cancelled', 'cancelled')).toBe(ORDER_MESSAGES.alreadyCancelled);
    expect(refusedTransition('placed', 'placed')).toBe(ORDER_MESSAGES.onlyDraftPlaced);
    expect(refusedTransition('cancelled', 'paid')).toBe(ORDER_MESSAGES.paidNeedsPlaced);
  });
});
