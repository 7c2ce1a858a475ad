/** The zip's name from Content-Disposition (the server names it `{label}-files-{date}.zip`). */
export function zipFileName(disposition: string | null): string {
  return disposition?.match(/filename="?([^";]+)"?/i)?.[1] ?? 'files.zip';
}
