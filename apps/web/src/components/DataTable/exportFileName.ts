import type { ExportFormat } from '@portal/domain';

/**
 * The server's file name (Content-Disposition: `{table}-{date}.{format}`), else the same shape built here from the
 * export's address ('tasks/export-all' → tasks-2026-11-27.csv), so no download is ever a bare data.csv.
 */
export function exportFileName(
  disposition: string | null,
  format: ExportFormat,
  path = 'data',
  now = new Date(),
): string {
  const star = disposition?.match(/filename\*=UTF-8''([^;]+)/i)?.[1];
  if (star) {
    return decodeURIComponent(star);
  }
  const named = disposition?.match(/filename="?([^";]+)"?/i)?.[1];
  if (named) {
    return named;
  }
  const table =
    path
      .split('/')
      .filter((part) => part && !/^(export|export-all|bulk-operations)$/.test(part))
      .join('-') || 'data';
  const day = `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
  return `${table}-${day}.${format}`;
}
