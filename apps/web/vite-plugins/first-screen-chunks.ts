import path from 'node:path';
import type { Plugin } from 'vite';
import { type ModuleInfo, usedClosure } from './used-closure';

type ChunkingContext = { getModuleInfo(id: string): ModuleInfo };

export type FirstScreen = {
  /** The app's entry module (index.html's script). */
  entry: string;
  /** The lazily loaded modules a first visit of / asks for at once: the signed-in layout, the page, its widgets. */
  firstScreen: readonly string[];
  /** Lazily loaded modules shown without the layout (sign-in, legal pages): never made to download the first screen. */
  outsideLayout: readonly string[];
  /**
   * The one page outside the layout whose first download is measured (`/login`, issue 24): what the first screen
   * shares with it goes to the entry's file; what it shares only with the other outside pages goes to a file of its
   * own ('shared-pages'), so the sign-in page does not download the register, legal and file viewer pages' parts.
   * Without it, everything shared with any outside page goes to the entry's file.
   */
  signIn?: string;
  /**
   * Modules the closure cannot judge, left to rolldown: @portal/domain keeps constants beside zod schemas in one
   * module, and tree-shaking (pure-domain.ts) drops the schemas the first screen does not use; but a module named
   * into a group carries every export some other page uses, and its zod with it.
   */
  leaveOut?: RegExp;
};

/**
 * Which chunk a module goes to: 'app' for everything the entry loads, 'first-screen' for what the signed-in layout
 * and the dashboard load on top of it, 'shared-pages' for what the first screen shares only with the outside pages
 * other than the sign-in page (when `signIn` is given), null (rolldown's own splitting) for the rest.
 */
export function chunkNamer(screen: FirstScreen) {
  let groups: { app: Set<string>; shared: Set<string>; first: Set<string> } | null = null;
  return (id: string, ctx: ChunkingContext): string | null => {
    if (!groups) {
      const info = (moduleId: string) => ctx.getModuleInfo(moduleId);
      const app = usedClosure([screen.entry], info, screen.leaveOut);
      const outside = usedClosure(screen.outsideLayout, info, screen.leaveOut);
      const signIn = screen.signIn ? usedClosure([screen.signIn], info, screen.leaveOut) : outside;
      const first = usedClosure(screen.firstScreen, info, screen.leaveOut);
      const shared = new Set<string>();
      // What the first screen shares with the sign-in page (the input, the button) joins the entry's file, which
      // that page loads anyway; what it shares with the other outside pages (typography, cards, tooltips) a file
      // both load, rather than small files of their own.
      for (const moduleId of first) {
        if (signIn.has(moduleId)) {
          app.add(moduleId);
        } else if (outside.has(moduleId)) {
          shared.add(moduleId);
        }
      }
      for (const moduleId of app) {
        first.delete(moduleId);
        shared.delete(moduleId);
      }
      for (const moduleId of shared) {
        first.delete(moduleId);
      }
      groups = { app, shared, first };
    }
    if (groups.app.has(id)) {
      return 'app';
    }
    if (groups.shared.has(id)) {
      return 'shared-pages';
    }
    return groups.first.has(id) ? 'first-screen' : null;
  };
}

/**
 * Puts the first visit's JavaScript into two files instead of about a hundred: one for what the entry loads and one
 * for what the signed-in layout, the dashboard and the header and sidebar widgets load on top of it. Left to itself,
 * rolldown cuts a shared chunk wherever two lazy pages share modules, so the first screen arrived as ~100 files, each
 * gzipped on its own (no shared dictionary, a header each): 318 KB, where the same bytes in two files gzip to 284 KB.
 * Other pages keep rolldown's splitting, and a page outside the layout (sign-in, legal) never downloads the
 * first-screen file: what the sign-in page shares with the first screen goes to the entry's file, which it loads
 * anyway, and what only the other outside pages share with it to a third file, 'shared-pages' (issue 24: in the
 * entry's file it cost /login 12 KB gzipped of typography, cards and tooltips it never shows; / pays 1.7 KB for the
 * extra file's own compression).
 */
export function firstScreenChunks(root: string, screen: FirstScreen): Plugin {
  const resolve = (file: string) => path.resolve(root, file);
  const absolute: FirstScreen = {
    entry: resolve(screen.entry),
    firstScreen: screen.firstScreen.map(resolve),
    outsideLayout: screen.outsideLayout.map(resolve),
    signIn: screen.signIn ? resolve(screen.signIn) : undefined,
    leaveOut: screen.leaveOut,
  };
  const namer = chunkNamer(absolute);
  const only = (group: string) => (id: string, ctx: ChunkingContext) => (namer(id, ctx) === group ? group : null);
  return {
    name: 'portal-first-screen-chunks',
    apply: 'build',
    config() {
      return {
        build: {
          rolldownOptions: {
            output: {
              codeSplitting: {
                // Each group also takes the dependencies of what it holds (rolldown's default), so no module it
                // needs is left in a chunk that would import it back; 'app' first, so what both need is there.
                groups: [
                  { name: only('app'), debugName: 'app', priority: 3 },
                  { name: only('shared-pages'), debugName: 'shared-pages', priority: 2 },
                  { name: only('first-screen'), debugName: 'first-screen', priority: 1 },
                ],
              },
            },
          },
        },
      };
    },
  };
}
