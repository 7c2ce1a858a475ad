import { z } from 'zod';
import { MESSAGES } from '../messages';
import { richTextDelta } from '../rich-text/schema';
import {
  PLAN_KINDS,
  PLAN_STATUSES,
  RECURRENCE_TYPES,
  RELATED_USER_PIVOTS,
  REQUEST_STATUSES,
  TASK_STATUSES,
} from '../statuses';
import { USER_TYPES } from '../user-types';
import { listResponseSchema, pageQuerySchema, requiredText } from './common';
import { oneOrMany, queryBoolean, sortDirectionSchema } from './lists';
import { uploadSchema } from './uploads';

/** Task title: required, at most 72 characters (doc 2 §5, §9). */
export const TASK_TITLE_MAX = 72;
export const taskTitleField = requiredText(TASK_TITLE_MAX);

export const taskStatusSchema = z.enum(TASK_STATUSES);
export const taskPrioritySchema = z.union([z.literal(0), z.literal(1), z.literal(2)]);
export const recurrenceTypeSchema = z.enum(RECURRENCE_TYPES);
/** Dates travel as YYYY-MM-DD (doc 2 §9). */
export const isoDateField = z.iso.date();

export const taskProjectRefSchema = z.object({
  uuid: z.uuid(),
  title: z.string(),
  status: z.enum(PLAN_STATUSES),
  kind: z.enum(PLAN_KINDS),
  personal: z.boolean(),
});
export type TaskProjectRef = z.infer<typeof taskProjectRefSchema>;

export const taskPersonSchema = z.object({ uuid: z.uuid(), name: z.string(), type: z.enum(USER_TYPES) });
export type TaskPerson = z.infer<typeof taskPersonSchema>;
export const taskRelatedUserSchema = taskPersonSchema.extend({ pivot: z.enum(RELATED_USER_PIVOTS) });
export type TaskRelatedUser = z.infer<typeof taskRelatedUserSchema>;

export const tagSchema = z.object({ name: z.string() });
export type Tag = z.infer<typeof tagSchema>;

export const taskRefSchema = z.object({ uuid: z.uuid(), title: z.string() });
export type TaskRef = z.infer<typeof taskRefSchema>;

/** The request a task holds (a task holds at most one, doc 2 §4 Relations). */
export const taskRequestRefSchema = z.object({ uuid: z.uuid(), subject: z.string(), status: z.enum(REQUEST_STATUSES) });
export type TaskRequestRef = z.infer<typeof taskRequestRefSchema>;

export const subtaskSchema = z.object({
  uuid: z.uuid(),
  title: z.string(),
  status: taskStatusSchema,
  end_date: z.string().nullable(),
  responsibles: z.array(taskPersonSchema),
  followers: z.array(taskPersonSchema),
  /** The request the subtask holds (the drawer's Subtasks table, Request column). */
  request: taskRequestRefSchema.nullable(),
});
export type Subtask = z.infer<typeof subtaskSchema>;

/** Task (doc 2 §3). Times in minutes; total_timelogs sums the task's completed time logs. */
export const taskSchema = z.object({
  uuid: z.uuid(),
  title: z.string(),
  project: taskProjectRefSchema,
  priority: taskPrioritySchema,
  status: taskStatusSchema,
  start_date: z.string().nullable(),
  end_date: z.string().nullable(),
  estimated_time_min: z.number().int().nullable(),
  estimated_time: z.number().int().nullable(),
  related_users: z.array(taskRelatedUserSchema),
  responsibles: z.array(taskPersonSchema),
  followers: z.array(taskPersonSchema),
  tags: z.array(tagSchema),
  recurrence_type: recurrenceTypeSchema.nullable(),
  recurrence_limit: z.number().int().nullable(),
  seed: taskRefSchema.nullable(),
  parent: taskRefSchema.nullable(),
  subtasks: z.array(subtaskSchema),
  requests: z.array(taskRequestRefSchema),
  request: taskRequestRefSchema.nullable(),
  requests_count: z.number().int(),
  uploads: z.array(uploadSchema),
  description_delta: z.unknown().nullable(),
  creator: z.object({ uuid: z.uuid(), name: z.string() }).nullable(),
  created_at: z.string(),
  completed_at: z.string().nullable(),
  sort_order: z.number(),
  total_timelogs: z.number().int(),
  ref_token: z.string().nullable(),
});
export type Task = z.infer<typeof taskSchema>;
export const taskResponseSchema = z.object({ data: taskSchema });

/** A row of the project tasks list (table, list, chart, kanban): no subtasks, description or uploads. */
export const taskListItemSchema = taskSchema
  .pick({
    uuid: true,
    title: true,
    project: true,
    priority: true,
    status: true,
    start_date: true,
    end_date: true,
    estimated_time_min: true,
    estimated_time: true,
    responsibles: true,
    followers: true,
    recurrence_type: true,
    seed: true,
    parent: true,
    creator: true,
    created_at: true,
    sort_order: true,
    requests_count: true,
    request: true,
  })
  .extend({
    /** Present only with with=tags. */
    tags: z.array(tagSchema).optional(),
    subtasks_count: z.number().int(),
  });
