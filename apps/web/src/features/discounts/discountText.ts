import { type Discount, formatUsd } from '@portal/domain';

/** "15%" or "$50.00". */
export const discountValue = (d: Pick<Discount, 'type' | 'value'>) =>
  d.type === 'percent' ? `${d.value}%` : formatUsd(d.value);

export const discountScope = (d: Pick<Discount, 'services'>) =>
  d.services.length ? d.services.map((s) => s.name).join(', ') : 'All services';

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
