import type { Page } from '@playwright/test';

/**
 * Collects every Content-Security-Policy violation the page reports (the `securitypolicyviolation` event, which
 * fires for blocked scripts, styles, images, connections and frames alike) and the console's CSP errors. Install
 * before the first navigation; read the list at the end of a journey and expect it to be empty.
 */
export async function collectCspViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  await page.exposeFunction('__reportCspViolation', (text: string) => violations.push(text));
  // Init scripts are injected by the browser's debugging protocol, which the page's own policy does not govern.
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { __reportCspViolation: (text: string) => void }).__reportCspViolation;
      void report(
        `${event.violatedDirective} blocked ${event.blockedURI || 'inline'} at ${event.sourceFile}:${event.lineNumber}`,
      );
    });
  });
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy/i.test(message.text())) {
      violations.push(message.text());
    }
  });
  return violations;
}
