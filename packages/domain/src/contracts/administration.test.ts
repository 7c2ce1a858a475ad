import { describe, expect, it } from 'vitest';
import { formatUsd } from '../rules/orders';
import { ADMINISTRATION_MESSAGES, administrationUpdateSchema, amountCents, applicableRate } from './administration';

const AGENCY = { billable: 15_000, 'non-billable': 9_000, 'sgm-non-billable': 6_000 };

describe('pricing logged time', () => {
  it('prices minutes at an hourly rate, rounded half up to the cent', () => {
    // 100 min at $200.00/h = $333.333… → $333.33; 1 min at $0.30/h = 0.5 cent → 1 cent.
    expect(amountCents(100, 20_000)).toBe(33_333);
    expect(amountCents(1, 30)).toBe(1);
    expect(amountCents(90, 15_000)).toBe(22_500);
    expect(formatUsd(amountCents(90, 15_000))).toBe('$225.00');
  });

  it('takes the plan’s rate for the category, else the agency’s', () => {
    expect(applicableRate('billable', AGENCY, { billable: 20_000 })).toBe(20_000);
    expect(applicableRate('non-billable', AGENCY, { billable: 20_000, 'non-billable': null })).toBe(9_000);
    expect(applicableRate('sgm-non-billable', AGENCY, null)).toBe(6_000);
  });
});

describe('the settings form', () => {
  it('keeps line breaks in the address but refuses other control characters', () => {
    expect(administrationUpdateSchema.safeParse({ address: 'Line 1\nLine 2' }).success).toBe(true);
    const bad = administrationUpdateSchema.safeParse({ address: 'Line\u0000' });
    expect(bad.error?.issues[0]?.message).toBe(ADMINISTRATION_MESSAGES.controlCharacters);
  });
});
