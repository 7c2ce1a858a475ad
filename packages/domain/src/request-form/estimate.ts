import { MESSAGES } from '../messages';
import { parseEstimateRange } from '../rules/estimate-range';

export type EstimateRange = { estimated_min: number; estimated_max: number };

/**
 * The request form's estimated time field (doc 2 §5): text 'min-max' (or 'min/max') in hours, digits and a dot,
 * split into estimated_min and estimated_max in minutes, 0 for an empty side. The text itself is read by the shared
 * `parseEstimateRange`; this adds the form's answer: a message when the text is not a range, and 'Max time should
 * be bigger than min time' when max is lower than min (equal is accepted).
 */
export function parseEstimateInput(text: string): EstimateRange | { error: string } {
  const range = parseEstimateRange(text);
  if (!range) {
    return { error: MESSAGES.invalidEstimateRange };
  }
  if (range.max < range.min) {
    return { error: MESSAGES.maxBelowMin };
  }
  return { estimated_min: range.min, estimated_max: range.max };
}
