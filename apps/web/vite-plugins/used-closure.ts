import { parseAst } from 'vite';

/** What rolldown's chunking context answers about a module (the part used here). */
export type ModuleInfo = {
  code: string | null;
  importedIds: readonly string[];
  dynamicallyImportedIds: readonly string[];
  exports: readonly string[];
} | null;

type Node = { type: string; [key: string]: unknown };
type Names = Set<string> | 'all';
/** One static import of a module: where it points and which of that module's exports it takes. */
type Edge = { source: string; names: Names };
/** A module's static imports, and for a module that re-exports, which export comes from which import. */
type Shape = { imports: Edge[]; reexports: Map<string, Edge>; starSources: string[] } | null;

const nameOf = (node: Node) => (node.type === 'Literal' ? String(node.value) : String(node.name));

/** The static import edges of `code`, in source order, keyed by specifier; null when the code does not parse. */
function shapeOf(
  code: string,
): { specifiers: string[]; shape: (resolve: (specifier: string) => string) => Shape } | null {
  let program: { body: Node[] };
  try {
    program = parseAst(code, { lang: 'js' }) as unknown as { body: Node[] };
  } catch {
    return null;
  }
  const specifiers: string[] = [];
  const note = (specifier: string) => {
    if (!specifiers.includes(specifier)) {
      specifiers.push(specifier);
    }
  };
  for (const statement of program.body) {
    const source = statement.source as Node | null | undefined;
    if (source && ['ImportDeclaration', 'ExportNamedDeclaration', 'ExportAllDeclaration'].includes(statement.type)) {
      note(String(source.value));
    }
  }
  return {
    specifiers,
    shape: (resolve) => {
      const imports: Edge[] = [];
      const reexports = new Map<string, Edge>();
      const starSources: string[] = [];
      for (const statement of program.body) {
        const source = statement.source as Node | null | undefined;
        if (statement.type === 'ImportDeclaration' && source) {
          const specs = statement.specifiers as Node[];
          const names: Names =
            specs.length === 0 || specs.some((s) => s.type === 'ImportNamespaceSpecifier')
              ? 'all'
              : new Set(
                  specs.map((s) => (s.type === 'ImportDefaultSpecifier' ? 'default' : nameOf(s.imported as Node))),
                );
          imports.push({ source: resolve(String(source.value)), names });
        } else if (statement.type === 'ExportNamedDeclaration' && source) {
          for (const s of statement.specifiers as Node[]) {
            reexports.set(nameOf(s.exported as Node), {
              source: resolve(String(source.value)),
              names: new Set([nameOf(s.local as Node)]),
            });
          }
        } else if (statement.type === 'ExportAllDeclaration' && source) {
          if (statement.exported) {
            reexports.set(nameOf(statement.exported as Node), { source: resolve(String(source.value)), names: 'all' });
          } else {
            starSources.push(resolve(String(source.value)));
          }
        }
      }
      return { imports, reexports, starSources };
    },
  };
}

/**
 * The modules statically reachable from `roots`, following through re-exporting modules (antd's index,
 * @portal/domain's, the icons') only the exports actually imported: a plain closure would count every antd
 * component because the entry imports Button from 'antd'. A module is counted whole once anything of it is taken,
 * with all of its own imports (what tree-shaking keeps is at most that). Where the code cannot be read precisely
 * (no code, an unexpected shape), every static import is followed: the answer may be larger, never smaller.
 * Modules matching `leaveOut` are neither counted nor followed (the caller leaves them to rolldown's own splitting).
 */
export function usedClosure(
  roots: readonly string[],
  info: (id: string) => ModuleInfo,
  leaveOut?: RegExp,
): Set<string> {
  const included = new Set<string>();
  const requested = new Map<string, Set<string>>();
  const shapes = new Map<string, Shape>();
  const queue: Edge[] = roots.map((source) => ({ source, names: 'all' }));

  const shapeFor = (id: string, module: NonNullable<ModuleInfo>): Shape => {
    if (!shapes.has(id)) {
      const parsed = module.code === null ? null : shapeOf(module.code);
      const dynamic = new Set(module.dynamicallyImportedIds);
      const statics = module.importedIds.filter((imported) => !dynamic.has(imported));
      // importedIds follow the order of the import statements; imports added after the code was parsed (Vite's
      // preload helper, CommonJS requires) come last and are followed whole.
      if (!parsed || parsed.specifiers.length > statics.length) {
        shapes.set(id, null);
      } else {
        const byIndex = new Map(parsed.specifiers.map((specifier, i) => [specifier, statics[i] ?? '']));
        const shape = parsed.shape((specifier) => byIndex.get(specifier) ?? '');
        shape?.imports.push(
          ...statics.slice(parsed.specifiers.length).map((source) => ({ source, names: 'all' as const })),
        );
        shapes.set(id, shape);
      }
    }
    return shapes.get(id) ?? null;
  };

  for (let edge = queue.pop(); edge !== undefined; edge = queue.pop()) {
    const module = leaveOut?.test(edge.source) ? null : info(edge.source);
    if (!module) {
      continue;
    }
    const shape = shapeFor(edge.source, module);
    const reexporting = shape && (shape.reexports.size > 0 || shape.starSources.length > 0);
    if (!shape || !reexporting || edge.names === 'all') {
      // The whole module: its own imports and, if it re-exports, everything it re-exports.
      if (included.has(edge.source) && requested.get(edge.source)?.has('*')) {
        continue;
      }
      included.add(edge.source);
      requested.set(edge.source, new Set(['*']));
      if (!shape) {
        const dynamic = new Set(module.dynamicallyImportedIds);
        for (const id of module.importedIds.filter((imported) => !dynamic.has(imported))) {
          queue.push({ source: id, names: 'all' });
        }
        continue;
      }
      queue.push(...shape.imports);
      if (edge.names === 'all') {
        queue.push(
          ...[...shape.reexports.values()],
          ...shape.starSources.map((source) => ({ source, names: 'all' as const })),
        );
      }
      continue;
    }
    // A re-exporting module asked for some names: its own imports, and only the sources of those names.
    const asked = requested.get(edge.source) ?? new Set<string>();
    const fresh = [...edge.names].filter((name) => !asked.has(name) && !asked.has('*'));
    if (included.has(edge.source) && fresh.length === 0) {
      continue;
    }
    if (!included.has(edge.source)) {
      included.add(edge.source);
      queue.push(...shape.imports);
    }
    requested.set(edge.source, new Set([...asked, ...fresh]));
    for (const name of fresh) {
      const direct = shape.reexports.get(name);
      if (direct) {
        queue.push(direct);
        continue;
      }
      for (const source of shape.starSources) {
        if (info(source)?.exports.includes(name)) {
          queue.push({ source, names: new Set([name]) });
        }
      }
    }
  }
  return included;
}
