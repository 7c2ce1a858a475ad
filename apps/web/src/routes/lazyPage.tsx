import { type ComponentType, lazy } from 'react';
import { ReloadingPage } from '../pages/ReloadingPage';
import { claimChunkReload } from './chunkReload';

/**
 * React.lazy with the spec's recovery: if the chunk fails to load, show 'Reloading' and reload the page, once per
 * page per session; after that the failure is rethrown to the error boundary.
 */
export function lazyPage<P extends object>(load: () => Promise<ComponentType<P>>) {
  return lazy(async (): Promise<{ default: ComponentType<P> }> => {
    try {
      return { default: await load() };
    } catch (error) {
      if (claimChunkReload(window.sessionStorage, window.location.pathname)) {
        return { default: ReloadingPage as ComponentType<P> };
      }
      throw error;
    }
  });
}
