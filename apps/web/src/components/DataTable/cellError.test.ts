import { MESSAGES } from '@portal/domain';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/errors';
import { cellErrorMessage } from './cellError';

describe('cellErrorMessage', () => {
  it("shows the server's messages for the edited field", () => {
    const error = new ApiError(422, {
      message: 'Two fields',
      errors: { status: ['A task cannot be completed while it has open subtasks.'], title: ['Other'] },
    });
    expect(cellErrorMessage(error, 'status')).toBe('A task cannot be completed while it has open subtasks.');
  });

  it("falls back to the answer's message when the refusal names another field or none", () => {
    expect(cellErrorMessage(new ApiError(422, { message: 'Not allowed here', errors: {} }), 'status')).toBe(
      'Not allowed here',
    );
  });

  it('describes other failures like every other message of the app, and says nothing for a cancelled call', () => {
    expect(cellErrorMessage(new ApiError(500, {}), 'title')).toBe(MESSAGES.somethingWrong);
    expect(cellErrorMessage(new TypeError('Failed to fetch'), 'title')).toBe(MESSAGES.somethingWrong);
    expect(cellErrorMessage(new DOMException('stop', 'AbortError'), 'title')).toBeNull();
  });
});
