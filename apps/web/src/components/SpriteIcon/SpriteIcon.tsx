import sprite from 'virtual:icon-sprite';
import type { CSSProperties } from 'react';
import type { SpriteIconName } from './spriteIcons';
import './sprite-icon.css';

/**
 * An icon of the first screen, drawn from the SVG sprite (spriteIcons.ts says which and why) rather than by an antd
 * icon component: the same drawing, in the same box (`anticon`), decorative as antd's are in buttons and menus.
 */
export function SpriteIcon({
  name,
  className,
  style,
}: {
  name: SpriteIconName;
  className?: string;
  style?: CSSProperties;
}) {
  return (
    <span
      className={className ? `anticon sprite-icon ${className}` : 'anticon sprite-icon'}
      style={style}
      aria-hidden="true"
    >
      {/* biome-ignore lint/a11y/noSvgWithoutTitle: decorative; the span around it is hidden from assistive technology. */}
      <svg width="1em" height="1em" fill="currentColor" focusable="false">
        <use href={`${sprite}#${name}`} />
      </svg>
    </span>
  );
}
