import type { ReactNode } from 'react';
import './colour-tag.css';

/** antd's preset tag colours and the status ones this app uses ('default' is the grey one). */
const COLOURS = new Set([
  'default',
  'success',
  'processing',
  'warning',
  'error',
  'blue',
  'cyan',
  'geekblue',
  'gold',
  'green',
  'lime',
  'magenta',
  'orange',
  'purple',
  'red',
  'volcano',
  'yellow',
]);

/**
 * A coloured label, as antd's Tag draws one with a preset or status colour, using antd's theme variables (so the
 * AA text shades of app/theme.ts and the dark palette apply). For the first screen's labels (the dashboard, the
 * header's timers): antd's Tag module also carries its checkable variants, ~4 KB gzipped of the first download
 * of / (issue 24). Screens elsewhere keep antd's Tag.
 */
export function ColourTag({ colour = 'default', children }: { colour?: string; children: ReactNode }) {
  return <span className={`colour-tag colour-tag-${COLOURS.has(colour) ? colour : 'default'}`}>{children}</span>;
}
