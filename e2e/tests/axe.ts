import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/*
 * Every rule of the WCAG 2.1 A/AA tags runs on the whole page; nothing is excluded. Contrast comes from the theme
 * (app/theme.ts), labels from the controls themselves (selects' aria-label or their Form.Item's htmlFor, the Quill
 * toolbar's pickers named by components/RichTextEditor/toolbarLabels.ts).
 */
export async function expectNoSeriousViolations(page: Page, label: string) {
  // Lazy widgets settle first, so axe reads the screen people see. The e2e browser asks for reduced motion, so antd
  // has no entry animations to wait out.
  await page.waitForLoadState('networkidle');
  // A toast fades in and out; caught mid-fade its text reads as low contrast, so axe waits until toasts have gone
  // (antd closes them after 3 s). The toasts themselves are checked while fully shown by the specs that raise them.
  // A toast under the pointer never closes (antd pauses it on hover): the pointer moves to the bottom-left corner,
  // away from the toasts at the top, first.
  await page.mouse.move(1, (page.viewportSize()?.height ?? 600) - 1);
  // One can stay for good: a repeat of its text while it fades takes its key (the same text twice shows once) and
  // antd revives it without a timer. Fully shown, it is read like the rest of the page.
  await expect(page.locator('.ant-message-notice'))
    .toHaveCount(0, { timeout: 10_000 })
    .catch(() => undefined);
  // a11y.spec keeps antd's animations: a popover or drawer caught mid-fade reads as low contrast, so axe waits for
  // every finite animation to end (spinners and other endless ones are ignored).
  await page
    .waitForFunction(
      () =>
        document
          .getAnimations()
          .every(
            (a) => a.playState !== 'running' || a.effect?.getComputedTiming().endTime === Number.POSITIVE_INFINITY,
          ),
      undefined,
      { timeout: 5_000 },
    )
    .catch(() => undefined);
  // Speed, measured on the onboarding and MFA specs (29 checks: 62 s → 27 s) without changing what is found:
  // - only violations are collected (passes and incomplete results are what make axe slow on a large page);
  // - a page without frames is read in place ("legacy mode"); the default run collects each frame's partial results
  //   and finishes them in a fresh blank tab, which costs a tab and a second axe injection per check. Legacy mode
  //   does not descend into srcdoc frames (the e-mail preview), so a page with frames keeps the default run.
  const framed = page.frames().length > 1;
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .options({ resultTypes: ['violations'] })
    .setLegacyMode(!framed)
    .analyze();
  const serious = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help} — ${v.nodes
          .map((n) => n.target.join(' '))
          .slice(0, 5)
          .join(' | ')}`,
    );
  expect.soft(serious, `${label}:\n${serious.join('\n')}`).toEqual([]);
}
