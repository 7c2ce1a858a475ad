import { APP_USER_TYPES, PROJECT_TYPES, TIMELOG_CATEGORIES, TIMELOG_SOURCES } from '@portal/domain';
import { humanize } from '../common/listQuery';

const CATEGORY_LABELS: Record<string, string> = {
  billable: 'Billable',
  'non-billable': 'Non-billable',
  'sgm-non-billable': 'SGM non-billable',
};

export const categoryLabel = (category: string) => CATEGORY_LABELS[category] ?? humanize(category);

/** The choices of the filters the time reports share (timelog report, users report). */
export const USER_TYPE_OPTIONS = APP_USER_TYPES.map((t) => ({ value: t, label: humanize(t) }));
export const PLAN_TYPE_OPTIONS = PROJECT_TYPES.map((t) => ({ value: t, label: humanize(t) }));
export const SOURCE_OPTIONS = TIMELOG_SOURCES.map((t) => ({ value: t, label: humanize(t) }));
export const CATEGORY_OPTIONS = TIMELOG_CATEGORIES.map((t) => ({ value: t, label: categoryLabel(t) }));
