import type { DropdownProps } from 'antd/es/dropdown';
import type { PopoverProps } from 'antd/es/popover';
import { LazyOverlay, overlayLoader } from './lazyOverlay';

const dropdown = overlayLoader<DropdownProps>(() => import('antd/es/dropdown'));
const popover = overlayLoader<PopoverProps>(() => import('antd/es/popover'));

/** antd's Dropdown, loaded when its trigger is first used (see LazyOverlay). */
export function LazyDropdown(props: DropdownProps) {
  return <LazyOverlay loader={dropdown} overlay={props} />;
}

/** antd's Popover, loaded when its trigger is first used (see LazyOverlay). */
export function LazyPopover(props: PopoverProps) {
  return <LazyOverlay loader={popover} overlay={props} />;
}
