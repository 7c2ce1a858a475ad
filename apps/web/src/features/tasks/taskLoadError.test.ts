import { MESSAGES } from '@portal/domain';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/errors';
import { taskLoadErrorMessage } from './taskLoadError';

describe('taskLoadErrorMessage (doc 2 §8, task load failure)', () => {
  it('shows the server message when the server sent one', () => {
    expect(taskLoadErrorMessage(new ApiError(404, { message: 'This item does not exist' }))).toBe(
      'This item does not exist',
    );
    expect(taskLoadErrorMessage(new ApiError(503, { message: MESSAGES.maintenance }))).toBe(MESSAGES.maintenance);
  });

  it("falls back to 'Something went wrong. Please reload the page.' without one", () => {
    expect(taskLoadErrorMessage(new TypeError('Failed to fetch'))).toBe(
      'Something went wrong. Please reload the page.',
    );
    expect(taskLoadErrorMessage(new ApiError(502, {}))).toBe('Something went wrong. Please reload the page.');
    expect(taskLoadErrorMessage(undefined)).toBe('Something went wrong. Please reload the page.');
  });
});
