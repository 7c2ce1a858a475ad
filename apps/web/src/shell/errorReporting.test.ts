import { describe, expect, it } from 'vitest';
import { isReportableError } from './errorReporting';

describe('error reporting noise filter', () => {
  it('ignores network errors', () => {
    expect(isReportableError(new TypeError('Failed to fetch'))).toBe(false);
    expect(isReportableError(new TypeError('NetworkError when attempting to fetch resource.'))).toBe(false);
    expect(isReportableError(new TypeError('Load failed'))).toBe(false);
    expect(isReportableError({ code: 'ERR_NETWORK', message: 'Network Error' })).toBe(false);
  });

  it('ignores timeouts', () => {
    expect(isReportableError(new DOMException('signal timed out', 'TimeoutError'))).toBe(false);
    expect(isReportableError(new Error('timeout of 30000ms exceeded'))).toBe(false);
    expect(isReportableError({ code: 'ECONNABORTED', message: 'aborted' })).toBe(false);
  });

  it('ignores ResizeObserver loop noise', () => {
    expect(isReportableError(new Error('ResizeObserver loop completed with undelivered notifications.'))).toBe(false);
    expect(isReportableError('ResizeObserver loop limit exceeded')).toBe(false);
  });

  it('reports everything else', () => {
    expect(isReportableError(new TypeError("Cannot read properties of undefined (reading 'title')"))).toBe(true);
    expect(isReportableError(new Error('Something broke'))).toBe(true);
    expect(isReportableError('plain text failure')).toBe(true);
  });
});
