import type { RequestType } from '@portal/domain';
import { describe, expect, it } from 'vitest';
import { NO_PRODUCT_TYPE, productTypeFilterOptions, withProductTypes } from './productTypeFilter';

const web = { uuid: '7b0c1a52-3b1e-4c1a-9a43-0d51e1d5b001', name: 'Web' };
const design = { uuid: '7b0c1a52-3b1e-4c1a-9a43-0d51e1d5b002', name: 'design' };
const service = (id: number, productType: RequestType['product_type']) =>
  ({ id, name: `Service ${id}`, product_type: productType }) as RequestType;
const catalogue = [service(1, web), service(2, design), service(3, null), service(4, web)];

describe('the services list product-type filter', () => {
  it('offers each product type in use once, by name, then services without one', () => {
    expect(productTypeFilterOptions(catalogue)).toEqual([
      { value: design.uuid, label: 'design' },
      { value: web.uuid, label: 'Web' },
      { value: NO_PRODUCT_TYPE, label: 'No product type' },
    ]);
  });

  it('keeps the services of any chosen type, including those without one when asked, and all when none is chosen', () => {
    expect(withProductTypes(catalogue, [web.uuid]).map((s) => s.id)).toEqual([1, 4]);
    expect(withProductTypes(catalogue, [design.uuid, NO_PRODUCT_TYPE]).map((s) => s.id)).toEqual([2, 3]);
    expect(withProductTypes(catalogue, []).map((s) => s.id)).toEqual([1, 2, 3, 4]);
  });
});
