/**
 * Discount codes (issue 22, /discounts): the rules shared by the API (which decides and stores every amount) and the
 * web app (which shows them). Money is integer cents (USD); a percent is a whole number 1–100.
 */

export const DISCOUNT_TYPES = ['percent', 'fixed'] as const;
export type DiscountType = (typeof DISCOUNT_TYPES)[number];

export const DISCOUNT_TYPE_LABELS: Record<DiscountType, string> = { percent: 'Percent', fixed: 'Fixed amount' };

/** Why a code does not apply: one message per reason, the same on discounts/validate and on orders. */
export const DISCOUNT_REASONS = [
  'unknown',
  'inactive',
  'not_yet_valid',
  'expired',
  'used_up',
  'used_up_for_client',
  'applies_to_none',
] as const;
export type DiscountReason = (typeof DISCOUNT_REASONS)[number];

export const DISCOUNT_MESSAGES = {
  unknown: 'This discount code does not exist.',
  inactive: 'This discount code is not active.',
  not_yet_valid: 'This discount code is not valid yet.',
  expired: 'This discount code has expired.',
  used_up: 'This discount code has been used up.',
  used_up_for_client: 'This client has already used this discount code as often as it allows.',
  applies_to_none: 'This discount code does not apply to any of the ordered services.',
  codeTaken: 'A discount code with this code already exists.',
  codeFormat: 'A code may contain only letters, digits, dashes and underscores.',
  percentRange: 'A percentage must be a whole number from 1 to 100.',
  fixedRange: 'A fixed discount must be between $0.01 and $1,000,000.00.',
  validRange: 'The end of validity must be after its start.',
  deleted: 'Discount code deleted.',
  redeemedCannotBeDeleted: 'This code has been used on orders and cannot be deleted; deactivate it instead.',
} as const satisfies Record<DiscountReason, string> & Record<string, string>;

/** A code as the rules see it. */
export type DiscountTerms = {
  type: DiscountType;
  value: number;
  active: boolean;
  validFrom: Date | null;
  validTo: Date | null;
  maxRedemptions: number | null;
  maxPerCustomer: number | null;
  scope: DiscountScope;
};

type Key = string | number;

/**
 * What a code applies to: null for all services, otherwise the services chosen and the product types chosen (their
 * ids or uuids). A code limited to an empty scope (everything it named was deleted) applies to nothing, not to all.
 */
export type DiscountScope = { serviceKeys: ReadonlySet<Key>; productTypeKeys: ReadonlySet<Key> } | null;

/** An order line as the scope sees it: its service and that service's product type (null when it has none). */
export type DiscountLineKeys = { serviceKey: Key | null; productTypeKey: Key | null };

/**
 * The one rule of which lines a code applies to (issue 22: "on all services or chosen services and product types"):
 * every line when the code is for all services, else a line whose service is chosen or whose service's product type
 * is chosen. Validation, a draft's price and the redemption at placing all decide through it.
 */
export function discountAppliesTo(scope: DiscountScope, line: DiscountLineKeys): boolean {
  if (scope === null) {
    return true;
  }
  return (
    (line.serviceKey !== null && scope.serviceKeys.has(line.serviceKey)) ||
    (line.productTypeKey !== null && scope.productTypeKeys.has(line.productTypeKey))
  );
}

/**
 * The first reason the code cannot be used now, or null. `used` is its live redemptions, `usedByCustomer` the
 * client's. Validity is inclusive: valid_from ≤ now ≤ valid_to.
 */
export function discountRefusal(
  terms: DiscountTerms,
  now: Date,
  used: number,
  usedByCustomer: number,
): DiscountReason | null {
  if (!terms.active) {
    return 'inactive';
  }
  if (terms.validFrom && now < terms.validFrom) {
    return 'not_yet_valid';
  }
  if (terms.validTo && now > terms.validTo) {
    return 'expired';
  }
  if (terms.maxRedemptions !== null && used >= terms.maxRedemptions) {
    return 'used_up';
  }
  if (terms.maxPerCustomer !== null && usedByCustomer >= terms.maxPerCustomer) {
    return 'used_up_for_client';
  }
  return null;
}

/**
 * What the code takes off: a percent of the lines it applies to, rounded half up to the cent once on their sum (so a
 * 15% code on $0.10 gives $0.02, on $0.03 gives $0.00); a fixed amount up to the sum of those lines, so a total
 * never goes below zero. Null when it applies to none of the lines.
 */
export function discountCents(
  terms: Pick<DiscountTerms, 'type' | 'value' | 'scope'>,
  lines: readonly (DiscountLineKeys & { totalCents: number })[],
): number | null {
  const eligible = lines.filter((line) => discountAppliesTo(terms.scope, line));
  if (!eligible.length) {
    return null;
  }
  const base = eligible.reduce((sum, line) => sum + line.totalCents, 0);
  if (terms.type === 'fixed') {
    return Math.min(terms.value, base);
  }
  const hundredths = base * terms.value;
  return (hundredths + 50 - ((hundredths + 50) % 100)) / 100;
}

/** Codes are stored as typed and compared case-insensitively. */
export const DISCOUNT_CODE_PATTERN = /^[A-Za-z0-9_-]{3,40}$/;
export const MAX_FIXED_DISCOUNT_CENTS = 100_000_000;
