/** Doc 2 §9: progress is capped at 90 until the server confirms the file. */
export const PROGRESS_CAP = 90;
/** Doc 2 §9: waiting for uploads polls every 200 ms. */
export const UPLOAD_WAIT_POLL_MS = 200;

export function shownProgress(fractionSent: number, confirmed: boolean): number {
  if (confirmed) {
    return 100;
  }
  return Math.min(PROGRESS_CAP, Math.max(0, Math.round(fractionSent * 100)));
}

/** "12.3 MB": sizes as people read them. */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) {
    return `${bytes} B`;
  }
  const units = ['KB', 'MB', 'GB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value >= 10 ? Math.round(value) : value.toFixed(1)} ${units[unit]}`;
}

/** Resolves once `busy()` is false, checking every 200 ms. */
export function waitUntilIdle(busy: () => boolean, pollMs = UPLOAD_WAIT_POLL_MS): Promise<void> {
  return new Promise((resolve) => {
    const check = () => (busy() ? setTimeout(check, pollMs) : resolve());
    check();
  });
}
