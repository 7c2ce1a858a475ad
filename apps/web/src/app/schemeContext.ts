import { createContext, useContext } from 'react';
import type { ColorScheme } from './colorScheme';

/* What AppTheme decides and antd's theme (AntdTheme) and the charts read. */

export const SchemeContext = createContext<ColorScheme>('light');

/** The scheme being painted: antd's theme (AntdTheme) and what antd's tokens do not reach (chart SVG fills). */
export function useColorScheme(): ColorScheme {
  return useContext(SchemeContext);
}

export const MotionContext = createContext(false);

/** Whether the device asks for reduced motion (antd's theme then turns its animations off). */
export function useReducedMotion(): boolean {
  return useContext(MotionContext);
}
