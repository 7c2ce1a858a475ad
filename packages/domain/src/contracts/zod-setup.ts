import { z } from 'zod';
import { MESSAGES } from '../messages';

/**
 * One error language for both sides: a missing value reads 'This field is required' (the spec's text) wherever a
 * schema does not say otherwise. Imported for its side effect by the contracts index.
 */
z.config({
  customError: (issue) => {
    // A missing choice (an enum or literal left empty) is missing too, not an 'Invalid option'.
    const missing = issue.input === undefined || issue.input === null;
    if (missing && (issue.code === 'invalid_type' || issue.code === 'invalid_value')) {
      return MESSAGES.required;
    }
    return undefined;
  },
});
