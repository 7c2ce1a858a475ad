import MagicString from 'magic-string';
import { type Plugin, parseAst } from 'vite';

/** AST nodes the wrapping looks at (oxc's ESTree shape, with start/end offsets). */
type Node = { type: string; start: number; end: number; [key: string]: unknown };

/** Initialisers that cannot run code, so they are left as they are. */
const INERT = new Set(['Literal', 'Identifier', 'ArrowFunctionExpression', 'FunctionExpression', 'TemplateLiteral']);

function topLevelDeclarators(program: { body: Node[] }): Node[] {
  const found: Node[] = [];
  for (const statement of program.body) {
    const declaration =
      statement.type === 'ExportNamedDeclaration' ? (statement.declaration as Node | null) : statement;
    if (declaration?.type === 'VariableDeclaration') {
      found.push(...(declaration.declarations as Node[]));
    }
  }
  return found;
}

/**
 * Marks every top-level `const x = <expression that calls something>` of a module as pure, by wrapping the
 * initialiser in an annotated arrow call: `const x = /* @__PURE__ *\/ (() => (<expression>))()`. The value and the
 * order of evaluation do not change; what changes is that the bundler may drop a constant nobody imports.
 *
 * Why: @portal/domain defines its zod contracts at module level beside the constants and pure rules the web app
 * uses. Marking the modules side-effect free lets the bundler drop a module nothing imports from, but one import
 * from a module (LIVE_CHANNELS from contracts/live.ts, a status list from contracts/tasks.ts) kept every
 * `z.object(…)` call of it, and zod with them, in the first download. With the calls pure, only what is used stays.
 */
export function markTopLevelConstantsPure(
  code: string,
  id: string,
): { code: string; map: ReturnType<MagicString['generateMap']> } | null {
  const program = parseAst(code, { lang: /\.tsx?$/.test(id) ? 'ts' : 'js' }) as unknown as { body: Node[] };
  const text = new MagicString(code);
  let changed = false;
  for (const declarator of topLevelDeclarators(program)) {
    const init = declarator.init as Node | null;
    if (!init || INERT.has(init.type)) {
      continue;
    }
    text.appendLeft(init.start, '/* @__PURE__ */ (() => (');
    text.prependRight(init.end, '))()');
    changed = true;
  }
  return changed ? { code: text.toString(), map: text.generateMap({ hires: true, source: id }) } : null;
}

/**
 * @portal/domain is shared with the API and defines zod schemas at module level. The web app only needs its
 * constants and pure functions, so its modules are declared free of side effects and their top-level constants
 * pure: whatever the app does not import (schemas, and zod with them) is dropped from the bundle.
 */
export function domainWithoutSideEffects(): Plugin {
  return {
    name: 'portal-domain-side-effect-free',
    apply: 'build',
    transform(code, id) {
      if (!id.includes('/packages/domain/src/') || id.includes('?')) {
        return undefined;
      }
      const pure = markTopLevelConstantsPure(code, id);
      return { code: pure?.code ?? code, map: pure?.map ?? null, moduleSideEffects: false };
    },
  };
}