export type TaskListItem = z.infer<typeof taskListItemSchema>;
export const taskListResponseSchema = listResponseSchema(taskListItemSchema);

const userUuidList = z.array(z.uuid()).max(100);
const tagNameList = z.array(z.string().trim().min(1).max(50)).max(50);
const minutesField = z.number().int().min(0).max(1_000_000);
const requestUuidList = z.array(z.uuid()).max(1);

/** Fields POST and PUT tasks share. */
const taskWritableShape = {
  title: taskTitleField,
  priority: taskPrioritySchema,
  status: taskStatusSchema,
  start_date: isoDateField.nullable(),
  end_date: isoDateField.nullable(),
  estimated_time_min: minutesField.nullable(),
  estimated_time: minutesField.nullable(),
  responsibles: userUuidList,
  followers: userUuidList,
  tags: tagNameList,
  parent_id: z.uuid().nullable(),
  add_requests: requestUuidList,
  uploads: z.array(z.uuid()).max(100),
  description_delta: richTextDelta.nullish(),
  ref_token: z.string().max(100).nullable(),
};

function checkRanges(
  value: {
    start_date?: string | null;
    end_date?: string | null;
    estimated_time_min?: number | null;
    estimated_time?: number | null;
  },
  ctx: z.RefinementCtx,
) {
  if (value.start_date && value.end_date && value.end_date < value.start_date) {
    ctx.addIssue({ code: 'custom', path: ['end_date'], message: MESSAGES.dueBeforeStart });
  }
  if (value.estimated_time_min != null && value.estimated_time != null) {
    if (value.estimated_time < value.estimated_time_min) {
      ctx.addIssue({ code: 'custom', path: ['estimated_time'], message: MESSAGES.maxBelowMin });
    }
  }
}

/**
 * POST tasks (doc 2 §7). project_id = plan uuid; responsibles/followers = user uuids; tags = names. Defaults (server):
 * status todo, priority 0 (low), start today, due tomorrow. recurrence_type makes the task the seed ('Master') and
 * then needs due range, recurrence_limit ≥ 0 and a responsible. A subtask (parent_id) takes its parent's project.
 */
export const taskCreateSchema = z
  .object({
    ...taskWritableShape,
    project_id: z.uuid({ error: MESSAGES.required }),
    recurrence_type: recurrenceTypeSchema.nullable(),
    recurrence_limit: z.number().int().min(0).max(1000).nullable(),
  })
  .partial()
  .required({ title: true })
  .superRefine((value, ctx) => {
    checkRanges(value, ctx);
    if (value.recurrence_type) {
      for (const field of ['start_date', 'end_date', 'recurrence_limit'] as const) {
        if (value[field] == null) {
          ctx.addIssue({ code: 'custom', path: [field], message: MESSAGES.required });
        }
      }
      if (!value.responsibles?.length) {
        ctx.addIssue({ code: 'custom', path: ['responsibles'], message: MESSAGES.required });
      }
    }
  });
export type TaskCreateInput = z.input<typeof taskCreateSchema>;
export const taskCreateResponseSchema = taskResponseSchema;

/**
 * PUT tasks/{uuid}: only the changed fields (autosave), plus relations (parent_id; null removes it), requests,
 * uploads, sort_order (kanban) and the client's ref_token. Recurrence cannot be switched after creation.
 */
export const taskUpdateSchema = z
  .object({
    ...taskWritableShape,
    project_id: z.uuid(),
    remove_requests: requestUuidList,
    sort_order: z.number().finite(),
  })
  .partial()
  .superRefine(checkRanges);
export type TaskUpdateInput = z.input<typeof taskUpdateSchema>;

/** Kinds of requester a task's request may have (filter requester_type). */
export const REQUESTER_TYPES = ['contact', 'regular_user', 'freelancer'] as const;

/** search_term as a plain string or the table form search_term[0][0]=text / search_term[0][value]=text. */
export const searchTermField = z
  .union([
    z.string(),
    z.array(z.string()),
    z.record(z.string(), z.union([z.string(), z.array(z.string()), z.record(z.string(), z.string())])),
  ])
  .transform((raw): string => {
    const first = (v: unknown): string => {
      if (typeof v === 'string') {
        return v;
      }
      if (Array.isArray(v)) {
        return first(v[0]);
      }
      if (v && typeof v === 'object') {
        const o = v as Record<string, unknown>;
        return first(o.value ?? o['0'] ?? Object.values(o)[0]);
      }
      return '';
    };
    return first(raw).trim().slice(0, 200);
  })
  .optional();

