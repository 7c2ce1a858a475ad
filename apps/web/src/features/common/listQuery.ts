import type { ListMeta } from '@portal/domain';
import type { QueryValue } from '../../api/client';

/** A list answer of the API (doc 1 §7): the rows and the paging meta. */
export interface ListResponse<T> {
  data: T[];
  meta: ListMeta;
}

export interface ListParams {
  page?: number;
  size?: number;
  search?: string;
  /** filters[key] or filters[key][] when the value is a list (an empty list sends nothing). */
  filters?: Record<string, string | readonly string[] | undefined>;
  sortBy?: string;
  sortDirection?: 'asc' | 'desc';
  extra?: Record<string, QueryValue>;
}

/**
 * The bracket query every list call uses: page[size], page[number], search_term, filters[x][], sort[by]. A blank
 * search is left out so the server does not filter on an empty string.
 */
export function buildListQuery(params: ListParams): Record<string, QueryValue> {
  const query: Record<string, QueryValue> = {};
  if (params.size !== undefined) {
    query['page[size]'] = params.size;
  }
  if (params.page !== undefined) {
    query['page[number]'] = params.page;
  }
  const search = params.search?.trim();
  if (search) {
    query.search_term = search;
  }
  for (const [key, value] of Object.entries(params.filters ?? {})) {
    if (value === undefined || value === '') {
      continue;
    }
    if (typeof value === 'string') {
      query[`filters[${key}]`] = value;
    } else if (value.length > 0) {
      query[`filters[${key}][]`] = value;
    }
  }
  if (params.sortBy) {
    query['sort[by]'] = params.sortBy;
    if (params.sortDirection) {
      query['sort[direction]'] = params.sortDirection;
    }
  }
  return { ...query, ...params.extra };
}

/** Snake-case status words as labels: 'waiting_to_launch' → 'Waiting to launch'. */
export function humanize(word: string): string {
  const text = word.replace(/_/g, ' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}
