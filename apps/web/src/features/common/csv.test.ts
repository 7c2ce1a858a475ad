import { describe, expect, it } from 'vitest';
import { csvField, toCsv } from './csv';

describe('CSV export', () => {
  it('quotes fields with commas, quotes and line breaks', () => {
    expect(csvField('Acme, Inc.')).toBe('"Acme, Inc."');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField(null)).toBe('');
    expect(csvField(3)).toBe('3');
  });

  it('defuses formulas', () => {
    expect(csvField('=SUM(A1)')).toBe("'=SUM(A1)");
  });

  it('writes a header and one line per row', () => {
    const rows = [{ name: 'Acme', plans: 2 }];
    expect(
      toCsv(rows, [
        { title: 'Name', value: (r) => r.name },
        { title: 'Plans', value: (r) => r.plans },
      ]),
    ).toBe('Name,Plans\r\nAcme,2\r\n');
  });
});
