import { describe, expect, it } from 'vitest';
import { parseEstimateInput } from './estimate';

describe('estimate range', () => {
  it("splits 'min-max' hours into minutes", () => {
    expect(parseEstimateInput('1-2.5')).toEqual({ estimated_min: 60, estimated_max: 150 });
    expect(parseEstimateInput('1.5/3')).toEqual({ estimated_min: 90, estimated_max: 180 });
  });

  it('is 0 when empty', () => {
    expect(parseEstimateInput('')).toEqual({ estimated_min: 0, estimated_max: 0 });
    expect(parseEstimateInput('-2')).toEqual({ estimated_min: 0, estimated_max: 120 });
  });

  it('accepts an equal max and refuses a lower one', () => {
    expect(parseEstimateInput('2-2')).toEqual({ estimated_min: 120, estimated_max: 120 });
    expect(parseEstimateInput('3-1')).toEqual({ error: 'Max time should be bigger than min time' });
  });

  it('refuses other characters', () => {
    expect(parseEstimateInput('a-b')).toEqual({ error: 'Enter the estimate as hours min/max' });
  });
});
