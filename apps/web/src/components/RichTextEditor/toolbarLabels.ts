import type Quill from 'quill';

/** Names of the snow theme's pickers by format; Quill gives their buttons a role but no name (WCAG 4.1.2). */
const PICKER_NAMES: Record<string, string> = {
  size: 'Text size',
  header: 'Heading',
  font: 'Font',
  align: 'Alignment',
  color: 'Text colour',
  background: 'Highlight colour',
};

/** Choices without text of their own (Quill draws them with CSS `content`), by format and value; '' is the default. */
const ITEM_NAMES: Record<string, Record<string, string>> = {
  size: { '': 'Normal', small: 'Small', large: 'Large', huge: 'Huge' },
};

/**
 * Names the toolbar for assistive technology: the toolbar itself, each picker's button and its choices. Quill's own
 * buttons already carry `aria-label`; its pickers (spans with role="button") do not, which axe reports as serious.
 */
export function labelToolbar(quill: Quill): void {
  const container = (quill.getModule('toolbar') as { container?: HTMLElement } | undefined)?.container;
  if (!container) {
    return;
  }
  container.setAttribute('role', 'toolbar');
  container.setAttribute('aria-label', 'Formatting');
  for (const picker of container.querySelectorAll<HTMLElement>('.ql-picker')) {
    const format = [...picker.classList].find((c) => c.startsWith('ql-') && c !== 'ql-picker')?.slice(3) ?? '';
    const name = PICKER_NAMES[format] ?? format;
    picker.querySelector('.ql-picker-label')?.setAttribute('aria-label', name);
    picker.querySelector('.ql-picker-options')?.setAttribute('aria-label', name);
    for (const item of picker.querySelectorAll<HTMLElement>('.ql-picker-item')) {
      const value = item.getAttribute('data-value') ?? '';
      item.setAttribute('aria-label', ITEM_NAMES[format]?.[value] ?? (item.getAttribute('data-label') || value));
    }
  }
}