const dateRange = z
  .object({ greater_than_or_equals: isoDateField, less_than_or_equals: isoDateField })
  .partial()
  .optional();

/**
 * GET tasks' sort[by]: task_created_at (the default, newest first; created_at is the table's name for it), task_sort
 * (the kanban's order) and the table's sortable columns (project = the plan's title). Anything else is refused.
 */
export const TASK_SORT_FIELDS = [
  'task_created_at',
  'task_sort',
  'created_at',
  'title',
  'status',
  'priority',
  'start_date',
  'end_date',
  'project',
] as const;
export type TaskSortField = (typeof TASK_SORT_FIELDS)[number];

/**
 * GET tasks (the project tasks list, doc 2 §7). Filters: task_status[], tags[] (names), requester_type[],
 * project_status[], overdue_only, has_requests, creator.uuid, related_users.uuid, seed.uuid, project (plan uuid),
 * date ranges on created_at and end_date. Sort: TASK_SORT_FIELDS, asc or desc. with=tags adds tags.
 */
export const taskListQuerySchema = z.object({
  page: pageQuerySchema,
  search_term: searchTermField,
  sort: z
    .object({
      by: z.enum(TASK_SORT_FIELDS, { error: `Sort by one of: ${TASK_SORT_FIELDS.join(', ')}.` }).optional(),
      direction: sortDirectionSchema.optional(),
    })
    .optional(),
  with: z.string().max(100).optional(),
  filters: z
    .object({
      task_status: oneOrMany(z.enum(TASK_STATUSES)),
      tags: oneOrMany(z.string().trim().min(1).max(50)),
      requester_type: oneOrMany(z.enum(REQUESTER_TYPES)),
      project_status: oneOrMany(z.enum(PLAN_STATUSES)),
      overdue_only: queryBoolean,
      has_requests: queryBoolean,
      'creator.uuid': oneOrMany(z.uuid()),
      'related_users.uuid': oneOrMany(z.uuid()),
      'seed.uuid': z.uuid(),
      'parent.uuid': z.uuid(),
      project: oneOrMany(z.uuid()),
      'project.uuid': oneOrMany(z.uuid()),
      created_at: dateRange,
      end_date: dateRange,
    })
    .partial()
    .optional(),
});
export type TaskListQuery = z.input<typeof taskListQuerySchema>;

/** GET project-tasks (relate dialogs): project filter, task_status list, search, with=requests_count,request. */
export const projectTaskListQuerySchema = z.object({
  page: pageQuerySchema,
  search_term: searchTermField,
  with: z.string().max(100).optional(),
  filters: z
    .object({
      project: oneOrMany(z.uuid()),
      'project.uuid': oneOrMany(z.uuid()),
      task_status: oneOrMany(z.enum(TASK_STATUSES)),
    })
    .partial()
    .optional(),
});
export const projectTaskListResponseSchema = taskListResponseSchema;

/** PUT project-tasks/{taskUuid}: relate or unrelate a request (a task holds at most one). */
export const projectTaskRequestsSchema = z
  .object({ add_requests: requestUuidList, remove_requests: requestUuidList })
  .partial()
  .refine((v) => Boolean(v.add_requests?.length || v.remove_requests?.length), {
    message: MESSAGES.required,
    path: ['add_requests'],
  });

export const taskDescriptionDeltaSchema = z.object({ description_delta: z.unknown().nullable() });
export const taskDescriptionDeltaResponseSchema = z.object({ data: taskDescriptionDeltaSchema });
export const taskDescriptionDeltaUpdateSchema = z.object({
  description_delta: richTextDelta.nullable(),
  ref_token: z.string().max(100).nullable().optional(),
});

/** GET tags (page[size] up to 500, search_term). */
export const tagListQuerySchema = z.object({
  page: z
    .object({
      size: z.coerce.number().int().min(1).max(500).default(50),
      number: z.coerce.number().int().min(1).default(1),
    })
    .default({ size: 50, number: 1 }),
  search_term: searchTermField,
});
export const tagListResponseSchema = listResponseSchema(tagSchema);

/** History log entry (doc 2 §3): per field, what was added and removed. */
export const historyEntrySchema = z.object({
  id: z.number().int(),
  action: z.enum(['create', 'update']),
  author: z.object({ uuid: z.uuid(), name: z.string() }).nullable(),
  created_at: z.string(),
  changes: z.record(z.string(), z.object({ added: z.unknown(), removed: z.unknown() })),
});
export type HistoryEntry = z.infer<typeof historyEntrySchema>;
/** GET tasks/{uuid}/logs?before={id}: newest first; more pages exist while the last entry is not a create. */
export const historyQuerySchema = z.object({ before: z.coerce.number().int().min(1).optional() });
export const historyResponseSchema = z.object({ data: z.array(historyEntrySchema) });
