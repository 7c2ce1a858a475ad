import { describe, expect, it } from 'vitest';
import { isCoherentForm } from './form-integrity';
import type { Question } from './question';

const size: Question = { name: 'size', label: 'Size', type: 'input' };

describe('isCoherentForm', () => {
  it('accepts unique names and rules that point at questions of the form, nested ones included', () => {
    const group: Question = { name: 'group', label: 'Group', type: 'formGroup', children: [size] };
    const follow: Question = { name: 'why', label: 'Why', type: 'input', visible: { field: 'size', values: ['a4'] } };
    expect(isCoherentForm([group, follow])).toBe(true);
    expect(isCoherentForm([])).toBe(true);
  });

  it('refuses a name used twice, even inside a group, and a rule naming no question', () => {
    expect(isCoherentForm([size, { name: 'g', label: 'G', type: 'formGroup', children: [size] }])).toBe(false);
    expect(isCoherentForm([{ ...size, visible: { field: 'ghost', values: ['x'] } }])).toBe(false);
  });
});
