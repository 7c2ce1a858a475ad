import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { isSearchShortcut } from './useSearchShortcut';

/** The unit tests run without a DOM: a stand-in element class is enough for the typing check. */
class FakeElement {
  constructor(
    readonly tagName: string,
    readonly isContentEditable = false,
  ) {}
}

const press = (
  key: string,
  extra: Partial<{ ctrlKey: boolean; metaKey: boolean; altKey: boolean }> = {},
  target?: unknown,
) =>
  isSearchShortcut({
    key,
    ctrlKey: false,
    metaKey: false,
    altKey: false,
    target: (target ?? null) as EventTarget | null,
    ...extra,
  });

describe('isSearchShortcut', () => {
  beforeEach(() => vi.stubGlobal('HTMLElement', FakeElement));
  afterEach(() => vi.unstubAllGlobals());

  it('leaves Ctrl+K and Cmd+K to the command palette', () => {
    expect(press('k', { ctrlKey: true })).toBe(false);
    expect(press('K', { metaKey: true })).toBe(false);
    expect(press('k')).toBe(false);
  });

  it("opens on '/' outside a text field", () => {
    expect(press('/')).toBe(true);
    expect(press('/', {}, new FakeElement('DIV'))).toBe(true);
    expect(press('/', { ctrlKey: true })).toBe(false);
  });

  it("leaves '/' to inputs, textareas, selects and contenteditable elements", () => {
    for (const tag of ['INPUT', 'TEXTAREA', 'SELECT']) {
      expect(press('/', {}, new FakeElement(tag))).toBe(false);
    }
    expect(press('/', {}, new FakeElement('DIV', true))).toBe(false);
  });
});
