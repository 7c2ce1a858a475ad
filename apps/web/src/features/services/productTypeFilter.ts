import type { RequestType } from '@portal/domain';

/** The filter's value for services without a product type (a uuid can never be this). */
export const NO_PRODUCT_TYPE = 'none';

/**
 * The product types the catalogue's services use, by name, for the services list's filter; the list comes whole,
 * so its filter options come from the same rows rather than from a second call (which needs PRODUCT_TYPES_READ).
 */
export function productTypeFilterOptions(types: readonly RequestType[]): { value: string; label: string }[] {
  const byUuid = new Map(types.flatMap((t) => (t.product_type ? [[t.product_type.uuid, t.product_type.name]] : [])));
  const named = [...byUuid]
    .map(([value, label]) => ({ value, label }))
    .sort((a, b) => a.label.localeCompare(b.label, undefined, { sensitivity: 'base' }));
  return [...named, { value: NO_PRODUCT_TYPE, label: 'No product type' }];
}

/** The services of any of the chosen product types (none chosen: all of them). */
export function withProductTypes(types: readonly RequestType[], chosen: readonly string[]): RequestType[] {
  if (!chosen.length) {
    return [...types];
  }
  return types.filter((t) => chosen.includes(t.product_type?.uuid ?? NO_PRODUCT_TYPE));
}
