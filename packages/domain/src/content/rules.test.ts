import { describe, expect, it } from 'vitest';
import { captionTooLong, contentMoveError, feedCaption } from './rules';

describe('content rules', () => {
  it('cuts a caption where the platform feed cuts it, and leaves X whole', () => {
    const long = 'word '.repeat(60);
    expect(feedCaption('instagram', long)).toEqual({ text: long.slice(0, 125).trimEnd(), cut: true });
    expect(feedCaption('x', 'a'.repeat(280))).toEqual({ text: 'a'.repeat(280), cut: false });
    expect(feedCaption('linkedin', 'short')).toEqual({ text: 'short', cut: false });
  });

  it('counts code points against the limit, so emoji are one character each', () => {
    expect(captionTooLong('x', '😀'.repeat(280))).toBeNull();
    expect(captionTooLong('x', '😀'.repeat(281))).toBe('A X caption may be at most 280 characters');
    expect(captionTooLong('linkedin', 'a'.repeat(3001))).toBe('A LinkedIn caption may be at most 3,000 characters');
  });

  it('allows the flow forward and back where it makes sense, and never out of published', () => {
    expect(contentMoveError('draft', 'in_review')).toBeNull();
    expect(contentMoveError('in_review', 'changes_requested')).toBeNull();
    expect(contentMoveError('scheduled', 'approved')).toBeNull();
    expect(contentMoveError('draft', 'published')).toBe('A content item cannot move from Draft to Published');
    expect(contentMoveError('published', 'scheduled')).toBe('A published content item cannot change its status');
  });
});
