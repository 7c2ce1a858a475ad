/**
 * Error reporting (doc 1 §8) ignores noise nobody can act on: network failures (offline, a dropped connection),
 * timeouts and the browser's 'ResizeObserver loop' warning. Kept tiny: the error boundary in the entry uses it.
 */
const NOISE =
  /failed to fetch|network ?error|load failed|err_network|timeout|timed out|econnaborted|resizeobserver loop/i;
const NOISE_NAMES = ['TimeoutError', 'NetworkError'];
const NOISE_CODES = ['ERR_NETWORK', 'ECONNABORTED', 'ETIMEDOUT'];

/** Whether an error is worth reporting: false for network errors, timeouts and ResizeObserver noise. */
export function isReportableError(error: unknown): boolean {
  if (error == null) {
    return false;
  }
  const { name, code, message } = (typeof error === 'object' ? error : { message: String(error) }) as Record<
    string,
    unknown
  >;
  return !(
    NOISE_NAMES.includes(String(name)) ||
    NOISE_CODES.includes(String(code)) ||
    NOISE.test(typeof message === 'string' ? message : '')
  );
}

/** Reports an unexpected error (the browser console is where reports go; there is no error service). */
export function reportUnexpectedError(error: unknown, context?: string): void {
  if (isReportableError(error)) {
    console.error(error, context ?? '');
  }
}
