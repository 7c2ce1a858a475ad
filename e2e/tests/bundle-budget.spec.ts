import { expect, test } from '@playwright/test';
import { firstVisits } from '../../scripts/bench/bundle';

/**
 * Issue 24, "keep a budget test that fails the build above it": the initial JS of /login and of / in the build the
 * suite serves (the web server of playwright.config.ts builds it first), gzipped, as `npm run bench bundle` counts it.
 * The targets are 150 and 200 KB; the build is at 120.6 KB (the sign-in page in plain markup, no antd)
 * and 197.7 KB (2026-11-29), so these budgets hold today's figures with a kilobyte or two to spare: a change that
 * adds to a first screen fails here (the sign-in page once came to download the whole first screen, 455 KB,
 * unnoticed). Lower them as the screens get lighter; never raise them to pass.
 */
const LOGIN_BUDGET_KB = 122;
const HOME_BUDGET_KB = 199;

test('the first screens stay within their JavaScript budgets', () => {
  const figures = firstVisits();
  expect(figures, 'apps/web/dist has no build manifest').not.toBeNull();
  // The login page's own chunk must be found and counted, or the figure would be the entry's alone.
  expect(figures?.login.found).toEqual(['src/pages/LoginPage.tsx']);
  const kb = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;
  expect(kb(figures?.login.gz ?? Number.POSITIVE_INFINITY), 'initial JS of /login, KB gzipped').toBeLessThanOrEqual(
    LOGIN_BUDGET_KB,
  );
  expect(kb(figures?.home.gz ?? Number.POSITIVE_INFINITY), 'initial JS of /, KB gzipped').toBeLessThanOrEqual(
    HOME_BUDGET_KB,
  );
});
