import { readFileSync } from 'node:fs';
import type { Plugin } from 'vite';

/** One library file that imports a package's index for a single export, and the file that export comes from. */
type Redirect = { importer: RegExp; specifier: string; to: string };

/**
 * Imports inside libraries that name a package index for one export. An index whose statements assign to its
 * default export (`Form.Field = Field`) cannot be tree-shaken, so one such import carries the whole package.
 *
 * antd's form context (imported by every overlay through ContextIsolator: dropdowns, popovers, menus) takes only
 * `FormProvider` from @rc-component/form, whose index attaches Field, List, useForm and useWatch to Form, and with
 * them async-validator: ~40 KB of form code in the first screen that shows no form. FormContext.js is the module
 * the index re-exports FormProvider from, so the value is the same object either way.
 */
export const REDIRECTS: readonly Redirect[] = [
  {
    importer: /\/node_modules\/antd\/es\/form\/context\.js$/,
    specifier: '@rc-component/form',
    to: '@rc-component/form/es/FormContext.js',
  },
];

/** The target of `specifier` imported from `importer`, when a redirect names it. */
export function redirectFor(specifier: string, importer: string | undefined): string | null {
  if (!importer) {
    return null;
  }
  const found = REDIRECTS.find((r) => r.specifier === specifier && r.importer.test(importer));
  return found?.to ?? null;
}

/**
 * antd's button and tag styles take one small function, `isBright`, from the colour picker's presets panel, a module that
 * also imports Collapse (and through it the popup and motion machinery): ~20 KB gzipped on every screen with a
 * button, the first screen of / included (issue 24), because the panel's module cannot be tree-shaken away. The
 * button's import is pointed at a module holding that one function, taken from the installed antd's own source at
 * build time (so it is antd's code, whatever its version) with the one import it uses.
 */
const IS_BRIGHT = {
  // The button's and the tag's styles (the tag's for its coloured variants).
  importer: /\/node_modules\/antd\/es\/(button\/style\/token|tag\/style\/index)\.js$/,
  specifier: '../../color-picker/components/ColorPresets',
  id: '\0antd-button-is-bright',
};

/** `isBright` and the import it needs, cut from the text of antd's ColorPresets.js; throws if antd changed shape. */
export function isBrightModule(presetsSource: string): string {
  const fn = /^export const isBright = [\s\S]*?^};$/m.exec(presetsSource)?.[0];
  const colorImport = /^import \{[^}]*\bColor as RcColor\b[^}]*\} from '@rc-component\/color-picker';$/m.test(
    presetsSource,
  );
  if (!fn || !colorImport) {
    throw new Error('modular-imports: antd ColorPresets.js no longer has the isBright this build cuts out');
  }
  return `import { Color as RcColor } from '@rc-component/color-picker';\n${fn}\n`;
}

/** Points the imports listed in REDIRECTS at the file their one export comes from (build only). */
export function modularImports(): Plugin {
  let presetsFile: string | null = null;
  return {
    name: 'portal-modular-imports',
    apply: 'build',
    enforce: 'pre',
    async resolveId(specifier, importer, options) {
      if (specifier === IS_BRIGHT.specifier && importer && IS_BRIGHT.importer.test(importer)) {
        presetsFile = (await this.resolve(specifier, importer, { ...options, skipSelf: true }))?.id ?? null;
        return IS_BRIGHT.id;
      }
      const to = redirectFor(specifier, importer);
      if (!to) {
        return null;
      }
      return this.resolve(to, importer, { ...options, skipSelf: true });
    },
    load(id) {
      if (id !== IS_BRIGHT.id) {
        return null;
      }
      if (!presetsFile) {
        throw new Error('modular-imports: ColorPresets.js was not resolved');
      }
      return isBrightModule(readFileSync(presetsFile, 'utf8'));
    },
  };
}
