import {
  APP_VERSION_HEADER,
  type BulkDeleteResponse,
  type BulkUpdateResponse,
  type ExportFormat,
} from '@portal/domain';
import { api } from '../../api';
import { buildQueryString, type QueryValue } from '../../api/client';
import { ApiError } from '../../api/errors';
import { exportFileName } from './exportFileName';

/**
 * A selection as the bulk calls take it (doc 2 §7): the ticked rows, or every row the list shows with its current
 * filters and search ('_all').
 */
export type BulkSelection =
  | { ids: string[] }
  | { all: true; filters: Record<string, unknown>; search?: string; extras?: Record<string, unknown> };

/** The selection as a bulk call's body: {filters: {ids}} or the list's extras, filters with _all, search_term. */
export function selectionBody(selection: BulkSelection): Record<string, unknown> {
  if ('ids' in selection) {
    return { filters: { ids: selection.ids } };
  }
  const search = selection.search?.trim();
  return {
    ...selection.extras,
    filters: { ...selection.filters, _all: true, ...(search ? { search_term: search } : {}) },
    ...(search ? { search_term: search } : {}),
  };
}

/** POST {resource}/bulk-operations/update {filters, data: {status}}: rows the server refused come back in `failed`. */
export function bulkUpdate(resource: string, selection: BulkSelection, status: string): Promise<BulkUpdateResponse> {
  return bulkEdit(resource, selection, { status });
}

/** POST {resource}/bulk-operations/update {filters, data}: the bulk edit form's fields. */
export function bulkEdit(
  resource: string,
  selection: BulkSelection,
  data: Record<string, unknown>,
): Promise<BulkUpdateResponse> {
  return api.post<BulkUpdateResponse>(`/${resource}/bulk-operations/update`, { ...selectionBody(selection), data });
}

/** POST {resource}/bulk-operations/delete {filters}. */
export function bulkDelete(resource: string, selection: BulkSelection): Promise<BulkDeleteResponse> {
  return api.post<BulkDeleteResponse>(`/${resource}/bulk-operations/delete`, selectionBody(selection));
}

/** PUT {url}/{uuid} with the changed fields: a table's inline row edit. */
export function updateRow(url: string, uuid: string, fields: Record<string, unknown>): Promise<unknown> {
  return api.request(`/${url}/${uuid}`, { method: 'PUT', body: fields });
}

/** How a list is exported: GET {resource}/export-all with the list's query, or a POST body (users). */
export type ExportSource =
  | { method?: 'GET'; path: string; query: Record<string, QueryValue> }
  | { method: 'POST'; path: string; body: Record<string, unknown> };

export interface DownloadProgress {
  received: number;
  /** Content-Length when the server sent one; a streamed export has none, so the indicator counts bytes. */
  total: number | null;
}

/** The JSON client's bearer token and version header, for calls whose answer is a file (fetch, not the client). */
export function fileRequestHeaders(): Record<string, string> {
  const headers: Record<string, string> = { [APP_VERSION_HEADER]: __APP_VERSION__ };
  const token = api.tokens.get();
  if (token) {
    headers.Authorization = `Bearer ${token}`;
  }
  return headers;
}

/**
 * Downloads an export as a Blob, reporting bytes as they stream in. It goes around the JSON client because the answer
 * is a file, but sends the same bearer token and version header.
 */
export async function downloadExport(
  source: ExportSource,
  format: ExportFormat,
  onProgress: (progress: DownloadProgress) => void,
  signal: AbortSignal,
): Promise<{ blob: Blob; fileName: string }> {
  const headers = fileRequestHeaders();
  let response: Response;
  if (source.method === 'POST') {
    headers['Content-Type'] = 'application/json';
    response = await fetch(`/api/${source.path}`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ ...source.body, format }),
      signal,
    });
  } else {
    const query = { ...source.query, 'page[size]': 100_000, 'page[number]': undefined, format };
    response = await fetch(`/api/${source.path}${buildQueryString(query)}`, { headers, signal });
  }
  if (!response.ok) {
    const body = await response.json().catch(() => ({}));
    throw new ApiError(response.status, body);
  }
  const length = Number(response.headers.get('content-length'));
  const total = Number.isFinite(length) && length > 0 ? length : null;
  const type = response.headers.get('content-type') ?? 'application/octet-stream';
  const fileName = exportFileName(response.headers.get('content-disposition'), format, source.path);
  if (!response.body) {
    const blob = await response.blob();
    onProgress({ received: blob.size, total });
    return { blob, fileName };
  }
  const reader = response.body.getReader();
  const parts: BlobPart[] = [];
  let received = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) {
      break;
    }
    parts.push(value);
    received += value.byteLength;
    onProgress({ received, total });
  }
  return { blob: new Blob(parts, { type }), fileName };
}

/** Hands a Blob to the browser as a download. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  // Revoked on the next tick: some browsers start reading the URL only after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
