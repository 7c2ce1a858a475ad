import { useIsNarrow } from '../../layout/useMediaQuery';

const DRAWER_WIDTH = 640;

/** 640 wide (doc 2 §9); below the mobile breakpoint the drawer takes the whole width. */
export function useDrawerWidth(): number | string {
  return useIsNarrow() ? '100%' : DRAWER_WIDTH;
}
