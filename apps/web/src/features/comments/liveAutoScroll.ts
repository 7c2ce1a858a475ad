import type { Comment } from '@portal/domain';
import { type RefObject, useEffect, useRef } from 'react';

/** Doc 2 §4: a live create scrolls only a reader who is within 50 px of the bottom; doc 2 §9: 300 ms after adding. */
export const AUTO_SCROLL_WITHIN_PX = 50;
export const AUTO_SCROLL_DELAY_MS = 300;

type Scrollable = { scrollHeight: number; scrollTop: number; clientHeight: number };

export function isNearBottom(element: Scrollable): boolean {
  return element.scrollHeight - element.scrollTop - element.clientHeight <= AUTO_SCROLL_WITHIN_PX;
}

/** Every comment and reply on screen, by uuid. */
export function commentUuids(threads: readonly Comment[]): Set<string> {
  const uuids = new Set<string>();
  for (const thread of threads) {
    uuids.add(thread.uuid);
    for (const reply of thread.replies) {
      uuids.add(reply.uuid);
    }
  }
  return uuids;
}

/**
 * Whether the new list holds a comment or reply someone else wrote that was not there before: what a live create
 * looks like (the reader's own comments come from the composer, which keeps its place).
 */
export function hasNewFromOthers(seen: ReadonlySet<string>, threads: readonly Comment[], me: string | null): boolean {
  const isNew = (comment: Comment | Comment['replies'][number]) =>
    !seen.has(comment.uuid) && comment.creator?.uuid !== me;
  return threads.some((thread) => isNew(thread) || thread.replies.some(isNew));
}

/** The element that scrolls the panel: the nearest scrolling ancestor (a drawer's body), else the page. */
function scrollerOf(element: HTMLElement): HTMLElement {
  for (let node = element.parentElement; node; node = node.parentElement) {
    const overflow = getComputedStyle(node).overflowY;
    if ((overflow === 'auto' || overflow === 'scroll') && node.scrollHeight > node.clientHeight) {
      return node;
    }
  }
  return (document.scrollingElement as HTMLElement | null) ?? document.documentElement;
}

/**
 * Keeps a reader at the bottom of the comments when others' comments arrive live, and leaves a reader who has
 * scrolled up where they are. The position is read when the reader scrolls and after each render, so it is the
 * one from before the new comment took room.
 */
export function useLiveAutoScroll(
  anchor: RefObject<HTMLElement | null>,
  threads: readonly Comment[],
  me: string | null,
) {
  const seen = useRef<Set<string> | null>(null);
  const nearBottom = useRef(false);

  useEffect(() => {
    const element = anchor.current;
    if (!element) {
      return undefined;
    }
    const onScroll = () => {
      nearBottom.current = isNearBottom(scrollerOf(element));
    };
    // Capture: the scrolling ancestor is found when it scrolls, whichever it is.
    document.addEventListener('scroll', onScroll, true);
    return () => document.removeEventListener('scroll', onScroll, true);
  }, [anchor]);

  useEffect(() => {
    const element = anchor.current;
    const before = seen.current;
    seen.current = commentUuids(threads);
    if (!element) {
      return undefined;
    }
    const scroller = scrollerOf(element);
    if (before === null || !nearBottom.current || !hasNewFromOthers(before, threads, me)) {
      nearBottom.current = isNearBottom(scroller);
      return undefined;
    }
    const timer = window.setTimeout(() => {
      scroller.scrollTo({ top: scroller.scrollHeight, behavior: 'smooth' });
    }, AUTO_SCROLL_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [anchor, threads, me]);
}
