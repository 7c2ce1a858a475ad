import type { AdDerived, AdFigures } from '@portal/domain';
import { formatUsd } from '@portal/domain';

/** How the analytics screen and the month report show each figure (money in cents from the API). */
const count = (n: number) => n.toLocaleString('en-US');
const percent = (n: number | null) => (n === null ? '—' : `${(n * 100).toFixed(2)}%`);
const ratio = (n: number | null) => (n === null ? '—' : `${n.toFixed(2)}×`);
const money = (n: number | null) => (n === null ? '—' : formatUsd(Math.round(n)));

type Figures = AdFigures & AdDerived;
export const FIGURE_COLUMNS: { key: keyof Figures; title: string; show(v: number | null): string; priority: number }[] =
  [
    { key: 'impressions', title: 'Impressions', show: (v) => count(v ?? 0), priority: 2 },
    { key: 'reach', title: 'Reach', show: (v) => count(v ?? 0), priority: 3 },
    { key: 'clicks', title: 'Clicks', show: (v) => count(v ?? 0), priority: 2 },
    { key: 'spend', title: 'Spend', show: money, priority: 1 },
    { key: 'conversions', title: 'Conversions', show: (v) => count(v ?? 0), priority: 2 },
    { key: 'conversion_value', title: 'Conv. value', show: money, priority: 3 },
    { key: 'ctr', title: 'CTR', show: percent, priority: 3 },
    { key: 'cpc', title: 'CPC', show: money, priority: 3 },
    { key: 'cpm', title: 'CPM', show: money, priority: 3 },
    { key: 'cpa', title: 'CPA', show: money, priority: 3 },
    { key: 'roas', title: 'ROAS', show: ratio, priority: 1 },
  ];
