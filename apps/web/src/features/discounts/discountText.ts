import { type Discount, formatUsd } from '@portal/domain';

/** "15%" or "$50.00". */
export const discountValue = (d: Pick<Discount, 'type' | 'value'>) =>
  d.type === 'percent' ? `${d.value}%` : formatUsd(d.value);

/**
 * "All services", or the chosen product types (named as such) and services: "Design (product type), Web Page"; a
 * code whose every choice was deleted applies to nothing, and says so.
 */
export function discountScope(d: Pick<Discount, 'services' | 'product_types' | 'all_services'>): string {
  const named = [...d.product_types.map((t) => `${t.name} (product type)`), ...d.services.map((s) => s.name)];
  if (named.length) {
    return named.join(', ');
  }
  return d.all_services ? 'All services' : 'No services (its services and product types were deleted)';
}

/** A picker's options with the code's own choices kept, when the list could not be read or no longer holds them. */
export function scopeOptions(
  listed: readonly { value: string; label: string }[],
  chosen: readonly { uuid: string; name: string }[],
): { value: string; label: string }[] {
  const missing = chosen.filter((c) => !listed.some((o) => o.value === c.uuid));
  return [...missing.map((c) => ({ value: c.uuid, label: c.name })), ...listed];
}

const day = (iso: string) => new Date(iso).toLocaleDateString();

export function discountValidity(d: Pick<Discount, 'valid_from' | 'valid_to'>): string {
  if (d.valid_from && d.valid_to) {
    return `${day(d.valid_from)} – ${day(d.valid_to)}`;
  }
  if (d.valid_from) {
    return `From ${day(d.valid_from)}`;
  }
  return d.valid_to ? `Until ${day(d.valid_to)}` : 'Always';
}

export const discountUse = (d: Pick<Discount, 'redemptions_count' | 'max_redemptions'>) =>
  `${d.redemptions_count} / ${d.max_redemptions ?? '∞'}`;

/** The date inputs hold a day; a code is valid from the start of its first day to the end of its last (UTC). */
export const startOfDay = (value: string) => (value ? `${value}T00:00:00.000Z` : null);
export const endOfDay = (value: string) => (value ? `${value}T23:59:59.999Z` : null);
export const dayOf = (iso: string | null) => (iso ? iso.slice(0, 10) : '');
