import { describe, expect, it } from 'vitest';
import { type DiscountTerms, discountCents, discountRefusal } from './discounts';

const terms = (over: Partial<DiscountTerms> = {}): DiscountTerms => ({
  type: 'percent',
  value: 10,
  active: true,
  validFrom: null,
  validTo: null,
  maxRedemptions: null,
  maxPerCustomer: null,
  serviceKeys: null,
  ...over,
});
const now = new Date('2026-06-15T12:00:00Z');

describe('discountRefusal', () => {
  it('names each reason in the order a person would fix them', () => {
    expect(discountRefusal(terms(), now, 0, 0)).toBeNull();
    expect(discountRefusal(terms({ active: false }), now, 0, 0)).toBe('inactive');
    expect(discountRefusal(terms({ validFrom: new Date('2026-07-01') }), now, 0, 0)).toBe('not_yet_valid');
    expect(discountRefusal(terms({ validTo: new Date('2026-06-01') }), now, 0, 0)).toBe('expired');
    expect(discountRefusal(terms({ maxRedemptions: 3 }), now, 3, 0)).toBe('used_up');
    expect(discountRefusal(terms({ maxPerCustomer: 1 }), now, 3, 1)).toBe('used_up_for_client');
  });

  it('treats validity bounds as inclusive', () => {
    expect(discountRefusal(terms({ validFrom: now, validTo: now }), now, 0, 0)).toBeNull();
  });
});

describe('discountCents', () => {
  it('rounds a percent half up to the cent once on the sum of the lines it applies to', () => {
    expect(discountCents(terms({ value: 15 }), [{ serviceKey: 1, totalCents: 10 }])).toBe(2);
    expect(discountCents(terms({ value: 15 }), [{ serviceKey: 1, totalCents: 3 }])).toBe(0);
    expect(discountCents(terms({ value: 50 }), [{ serviceKey: 1, totalCents: 1 }])).toBe(1);
    expect(discountCents(terms({ value: 100 }), [{ serviceKey: 1, totalCents: 1999 }])).toBe(1999);
  });

  it('never takes a fixed amount beyond the lines it applies to', () => {
    const fixed = terms({ type: 'fixed', value: 5000, serviceKeys: new Set([1]) });
    expect(
      discountCents(fixed, [
        { serviceKey: 1, totalCents: 1200 },
        { serviceKey: 2, totalCents: 9000 },
      ]),
    ).toBe(1200);
  });

  it('answers null when the code applies to none of the lines', () => {
    expect(discountCents(terms({ serviceKeys: new Set([7]) }), [{ serviceKey: 1, totalCents: 100 }])).toBeNull();
    expect(discountCents(terms({ serviceKeys: new Set([7]) }), [{ serviceKey: null, totalCents: 100 }])).toBeNull();
  });
});
