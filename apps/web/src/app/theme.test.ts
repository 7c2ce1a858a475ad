import { describe, expect, it } from 'vitest';
import { rememberChoice, rememberedChoice, resolveScheme } from './colorScheme';
import { themeConfig } from './theme';

function memoryStorage(initial: Record<string, string> = {}) {
  const values = new Map(Object.entries(initial));
  return {
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => values.set(key, value),
  };
}

describe('resolveScheme', () => {
  it("follows the device when the person chose 'system' or has not chosen", () => {
    expect(resolveScheme('system', true)).toBe('dark');
    expect(resolveScheme('system', false)).toBe('light');
    expect(resolveScheme(undefined, true)).toBe('dark');
    expect(resolveScheme(null, false)).toBe('light');
  });

  it("keeps a person's light or dark choice whatever the device prefers", () => {
    expect(resolveScheme('light', true)).toBe('light');
    expect(resolveScheme('dark', false)).toBe('dark');
  });

  it("uses this browser's remembered choice until the saved one has loaded, and the saved one after", () => {
    expect(resolveScheme(undefined, false, 'dark')).toBe('dark');
    expect(resolveScheme('light', false, 'dark')).toBe('light');
    expect(resolveScheme('system', false, 'dark')).toBe('light');
  });
});

describe('remembered choice', () => {
  it('round-trips a valid choice and ignores anything else or a failing storage', () => {
    const storage = memoryStorage();
    expect(rememberedChoice(storage)).toBeNull();
    rememberChoice(storage, 'dark');
    expect(rememberedChoice(storage)).toBe('dark');
    expect(rememberedChoice(memoryStorage({ 'theme-choice': 'sepia' }))).toBeNull();
    const broken = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('denied');
      },
    };
    expect(rememberedChoice(broken)).toBeNull();
    expect(() => rememberChoice(broken, 'light')).not.toThrow();
  });
});

describe('themeConfig', () => {
  it("uses antd's dark algorithm only for the dark scheme, with links lighter than the light scheme's blue", () => {
    expect(themeConfig('light').algorithm).toBeUndefined();
    expect(themeConfig('dark').algorithm).toBeDefined();
    expect(themeConfig('dark').token?.colorLink).not.toBe(themeConfig('light').token?.colorLink);
  });

  it('drops antd motion when the device asks for reduced motion, keeping the scheme and one object per variant', () => {
    expect(themeConfig('light').token?.motion).toBeUndefined();
    expect(themeConfig('light', true).token?.motion).toBe(false);
    expect(themeConfig('dark', true).token?.motion).toBe(false);
    expect(themeConfig('dark', true).algorithm).toBe(themeConfig('dark').algorithm);
    expect(themeConfig('dark', true).token?.colorLink).toBe(themeConfig('dark').token?.colorLink);
    expect(themeConfig('light', true)).toBe(themeConfig('light', true));
  });
});

/** WCAG relative luminance contrast of two #rrggbb colours. */
function contrast(a: string, b: string): number {
  const luminance = (hex: string) => {
    const [r, g, bl] = [1, 3, 5]
      .map((i) => Number.parseInt(hex.slice(i, i + 2), 16) / 255)
      .map((v) => (v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4));
    return 0.2126 * (r ?? 0) + 0.7152 * (g ?? 0) + 0.0722 * (bl ?? 0);
  };
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return ((hi ?? 0) + 0.05) / ((lo ?? 0) + 0.05);
}

describe('light scheme contrast (AA, 4.5:1)', () => {
  it('keeps white on primary buttons and links on white readable at rest and on hover', () => {
    const token = themeConfig('light').token ?? {};
    for (const colour of [token.colorPrimary, token.colorPrimaryHover, token.colorLink, token.colorLinkHover]) {
      expect(colour).toMatch(/^#[0-9a-f]{6}$/i);
      expect(contrast(colour as string, '#ffffff')).toBeGreaterThanOrEqual(4.5);
    }
  });
});
