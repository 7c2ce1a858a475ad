import { type ComponentType, type ReactNode, useLayoutEffect, useRef, useState } from 'react';
import './lazy-overlay.css';

type OverlayProps = {
  open?: boolean;
  // antd's Dropdown says where a change came from; its Popover does not.
  onOpenChange?: (open: boolean, info: { source: 'trigger' | 'menu' }) => void;
  trigger?: string | string[];
  children?: ReactNode;
};

export type OverlayLoader<P> = { preload(): Promise<ComponentType<P>>; current(): ComponentType<P> | null };

/** Loads an overlay's module once, for every LazyOverlay that uses it. */
export function overlayLoader<P>(load: () => Promise<{ default: ComponentType<P> }>): OverlayLoader<P> {
  let loaded: ComponentType<P> | null = null;
  let loading: Promise<ComponentType<P>> | null = null;
  return {
    preload: () => {
      loading ??= load().then((module) => {
        loaded = module.default;
        return module.default;
      });
      return loading;
    },
    current: () => loaded,
  };
}

/**
 * An antd overlay (Dropdown, Popover) whose code loads when its trigger is first pointed at, focused or clicked,
 * instead of with the screen: the header's menus and the dashboard's name cards brought antd's Menu, Dropdown,
 * Popover and their positioning engine (~45 KB gzipped) into the first download of / (issue 24) for overlays most
 * visits never open. Until the code is there the trigger renders alone; a click (or a hover, for a hover trigger)
 * meanwhile opens the overlay as soon as it arrives. The trigger is re-created when the overlay takes it over, so
 * focus that was on it is put back.
 */
export function LazyOverlay<P extends OverlayProps>({
  loader,
  overlay: props,
}: {
  loader: OverlayLoader<P>;
  overlay: P;
}) {
  const [Overlay, setOverlay] = useState<ComponentType<P> | null>(() => loader.current());
  const [ownOpen, setOwnOpen] = useState(false);
  const wrapper = useRef<HTMLSpanElement>(null);
  const refocus = useRef(false);
  const open = props.open ?? ownOpen;
  const changeOpen = (next: boolean, info: { source: 'trigger' | 'menu' } = { source: 'trigger' }) => {
    setOwnOpen(next);
    props.onOpenChange?.(next, info);
  };
  const hover = [props.trigger ?? 'hover'].flat().includes('hover');

  useLayoutEffect(() => {
    if (Overlay && refocus.current) {
      refocus.current = false;
      wrapper.current?.querySelector<HTMLElement>('button, a[href], [tabindex]')?.focus();
    }
  }, [Overlay]);

  const ensure = () => {
    if (Overlay) {
      return;
    }
    void loader.preload().then((component) => {
      refocus.current = Boolean(wrapper.current?.contains(document.activeElement));
      setOverlay(() => component);
    });
  };

  if (Overlay) {
    return (
      <span ref={wrapper} className="lazy-overlay">
        <Overlay {...props} open={open} onOpenChange={changeOpen} />
      </span>
    );
  }
  return (
    // The trigger inside is the control (a button: Enter and Space click it); this wrapper only notices it being used.
    // biome-ignore lint/a11y/noStaticElementInteractions: see above.
    // biome-ignore lint/a11y/useKeyWithClickEvents: see above.
    <span
      ref={wrapper}
      className="lazy-overlay"
      onPointerOver={() => {
        ensure();
        if (hover && !open) {
          changeOpen(true);
        }
      }}
      onPointerLeave={() => {
        if (hover && open) {
          changeOpen(false);
        }
      }}
      onFocus={ensure}
      onClick={() => {
        ensure();
        if (!hover) {
          changeOpen(!open);
        }
      }}
    >
      {props.children}
    </span>
  );
}
