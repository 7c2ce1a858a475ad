import { z } from 'zod';
import { pageQuerySchema } from './common';

/** A filter given once or as a list (filters[status]=a or filters[status][]=a&filters[status][]=b). */
export function oneOrMany<T extends z.ZodType>(item: T) {
  return z.union([item, z.array(item)]).transform((v) => (Array.isArray(v) ? v : [v]) as z.output<T>[]);
}

export const sortDirectionSchema = z.enum(['asc', 'desc']);

/** Query parts every list call shares: page[size], page[number], search_term, sort[by], sort[direction]. */
export function listQuerySchema<F extends z.ZodRawShape, S extends readonly [string, ...string[]]>(options: {
  filters: F;
  sortBy: S;
  maxPageSize?: number;
}) {
  return z.object({
    page: pageQuerySchema,
    search_term: z.string().trim().max(200).optional(),
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
