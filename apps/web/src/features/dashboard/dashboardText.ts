import type { DashboardActivity } from '@portal/domain';

/** Field names of the history as people read them. */
const FIELD_LABELS: Record<string, string> = {
  title: 'title',
  subject: 'subject',
  status: 'status',
  priority: 'priority',
  start_date: 'start date',
  end_date: 'due date',
  target_date: 'due date',
  responsibles: 'responsible people',
  followers: 'followers',
  related_users: 'people',
  tags: 'tags',
  description: 'description',
  description_delta: 'description',
  estimated_time: 'estimate',
  estimated_time_min: 'estimate',
  project: 'plan',
  parent: 'parent task',
  request: 'request',
  requests: 'requests',
  tasks: 'tasks',
};

function fieldLabel(field: string): string {
  return FIELD_LABELS[field] ?? field.replace(/_/g, ' ');
}

/** "Alex Morgan changed status and due date on" / "Alex Morgan created" — followed by the item's link. */
export function activityText(entry: DashboardActivity): string {
  return `${entry.author?.name ?? 'Someone'} ${activityVerb(entry)}`;
}

/** The words after the author's name ("changed status and due date on"), for a screen that renders the name itself. */
export function activityVerb(entry: DashboardActivity): string {
  if (entry.action === 'create') {
    return 'created';
  }
  const labels = [...new Set(entry.fields.map(fieldLabel))];
  if (labels.length === 0) {
    return 'updated';
  }
  const list = labels.length === 1 ? labels[0] : `${labels.slice(0, -1).join(', ')} and ${labels.at(-1)}`;
  return `changed ${list} on`;
}

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['day', 86_400_000],
  ['hour', 3_600_000],
  ['minute', 60_000],
];

/** "3 hours ago", "yesterday", "just now". */
export function relativeTime(iso: string, now = Date.now()): string {
  const elapsed = now - new Date(iso).getTime();
  const format = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });
  for (const [unit, ms] of UNITS) {
    if (elapsed >= ms) {
      return format.format(-Math.floor(elapsed / ms), unit);
    }
  }
  return 'just now';
}
