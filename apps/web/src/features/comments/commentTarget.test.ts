import { describe, expect, it } from 'vitest';
import { commentTargetAddress } from './commentTarget';

const T = '11111111-1111-4111-8111-111111111111';
const C = '22222222-2222-4222-8222-222222222222';

describe('target_comment_id from any screen', () => {
  it('opens a task comment in the task drawer over the current screen', () => {
    const from = { pathname: '/calendar', search: `?view=week&target_comment_id=${C}` };
    expect(commentTargetAddress({ commentable_type: 'task', commentable_uuid: T }, C, from)).toBe(
      `/calendar?view=week&task_uuid=${T}&task_comment_uuid=${C}`,
    );
  });

  it('opens the request or the plan with the comment to scroll to', () => {
    expect(commentTargetAddress({ commentable_type: 'request', commentable_uuid: T }, C, { pathname: '/' })).toBe(
      `/requests/${T}?target_comment_id=${C}`,
    );
    expect(commentTargetAddress({ commentable_type: 'project', commentable_uuid: T }, C, { pathname: '/tasks' })).toBe(
      `/projects/${T}?target_comment_id=${C}`,
    );
  });

  it('leaves the parameter to the request or plan screen already showing the comment', () => {
    expect(
      commentTargetAddress({ commentable_type: 'request', commentable_uuid: T }, C, { pathname: `/requests/${T}` }),
    ).toBeNull();
    expect(
      commentTargetAddress({ commentable_type: 'project', commentable_uuid: T }, C, {
        pathname: `/projects/${T}/comments`,
      }),
    ).toBeNull();
  });

  it('opens a content item comment on /content with the item, and leaves it to /content itself', () => {
    const home = { commentable_type: 'content_item', commentable_uuid: T } as const;
    expect(commentTargetAddress(home, C, { pathname: '/inbox' })).toBe(`/content?item=${T}&target_comment_id=${C}`);
    expect(
      commentTargetAddress(home, C, { pathname: '/content', search: `?plan=x&target_comment_id=${C}` }),
    ).toBeNull();
  });
});
