import { describe, expect, it } from 'vitest';
import { type DiscountTerms, discountAppliesTo, discountCents, discountRefusal } from './discounts';

const terms = (over: Partial<DiscountTerms> = {}): DiscountTerms => ({
  type: 'percent',
  value: 10,
  active: true,
  validFrom: null,
  validTo: null,
  maxRedemptions: null,
  maxPerCustomer: null,
  scope: null,
  ...over,
});
const services = (ids: number[]) => ({ serviceKeys: new Set(ids), productTypeKeys: new Set<number>() });
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
    expect(discountCents(terms({ value: 15 }), [{ serviceKey: 1, productTypeKey: null, totalCents: 10 }])).toBe(2);
    expect(discountCents(terms({ value: 15 }), [{ serviceKey: 1, productTypeKey: null, totalCents: 3 }])).toBe(0);
    expect(discountCents(terms({ value: 50 }), [{ serviceKey: 1, productTypeKey: null, totalCents: 1 }])).toBe(1);
    expect(discountCents(terms({ value: 100 }), [{ serviceKey: 1, productTypeKey: null, totalCents: 1999 }])).toBe(
      1999,
    );
  });

  it('never takes a fixed amount beyond the lines it applies to', () => {
    const fixed = terms({ type: 'fixed', value: 5000, scope: services([1]) });
    expect(
      discountCents(fixed, [
        { serviceKey: 1, productTypeKey: null, totalCents: 1200 },
        { serviceKey: 2, productTypeKey: null, totalCents: 9000 },
      ]),
    ).toBe(1200);
  });

  it('answers null when the code applies to none of the lines', () => {
    expect(
      discountCents(terms({ scope: services([7]) }), [{ serviceKey: 1, productTypeKey: null, totalCents: 100 }]),
    ).toBeNull();
    expect(
      discountCents(terms({ scope: services([7]) }), [{ serviceKey: null, productTypeKey: null, totalCents: 100 }]),
    ).toBeNull();
  });
});

describe('discountAppliesTo', () => {
  const scope = { serviceKeys: new Set([1]), productTypeKeys: new Set([10]) };

  it('applies to every line when the code is for all services', () => {
    expect(discountAppliesTo(null, { serviceKey: null, productTypeKey: null })).toBe(true);
  });

  it('applies to a chosen service or to a service of a chosen product type, and to nothing else', () => {
    expect(discountAppliesTo(scope, { serviceKey: 1, productTypeKey: null })).toBe(true);
    expect(discountAppliesTo(scope, { serviceKey: 2, productTypeKey: 10 })).toBe(true);
    expect(discountAppliesTo(scope, { serviceKey: 2, productTypeKey: 11 })).toBe(false);
    expect(discountAppliesTo(scope, { serviceKey: null, productTypeKey: null })).toBe(false);
  });

  it('applies to nothing when everything its scope named is gone', () => {
    const empty = { serviceKeys: new Set<number>(), productTypeKeys: new Set<number>() };
    expect(discountAppliesTo(empty, { serviceKey: 1, productTypeKey: 10 })).toBe(false);
  });

  it('takes a product-type code only from the lines of that type', () => {
    const byType = terms({
      type: 'percent',
      value: 50,
      scope: { serviceKeys: new Set(), productTypeKeys: new Set([10]) },
    });
    expect(
      discountCents(byType, [
        { serviceKey: 1, productTypeKey: 10, totalCents: 1000 },
        { serviceKey: 2, productTypeKey: 11, totalCents: 9000 },
      ]),
    ).toBe(500);
  });
});
