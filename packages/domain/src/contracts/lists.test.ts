import { describe, expect, it } from 'vitest';
import { customerListQuerySchema } from './customers';
import { listSearchTermSchema } from './lists';

describe('list search_term (doc 2 §7 Tables)', () => {
  it('takes a plain string, trimmed', () => {
    expect(listSearchTermSchema.parse('  acme ')).toBe('acme');
  });

  it("takes the data table's form search_term[0][field|rule|value]: the value is searched", () => {
    expect(listSearchTermSchema.parse([{ field: 'business_name', rule: 'contains', value: 'acme' }])).toBe('acme');
    expect(listSearchTermSchema.parse({ 0: { 0: 'acme' } })).toBe('acme');
    const query = customerListQuerySchema.parse({
      search_term: { 0: { field: 'business_name', rule: 'contains', value: 'zebra' } },
    });
    expect(query.search_term).toBe('zebra');
  });

  it('refuses a term over 200 characters', () => {
    expect(listSearchTermSchema.safeParse('x'.repeat(201)).success).toBe(false);
  });
});
