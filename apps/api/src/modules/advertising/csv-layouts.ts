import type { AdMetricField } from '@portal/domain';

/**
 * The header rows of the ad platforms' own exports, by figure: the first header present wins. Meta Ads Manager
 * names its date column "Day" with a daily breakdown and "Reporting starts" without one; its clicks are "Link
 * clicks" or "Clicks (all)", its conversions "Results" or "Purchases". Google Ads puts report title lines above
 * the header row, and "Total: ..." rows below the data.
 */
export type Layout = { name: 'meta' | 'google_ads'; columns: Partial<Record<AdMetricField, readonly string[]>> };

export const KNOWN_LAYOUTS: readonly Layout[] = [
  {
    name: 'meta',
    columns: {
      campaign_name: ['Campaign name'],
      day: ['Day', 'Reporting starts'],
      impressions: ['Impressions'],
      reach: ['Reach'],
      clicks: ['Link clicks', 'Clicks (all)'],
      spend: ['Amount spent (USD)'],
      conversions: ['Results', 'Purchases'],
      conversion_value: ['Purchases conversion value'],
    },
  },
  {
    name: 'google_ads',
    columns: {
      campaign_name: ['Campaign'],
      day: ['Day'],
      impressions: ['Impr.', 'Impressions'],
      clicks: ['Clicks'],
      spend: ['Cost'],
      conversions: ['Conversions'],
      conversion_value: ['Conv. value'],
    },
  },
];

/** Where each figure is in a header row (column index), or null when the row is not this layout. */
export type Placement = Partial<Record<AdMetricField, number>>;

const norm = (cell: string) => cell.trim().toLowerCase();

export function placeKnown(header: readonly string[], layout: Layout): Placement | null {
  const cells = header.map(norm);
  const placement: Placement = {};
  for (const [field, names] of Object.entries(layout.columns) as [AdMetricField, readonly string[]][]) {
    const index = names.map((n) => cells.indexOf(norm(n))).find((i) => i >= 0);
    if (index !== undefined) {
      placement[field] = index;
    }
  }
  return placement.campaign_name !== undefined && placement.day !== undefined && placement.impressions !== undefined
    ? placement
    : null;
}

/** A client's remembered mapping applied to a header row: null unless every mapped column is there. */
export function placeMapped(header: readonly string[], mapping: Record<string, string>): Placement | null {
  const cells = header.map(norm);
  const placement: Placement = {};
  for (const [field, column] of Object.entries(mapping)) {
    const index = cells.indexOf(norm(column));
    if (index < 0) {
      return null;
    }
    placement[field as AdMetricField] = index;
  }
  return placement.campaign_name !== undefined && placement.day !== undefined && placement.impressions !== undefined
    ? placement
    : null;
}

/** Counts and money as the exports write them: thousands separators, a currency sign, "--" for none. */
export function parseFigure(raw: string | undefined): number | null {
  const text = (raw ?? '').trim().replace(/[$,\s]/g, '');
  if (text === '' || text === '--' || text === '-') {
    return 0;
  }
  if (!/^-?\d+(\.\d+)?$/.test(text)) {
    return null;
  }
  return Number(text);
}

/** YYYY-MM-DD, the form both platforms export with a daily breakdown; also a real calendar day. */
export function parseDay(raw: string | undefined): string | null {
  const text = (raw ?? '').trim();
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) {
    return null;
  }
  const date = new Date(`${text}T00:00:00Z`);
  return Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== text ? null : text;
}
