import { createRequire } from 'node:module';
import type { Plugin } from 'vite';
import { SPRITE_ICONS } from '../src/components/SpriteIcon/spriteIcons';

type SvgNode = { tag: string; attrs: Record<string, string>; children?: SvgNode[] };
type IconDefinition = { icon: SvgNode | ((primary: string, secondary: string) => SvgNode) };

const MODULE_ID = 'virtual:icon-sprite';
const RESOLVED_ID = `\0${MODULE_ID}`;
/** Where the dev server answers the sprite (a build emits it as a hashed asset instead). */
const DEV_PATH = '/@icon-sprite.svg';

const escapeAttr = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

function render(node: SvgNode): string {
  const attrs = Object.entries(node.attrs)
    .filter(([name]) => name !== 'focusable')
    .map(([name, value]) => ` ${name}="${escapeAttr(value)}"`)
    .join('');
  return `<${node.tag}${attrs}>${(node.children ?? []).map(render).join('')}</${node.tag}>`;
}

/** One <symbol> per icon of SPRITE_ICONS, drawn from @ant-design/icons-svg's definitions. */
export function buildSprite(names: readonly string[] = SPRITE_ICONS): string {
  const definitions = createRequire(import.meta.url)('@ant-design/icons-svg') as Record<string, IconDefinition>;
  const symbols = names.map((name) => {
    const definition = definitions[name];
    if (!definition || typeof definition.icon === 'function') {
      throw new Error(`icon-sprite: ${name} is not a one-colour icon of @ant-design/icons-svg`);
    }
    const { tag: _svg, attrs, children } = definition.icon;
    return render({ tag: 'symbol', attrs: { id: name, ...attrs }, children });
  });
  return `<svg xmlns="http://www.w3.org/2000/svg">${symbols.join('')}</svg>`;
}

/**
 * `import sprite from 'virtual:icon-sprite'`: the URL of an SVG sprite of the first screen's icons (SpriteIcon draws
 * them with <use>). Issue 24: as antd icon components those drawings were ~15 KB gzipped of the first download of /'s
 * JavaScript; as one cached SVG file they cost no script parsing and load beside the stylesheet.
 */
export function iconSprite(): Plugin {
  let serve = false;
  return {
    name: 'portal-icon-sprite',
    configResolved(config) {
      serve = config.command === 'serve';
    },
    resolveId(id) {
      return id === MODULE_ID ? RESOLVED_ID : null;
    },
    load(id) {
      if (id !== RESOLVED_ID) {
        return null;
      }
      if (serve) {
        return `export default ${JSON.stringify(DEV_PATH)};`;
      }
      const reference = this.emitFile({ type: 'asset', name: 'icons.svg', source: buildSprite() });
      return `export default import.meta.ROLLUP_FILE_URL_${reference};`;
    },
    configureServer(server) {
      server.middlewares.use(DEV_PATH, (_request, response) => {
        response.setHeader('content-type', 'image/svg+xml');
        response.end(buildSprite());
      });
    },
  };
}
