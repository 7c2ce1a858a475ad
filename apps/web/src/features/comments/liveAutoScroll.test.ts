import type { Comment } from '@portal/domain';
import { describe, expect, it } from 'vitest';
import { commentUuids, hasNewFromOthers, isNearBottom } from './liveAutoScroll';

const ME = '00000000-0000-4000-8000-000000000001';
const OTHER = '00000000-0000-4000-8000-000000000002';

function comment(uuid: string, creator: string, replies: Comment[] = []): Comment {
  return { uuid, creator: { uuid: creator, name: 'Someone' }, replies } as unknown as Comment;
}

describe('live auto-scroll of the comments', () => {
  it('counts a reader within 50 px of the bottom as at the bottom, and one further up as not', () => {
    expect(isNearBottom({ scrollHeight: 1000, clientHeight: 400, scrollTop: 600 })).toBe(true);
    expect(isNearBottom({ scrollHeight: 1000, clientHeight: 400, scrollTop: 550 })).toBe(true);
    expect(isNearBottom({ scrollHeight: 1000, clientHeight: 400, scrollTop: 549 })).toBe(false);
  });

  it('sees a new thread or reply by someone else, and not the reader’s own or one already shown', () => {
    const shown = [comment('a', OTHER, [comment('a1', ME)])];
    const seen = commentUuids(shown);
    expect(hasNewFromOthers(seen, shown, ME)).toBe(false);
    expect(hasNewFromOthers(seen, [comment('b', ME), ...shown], ME)).toBe(false);
    expect(hasNewFromOthers(seen, [comment('b', OTHER), ...shown], ME)).toBe(true);
    expect(hasNewFromOthers(seen, [comment('a', OTHER, [comment('a1', ME), comment('a2', OTHER)])], ME)).toBe(true);
  });
});
