import { COMPLETION_CHECKS_CODE, MESSAGES } from '@portal/domain';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../api/errors';
import { completionChecksOf } from './completion';

const checks = [
  { key: 'time_spent', label: 'Time spent filled in', passed: false },
  { key: 'responsible', label: 'Responsible person filled in', passed: true },
];

describe('completion checks of a failed update', () => {
  it('reads the checklist of a 422 completion_checks answer', () => {
    const error = new ApiError(422, {
      message: MESSAGES.checklistTitle,
      code: COMPLETION_CHECKS_CODE,
      checks,
    } as never);
    expect(completionChecksOf(error)).toEqual(checks);
  });
  it('is null for other failures', () => {
    expect(completionChecksOf(new ApiError(422, { message: 'x', errors: { status: ['bad'] } }))).toBeNull();
    expect(completionChecksOf(new ApiError(403, { message: 'no', code: COMPLETION_CHECKS_CODE }))).toBeNull();
    expect(completionChecksOf(new Error('network'))).toBeNull();
  });
});
