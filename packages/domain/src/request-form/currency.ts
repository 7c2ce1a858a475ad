/**
 * Currency inputs keep digits only and show whole US dollars (doc 2 §5). Anything after a decimal point is cents
 * and is dropped rather than read as more dollars, so '$3,000.50' is 3000, not 300050.
 */
export function parseCurrency(text: string): number | null {
  const dollars = (text.split('.')[0] ?? '').replace(/\D/g, '');
  return dollars === '' ? null : Number(dollars);
}

const WHOLE_DOLLARS = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  maximumFractionDigits: 0,
  minimumFractionDigits: 0,
});

/** 3000 → '$3,000'. */
export function formatCurrency(amount: number): string {
  return WHOLE_DOLLARS.format(Math.trunc(amount));
}
