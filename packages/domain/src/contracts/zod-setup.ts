import { z } from 'zod';
import { MESSAGES } from '../messages';

/**
 * One error language for both sides: a missing value reads 'This field is required' (the spec's text) wherever a
 * schema does not say otherwise. Imported for its side effect by the contracts index.
 */
z.config({
  customError: (issue) => {
    if (issue.code === 'invalid_type' && (issue.input === undefined || issue.input === null)) {
      return MESSAGES.required;
    }
    return undefined;
  },
});
