import { ConfigProvider } from 'antd';
import { type ReactNode, useLayoutEffect } from 'react';
import { CSS_VAR_KEY } from './colorScheme';
import { useColorScheme, useReducedMotion } from './schemeContext';
import { themeConfig } from './theme';

/**
 * antd's ConfigProvider with the scheme AppTheme chose; a device that asks for reduced motion gets antd without its
 * animations. <html> gets antd's CSS-variable class, so the app's own CSS can use antd's variables anywhere. Nested
 * copies (a lazily loaded notice inside a screen that has one) are harmless: antd merges them.
 */
export function AntdTheme({ children }: { children: ReactNode }) {
  const scheme = useColorScheme();
  const reducedMotion = useReducedMotion();
  useLayoutEffect(() => {
    document.documentElement.classList.add(CSS_VAR_KEY);
  }, []);
  return <ConfigProvider theme={themeConfig(scheme, reducedMotion)}>{children}</ConfigProvider>;
}
