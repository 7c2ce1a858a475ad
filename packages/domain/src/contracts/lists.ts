import { z } from 'zod';
import { pageQuerySchema } from './common';

/** A filter given once or as a list (filters[status]=a or filters[status][]=a&filters[status][]=b). */
export function oneOrMany<T extends z.ZodType>(item: T) {
  return z.union([item, z.array(item)]).transform((v) => (Array.isArray(v) ? v : [v]) as z.output<T>[]);
}

export const sortDirectionSchema = z.enum(['asc', 'desc']);

/** The first text of a search term given in the table form (search_term[0][value]=…, search_term[0][0]=…). */
function firstText(value: unknown): string {
  if (typeof value === 'string') {
    return value;
  }
  if (Array.isArray(value)) {
    return firstText(value[0]);
  }
  if (value && typeof value === 'object') {
    const o = value as Record<string, unknown>;
    return firstText(o.value ?? o['0'] ?? Object.values(o)[0]);
  }
  return '';
}

/**
 * search_term as a plain string or the data table's form, search_term[0][field|rule|value] with rule contains
 * (doc 2 §7 Tables): the value is what is searched.
 */
export const listSearchTermSchema = z
  .union([
    z.string(),
    z.array(z.unknown()),
    z.record(z.string(), z.union([z.string(), z.array(z.unknown()), z.record(z.string(), z.unknown())])),
  ])
  .transform(firstText)
  .pipe(z.string().trim().max(200));

/** Query parts every list call shares: page[size], page[number], search_term, sort[by], sort[direction]. */
export function listQuerySchema<F extends z.ZodRawShape, S extends readonly [string, ...string[]]>(options: {
  filters: F;
  sortBy: S;
  maxPageSize?: number;
}) {
  return z.object({
    page: pageQuerySchema,
    search_term: listSearchTermSchema.optional(),
    sort: z
      .object({
        by: z.enum(options.sortBy).optional(),
        direction: sortDirectionSchema.optional(),
      })
      .optional(),
    filters: z.object(options.filters).partial().optional(),
  });
}

/** Booleans in query strings: '1', 'true' → true; '0', 'false' → false. */
export const queryBoolean = z
  .enum(['1', '0', 'true', 'false'])
  .transform((v) => v === '1' || v === 'true')
  .optional();
