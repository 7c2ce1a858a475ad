import { describe, expect, it } from 'vitest';
import { discountScope, scopeOptions } from './discountText';

const web = { uuid: '7b0c1a52-3b1e-4c1a-9a43-0d51e1d5b001', name: 'Web' };
const logo = { uuid: '7b0c1a52-3b1e-4c1a-9a43-0d51e1d5b002', name: 'Logo' };

describe('what a code applies to, as the list shows it', () => {
  it('names the chosen product types as such, then the chosen services, and all services when nothing is chosen', () => {
    expect(discountScope({ services: [logo], product_types: [web], all_services: false })).toBe(
      'Web (product type), Logo',
    );
    expect(discountScope({ services: [], product_types: [web], all_services: false })).toBe('Web (product type)');
    expect(discountScope({ services: [], product_types: [], all_services: true })).toBe('All services');
    // Every choice deleted: it applies to nothing, which the list must not show as everything.
    expect(discountScope({ services: [], product_types: [], all_services: false })).toBe(
      'No services (its services and product types were deleted)',
    );
  });

  it('keeps a chosen option the list does not hold, so a reader without the list still sees it', () => {
    expect(scopeOptions([], [web])).toEqual([{ value: web.uuid, label: 'Web' }]);
    expect(scopeOptions([{ value: web.uuid, label: 'Web' }], [web])).toEqual([{ value: web.uuid, label: 'Web' }]);
  });
});
