/** Every status and type enumeration of the two spec documents, in the spec's order. */

export const PLAN_STATUSES = [
  'paused',
  'waiting_to_launch',
  'in_progress',
  'completed',
  'cancelled',
  'active',
  'blueprint',
] as const;
export type PlanStatus = (typeof PLAN_STATUSES)[number];
export const DEFAULT_PLAN_STATUS_FILTER: PlanStatus[] = ['active'];

export const PLAN_KINDS = ['personal', 'other'] as const;
export type PlanKind = (typeof PLAN_KINDS)[number];

/** Project (plan) types used by reports and request filters (doc 2 §9). */
export const PROJECT_TYPES = ['hosting', 'retainer', 'others'] as const;
export type ProjectType = (typeof PROJECT_TYPES)[number];

export const CLIENT_STATUSES = ['active', 'inactive'] as const;
export type ClientStatus = (typeof CLIENT_STATUSES)[number];

export const CONTACT_STATUSES = ['active', 'inactive'] as const;
export type ContactStatus = (typeof CONTACT_STATUSES)[number];

export const INVITE_STATUSES = ['pending', 'cancelled', 'accepted'] as const;
export type InviteStatus = (typeof INVITE_STATUSES)[number];

export const INVITE_INCLUSIONS = [
  'social_media',
  'creative_package',
  'video_production',
  'website',
  'advertising',
  'schedule_call_link',
  'welcome_kit',
  'login_register',
  'leadsie_manage_link',
  'leadsie_social_link',
] as const;
export type InviteInclusion = (typeof INVITE_INCLUSIONS)[number];

export const REQUEST_STATUSES = [
  'draft',
  'new',
  'in_progress',
  'waiting_approval',
  'approved',
  'needs_attention',
  'completed',
  'cancelled',
] as const;
export type RequestStatus = (typeof REQUEST_STATUSES)[number];
export const DEFAULT_REQUEST_STATUS_FILTER: RequestStatus[] = [
  'new',
  'waiting_approval',
  'approved',
  'needs_attention',
  'in_progress',
];

/** Filter values of request temperature: 1 low, 2 medium, 3 high. */
export const REQUEST_TEMPERATURE_FILTERS = [1, 2, 3] as const;
export const REQUEST_TEMPERATURES = ['hot', 'warm', 'cold', 'frozen'] as const;
export type RequestTemperature = (typeof REQUEST_TEMPERATURES)[number];

export const TASK_STATUSES = [
  'todo',
  'in_progress',
  'waiting_approval',
  'working_on_now',
  'pending',
  'approved',
  'needs_attention',
  'completed',
  'cancelled',
  'seed',
] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];
/** Statuses offered in task filters: every status but the recurring master (seed). */
export const TASK_FILTER_STATUSES = TASK_STATUSES.filter((s) => s !== 'seed');
/** A task whose responsible party includes a contact may use only these (plus its current status). */
export const CONTACT_RESPONSIBLE_TASK_STATUSES: TaskStatus[] = [
  'waiting_approval',
  'pending',
  'completed',
  'cancelled',
  'needs_attention',
];

export const TASK_PRIORITIES = { low: 0, medium: 1, high: 2 } as const;
export type TaskPriority = (typeof TASK_PRIORITIES)[keyof typeof TASK_PRIORITIES];

export const RECURRENCE_TYPES = [
  'weekly',
  'bi_weekly',
  'monthly',
  'every_3_months',
  'every_6_months',
  'yearly',
] as const;
export type RecurrenceType = (typeof RECURRENCE_TYPES)[number];

export const RELATED_USER_PIVOTS = ['responsible', 'follower'] as const;
export type RelatedUserPivot = (typeof RELATED_USER_PIVOTS)[number];

export const TIMER_STATUSES = ['running', 'paused', 'completed'] as const;
export type TimerStatus = (typeof TIMER_STATUSES)[number];

export const TIMELOG_SOURCES = ['task', 'request'] as const;
export type TimelogSource = (typeof TIMELOG_SOURCES)[number];

export const TIMELOG_CATEGORIES = ['billable', 'non-billable', 'sgm-non-billable'] as const;
export type TimelogCategory = (typeof TIMELOG_CATEGORIES)[number];

export const COMMENT_TYPES = ['comment', 'private', 'call_log', 'email_log', 'summary'] as const;
export type CommentType = (typeof COMMENT_TYPES)[number];

export const REACTION_TYPES = ['thumbs_up'] as const;

export const MENTIONABLE_TYPES = ['regular_user', 'freelancer', 'contact', 'group'] as const;

export const QUESTION_TYPES = [
  'input',
  'select',
  'radio',
  'checkbox',
  'textEditor',
  'date',
  'upload',
  'textArea',
  'header',
  'formGroup',
] as const;
export const QUESTION_MODES = ['simple', 'pill', 'square', 'multiple', 'range', 'time'] as const;

export const HISTORY_ACTIONS = ['create', 'update'] as const;

export const EDITOR_SAVE_STATUSES = ['saving', 'saved', 'error saving', 'disconnected'] as const;

export const NOTIFICATION_FILTERS = ['all', 'unread', 'read'] as const;
export type NotificationFilter = (typeof NOTIFICATION_FILTERS)[number];

export const NOTIFICATION_CHANNELS = ['email', 'sms', 'push'] as const;

export const PUSH_PERMISSION_STATES = ['default', 'granted', 'denied'] as const;

/** Notification and preference flags travel as the strings '1' and '0' (doc 1 §9). */
export const FLAG_VALUES = ['1', '0'] as const;
export type Flag = (typeof FLAG_VALUES)[number];

/** Status words that carry a colour in tags (doc 2 §4). */
export const COLOURED_STATUS_WORDS = [
  'todo',
  'scheduled',
  'working_on_now',
  'waiting_to_launch',
  'pending',
  'paused',
  'to_review',
  'online',
  'success',
  'paid',
  'processed',
  'sent',
  'active',
  'published',
  'succeeded',
  'inactive',
  'deleted',
  'draft',
  'failed',
  'fail',
] as const;
