import type { ThemeConfig } from 'antd';
// The dark algorithm's own module: antd's `theme` namespace also carries the compact algorithm and getDesignToken.
import darkAlgorithm from 'antd/es/theme/themes/dark';
import { type ColorScheme, CSS_VAR_KEY, FONT_FAMILY } from './colorScheme';

/**
 * Colours that reach WCAG AA contrast (4.5:1 for text) where antd's defaults do not, set once here so every screen
 * follows (e2e/tests/a11y.spec.ts and dark-mode-pwa.spec.ts hold the app to it):
 * - primary and links: blue-7, and blue-8 on hover; white on them and them on white pass, the default blue-6 (and
 *   the lighter hover antd derives) do not;
 * - secondary/description text and placeholders: the defaults (45 % and 25 % black) read 3.4:1 and 1.9:1 on white;
 * - an avatar's initials are white on the placeholder colour, so the avatar gets a darker grey of its own;
 * - coloured tags print their text in the palette's 7th shade on its 1st, under 4.5:1 for the warm and green hues,
 *   so those text shades move to the palette's 8th/9th; status tags (success, warning, error) likewise;
 * - errors (text, danger buttons, overdue dates) in red-7.
 */
const TAG_TEXT_SHADES = Object.fromEntries(
  Object.entries({
    volcano: '#ad2102',
    orange: '#ad4e00',
    gold: '#874d00',
    yellow: '#876800',
    lime: '#3f6600',
    green: '#237804',
    cyan: '#006d75',
    // Both spellings: antd emits `orange7` and `orange-7` as the same CSS variable, the later one winning.
  }).flatMap(([hue, shade]) => [
    [`${hue}7`, shade],
    [`${hue}-7`, shade],
  ]),
);

const LIGHT: ThemeConfig = {
  cssVar: { key: CSS_VAR_KEY },
  token: {
    colorPrimary: '#0958d9',
    colorLink: '#0958d9',
    // Hover darkens to blue-8 (9:1 under white text): antd's derived hover is lighter, #2e7ae6 at 4.2:1.
    colorPrimaryHover: '#003eb3',
    colorLinkHover: '#003eb3',
    borderRadius: 6,
    fontFamily: FONT_FAMILY,
    colorTextTertiary: 'rgba(0, 0, 0, 0.62)',
    colorTextDescription: 'rgba(0, 0, 0, 0.62)',
    colorTextPlaceholder: 'rgba(0, 0, 0, 0.58)',
    // Red-7: error text, danger buttons and overdue dates; the default red-5 reads 3.3:1 on white.
    colorError: '#cf1322',
    ...TAG_TEXT_SHADES,
  },
  components: {
    Avatar: { colorTextPlaceholder: '#5a6470' },
    // An empty table's text ("No credits yet") is printed in the disabled grey (25 % black, under 2:1); it is
    // content, not a disabled control.
    Table: { colorTextDisabled: 'rgba(0, 0, 0, 0.62)' },
    Tag: { colorSuccess: '#237804', colorWarning: '#ad4e00', colorError: '#cf1322' },
  },
};

/**
 * antd's dark algorithm, with the same AA rule on its darkest surfaces (#141414 page, #1f1f1f popups):
 * - primary (buttons, selected states) stays the dark palette's blue, under white text at 5:1; but as text on the
 *   dark surfaces it reads 3.5:1, so links and the selected tab/menu text use blue-4;
 * - tertiary/description text at 65 % white instead of 45 % (3.9:1), the error red lighter than the dark red-6;
 * - tags whose text shade falls short take a lighter one, as in the light scheme.
 */
const DARK_TEXT_BLUE = '#69b1ff';
/** Tags print the dark palette's 7th shade on its 1st; for these hues that is under 4.5:1, so they take the 8th. */
const DARK_TAG_TEXT_SHADES = Object.fromEntries(
  Object.entries({ purple: '#ab7ae0', red: '#f37370', geekblue: '#7f9ef3' }).flatMap(([hue, shade]) => [
    [`${hue}7`, shade],
    [`${hue}-7`, shade],
  ]),
);
const DARK: ThemeConfig = {
  cssVar: { key: CSS_VAR_KEY },
  algorithm: darkAlgorithm,
  token: {
    colorPrimary: '#1677ff',
    colorLink: DARK_TEXT_BLUE,
    borderRadius: 6,
    fontFamily: FONT_FAMILY,
    colorTextTertiary: 'rgba(255, 255, 255, 0.65)',
    colorTextDescription: 'rgba(255, 255, 255, 0.65)',
    colorTextPlaceholder: 'rgba(255, 255, 255, 0.55)',
    colorError: '#ff7875',
    ...DARK_TAG_TEXT_SHADES,
  },
  components: {
    Avatar: { colorTextPlaceholder: '#5a6470' },
    Table: { colorTextDisabled: 'rgba(255, 255, 255, 0.65)' },
    Tabs: { itemSelectedColor: DARK_TEXT_BLUE, itemActiveColor: DARK_TEXT_BLUE, itemHoverColor: DARK_TEXT_BLUE },
    Menu: { itemSelectedColor: DARK_TEXT_BLUE, subMenuItemSelectedColor: DARK_TEXT_BLUE },
    Tag: { colorInfo: DARK_TEXT_BLUE, colorInfoText: DARK_TEXT_BLUE },
    Pagination: { itemActiveColor: DARK_TEXT_BLUE },
  },
};

/**
 * The same themes without antd's motion (drawers, modals, menus and messages appear and leave at once), for people
 * whose device asks for reduced motion (WCAG 2.3.3). Built once, so the theme object keeps its identity.
 */
const STILL = {
  light: { ...LIGHT, token: { ...LIGHT.token, motion: false } },
  dark: { ...DARK, token: { ...DARK.token, motion: false } },
} satisfies Record<ColorScheme, ThemeConfig>;

export function themeConfig(scheme: ColorScheme, reducedMotion = false): ThemeConfig {
  if (reducedMotion) {
    return STILL[scheme];
  }
  return scheme === 'dark' ? DARK : LIGHT;
}
