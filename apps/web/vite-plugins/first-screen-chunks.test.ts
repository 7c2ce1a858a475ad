import { describe, expect, it } from 'vitest';
import { chunkNamer } from './first-screen-chunks';
import { type ModuleInfo, usedClosure } from './used-closure';

/** A fake module graph: each module's code (what the closure parses) and its resolved static imports. */
function graph(modules: Record<string, { code: string; imports?: Record<string, string>; exports?: string[] }>) {
  return (id: string): ModuleInfo => {
    const module = modules[id];
    if (!module) {
      return null;
    }
    return {
      code: module.code,
      importedIds: Object.values(module.imports ?? {}),
      dynamicallyImportedIds: [],
      exports: module.exports ?? [],
    };
  };
}

const lib = {
  // A re-exporting index, like antd's: importing Button must not count Table.
  '/lib/index.js': {
    code: "import warn from './warn';\nexport { default as Button } from './button';\nexport { default as Table } from './table';\nexport * from './icons';",
    imports: {
      './warn': '/lib/warn.js',
      './button': '/lib/button.js',
      './table': '/lib/table.js',
      './icons': '/lib/icons.js',
    },
    exports: ['Button', 'Table', 'BellIcon', 'StarIcon'],
  },
  '/lib/warn.js': { code: 'export default () => {};', exports: ['default'] },
  '/lib/button.js': { code: "import wave from './wave';\nexport default wave;", imports: { './wave': '/lib/wave.js' } },
  '/lib/wave.js': { code: 'export default 1;' },
  '/lib/table.js': { code: 'export default 2;' },
  '/lib/icons.js': {
    code: "export { default as BellIcon } from './bell';\nexport { default as StarIcon } from './star';",
    imports: { './bell': '/lib/bell.js', './star': '/lib/star.js' },
    exports: ['BellIcon', 'StarIcon'],
  },
  '/lib/bell.js': { code: 'export default 3;' },
  '/lib/star.js': { code: 'export default 4;' },
};

describe('usedClosure', () => {
  it('follows a re-exporting index only into the exports that are imported, and whole modules with all imports', () => {
    const info = graph({
      ...lib,
      '/src/main.js': {
        code: "import { Button, BellIcon } from 'lib';\nimport './page.css';\nexport const x = Button;",
        imports: { lib: '/lib/index.js', './page.css': '/src/page.css' },
      },
      '/src/page.css': { code: 'export {};' },
    });
    const closure = usedClosure(['/src/main.js'], info);
    expect([...closure].sort()).toEqual(
      [
        '/lib/bell.js',
        '/lib/button.js',
        '/lib/icons.js',
        '/lib/index.js',
        '/lib/warn.js',
        '/lib/wave.js',
        '/src/main.js',
        '/src/page.css',
      ].sort(),
    );
  });

  it('takes everything of an index imported as a namespace, and leaves out what it is told to', () => {
    const info = graph({
      ...lib,
      '/src/main.js': { code: "import * as all from 'lib';\nexport { all };", imports: { lib: '/lib/index.js' } },
    });
    expect(usedClosure(['/src/main.js'], info)).toContain('/lib/table.js');
    expect(usedClosure(['/src/main.js'], info, /\/lib\/table/)).not.toContain('/lib/table.js');
  });

  it('follows every import of code it cannot read precisely', () => {
    const info = (id: string): ModuleInfo =>
      id === '/cjs.js'
        ? { code: null, importedIds: ['/lib/table.js'], dynamicallyImportedIds: [], exports: [] }
        : graph(lib)(id);
    expect(usedClosure(['/cjs.js'], info)).toContain('/lib/table.js');
  });
});

describe('chunkNamer', () => {
  it("names the entry's modules app, the first screen's first-screen, and keeps sign-in pages off the first screen", () => {
    const info = graph({
      ...lib,
      '/src/main.js': { code: "import { Button } from 'lib';", imports: { lib: '/lib/index.js' } },
      '/src/Layout.js': {
        code: "import { BellIcon } from 'lib';\nimport { Table } from 'lib';",
        imports: { lib: '/lib/index.js' },
      },
      '/src/Login.js': { code: "import { Table } from 'lib';", imports: { lib: '/lib/index.js' } },
      '/src/Other.js': { code: "import { StarIcon } from 'lib';", imports: { lib: '/lib/index.js' } },
    });
    const name = chunkNamer({
      entry: '/src/main.js',
      firstScreen: ['/src/Layout.js'],
      outsideLayout: ['/src/Login.js'],
    });
    const ctx = { getModuleInfo: info };
    expect(name('/lib/button.js', ctx)).toBe('app');
    expect(name('/src/Layout.js', ctx)).toBe('first-screen');
    expect(name('/lib/bell.js', ctx)).toBe('first-screen');
    // Shared by the first screen and the sign-in page: in the file the sign-in page loads anyway.
    expect(name('/lib/table.js', ctx)).toBe('app');
    // Only another page's: rolldown's own splitting.
    expect(name('/lib/star.js', ctx)).toBeNull();
    expect(name('/src/Login.js', ctx)).toBeNull();
  });
  it('puts what the first screen shares with the sign-in page in app, and with other outside pages in shared-pages', () => {
    const info = graph({
      ...lib,
      '/src/main.js': { code: "import { Button } from 'lib';", imports: { lib: '/lib/index.js' } },
      '/src/Layout.js': {
        code: "import { BellIcon } from 'lib';\nimport { Table } from 'lib';\nimport { StarIcon } from 'lib';",
        imports: { lib: '/lib/index.js' },
      },
      '/src/Login.js': { code: "import { Table } from 'lib';", imports: { lib: '/lib/index.js' } },
      '/src/Terms.js': { code: "import { StarIcon } from 'lib';", imports: { lib: '/lib/index.js' } },
    });
    const name = chunkNamer({
      entry: '/src/main.js',
      firstScreen: ['/src/Layout.js'],
      outsideLayout: ['/src/Login.js', '/src/Terms.js'],
      signIn: '/src/Login.js',
    });
    const ctx = { getModuleInfo: info };
    expect(name('/lib/button.js', ctx)).toBe('app');
    expect(name('/lib/table.js', ctx)).toBe('app');
    // The sign-in page does not download it; the terms page and the first screen share one file for it.
    expect(name('/lib/star.js', ctx)).toBe('shared-pages');
    expect(name('/lib/bell.js', ctx)).toBe('first-screen');
    expect(name('/src/Terms.js', ctx)).toBeNull();
  });
});
