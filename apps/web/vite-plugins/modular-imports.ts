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

/** Points the imports listed in REDIRECTS at the file their one export comes from (build only). */
export function modularImports(): Plugin {
  return {
    name: 'portal-modular-imports',
    apply: 'build',
    enforce: 'pre',
    async resolveId(specifier, importer, options) {
      const to = redirectFor(specifier, importer);
      if (!to) {
        return null;
      }
      return this.resolve(to, importer, { ...options, skipSelf: true });
    },
  };
}
