import { z } from 'zod';
import { MESSAGES } from '../messages';
import { answersSchema, requestFormSchema } from '../request-form/question';
import { catalogueImageUrlSchema, richTextDelta } from '../rich-text/schema';
import { parseEstimateRange } from '../rules/estimate-range';
import { MAX_PRICE_CENTS, SERVICE_SELLS } from '../rules/orders';
import {
  PROJECT_TYPES,
  RELATED_USER_PIVOTS,
  REQUEST_STATUSES,
  REQUEST_TEMPERATURE_FILTERS,
  REQUEST_TEMPERATURES,
  TASK_STATUSES,
} from '../statuses';
import { USER_TYPES } from '../user-types';
import { listMetaSchema, pageQuerySchema } from './common';
import { oneOrMany, queryBoolean, sortDirectionSchema } from './lists';
import { isoDateField, searchTermField } from './tasks';
import { uploadSchema } from './uploads';

/** Request subject (the request name); a draft saved without one is called 'Draft' (doc 2 §4). */
export const REQUEST_SUBJECT_MAX = 255;
export const REQUEST_DRAFT_SUBJECT = 'Draft';
/** Statuses a request is created with: saving a draft or submitting the brief. */
export const REQUEST_CREATE_STATUSES = ['draft', 'new'] as const;
export { NEW_REQUEST_BADGE_QUERY } from './request-badge';
/** Default list filter (doc 2 §4): project types retainer and hosting; temperature 1–3 means no filter. */
export const DEFAULT_REQUEST_PROJECT_TYPES = ['retainer', 'hosting'] as const;

export const requestStatusSchema = z.enum(REQUEST_STATUSES);
export const requestHeatSchema = z.enum(REQUEST_TEMPERATURES);
/** 1 low (cold or frozen), 2 medium (warm), 3 high (hot). */
export const requestTemperatureSchema = z.union([z.literal(1), z.literal(2), z.literal(3)]);

const personRef = z.object({ uuid: z.uuid(), name: z.string() });

/** A catalogue entry as requests carry it. time_estimated in minutes. */
export const requestTypeRefSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  icon: z.string().nullable(),
  imageUrl: z.string().nullable(),
  time_estimated: z.number().int().nullable(),
});
export type RequestTypeRef = z.infer<typeof requestTypeRefSchema>;

export const requestProjectSchema = z.object({
  uuid: z.uuid(),
  title: z.string(),
  is_retainer: z.boolean(),
  time_report: z.boolean(),
  project_type: z.enum(PROJECT_TYPES),
  customer: z.object({ uuid: z.uuid(), business_name: z.string() }).nullable(),
});
export type RequestProject = z.infer<typeof requestProjectSchema>;

export const requestRelatedUserSchema = z.object({
  uuid: z.uuid(),
  name: z.string(),
  type: z.enum(USER_TYPES),
  pivot: z.enum(RELATED_USER_PIVOTS),
});
export type RequestRelatedUser = z.infer<typeof requestRelatedUserSchema>;

/** Newest comment of the request; always null until comments exist. */
export const requestLatestCommentSchema = z.object({ uuid: z.uuid(), text: z.string(), creator: personRef.nullable() });

/**
 * The plan's budget in minutes (with=project_time): budget = reload amount, spent = completed time logs of the plan's
 * tasks and requests, available = budget − spent (negative when over).
 */
export const requestProjectTimeSchema = z.object({
  budget: z.number().int(),
  spent: z.number().int(),
  available: z.number().int(),
});
export type RequestProjectTime = z.infer<typeof requestProjectTimeSchema>;

/** A task of the request (with=tasks). */
export const requestTaskSchema = z.object({
  uuid: z.uuid(),
  title: z.string(),
  status: z.enum(TASK_STATUSES),
  end_date: z.string().nullable(),
  responsibles_count: z.number().int(),
  total_timelogs: z.number().int(),
});
export type RequestTask = z.infer<typeof requestTaskSchema>;

/** The files of a request (its uploads area and upload answers): the Upload shape (contracts/uploads.ts). */
export const requestUploadSchema = uploadSchema;

/**
 * Request (doc 2 §3). Times in minutes: time_spent = the request's own completed logs, tasks_total_time = completed
 * logs of its tasks, total_time = both. title mirrors subject. temperature 1–3 / heat hot|warm|cold|frozen are null
 * until first classified. latest_comment, project_time and tasks are present only when asked with `with=`.
 */
export const requestSchema = z.object({
  uuid: z.uuid(),
  subject: z.string(),
  title: z.string(),
  status: requestStatusSchema,
  description: z.string().nullable(),
  description_delta: z.unknown().nullable(),
  request_type: requestTypeRefSchema.nullable(),
  uploads: z.array(requestUploadSchema),
  project: requestProjectSchema.nullable(),
  project_type: z.enum(PROJECT_TYPES).nullable(),
  requester: personRef.nullable(),
  creator: personRef.nullable(),
  related_users: z.array(requestRelatedUserSchema),
  estimated_min: z.number().int(),
  estimated_max: z.number().int(),
  /** 'HH:MM - HH:MM'. */
  estimated_time_range: z.string(),
  time_spent: z.number().int(),
  tasks_total_time: z.number().int(),
  total_time: z.number().int(),
  target_date: z.string().nullable(),
  completed_at: z.string().nullable(),
  created_at: z.string(),
  skip_estimate_approval: z.boolean(),
  kickoff_call: z.boolean(),
  temperature: requestTemperatureSchema.nullable(),
  heat: requestHeatSchema.nullable(),
  ghosted: z.boolean(),
  latest_comment: requestLatestCommentSchema.nullable().optional(),
  project_time: requestProjectTimeSchema.nullable().optional(),
  tasks: z.array(requestTaskSchema).optional(),
});
export type RequestData = z.infer<typeof requestSchema>;

/** The detail additionally carries the form answers (by question name) the description was built from. */
export const requestDetailSchema = requestSchema.extend({
  /** The questionnaire as it was answered (stored with the request) and its answers, by question name. */
  form: requestFormSchema,
  answers: answersSchema,
  total_timelogs: z.number().int(),
});
export type RequestDetail = z.infer<typeof requestDetailSchema>;
export const requestResponseSchema = z.object({ data: requestDetailSchema });

/** A row of the list: the request without description, answers or uploads. */
export const requestListItemSchema = requestSchema.omit({ description: true, description_delta: true, uploads: true });
export type RequestListItem = z.infer<typeof requestListItemSchema>;

export const requestCountPerTempSchema = z.object({ 1: z.number().int(), 2: z.number().int(), 3: z.number().int() });
export type RequestCountPerTemp = z.infer<typeof requestCountPerTempSchema>;

/** GET requests: data + meta; total_time (minutes over the filtered set) and count_per_temp only when asked. */
export const requestListResponseSchema = z.object({
  data: z.array(requestListItemSchema),
  meta: listMetaSchema,
  total_time: z.number().int().optional(),
  count_per_temp: requestCountPerTempSchema.optional(),
});
export type RequestListResponse = z.infer<typeof requestListResponseSchema>;

export const REQUEST_SORT_FIELDS = ['created_at', 'target_date', 'subject', 'status'] as const;
export const REQUEST_WITH_OPTIONS = ['latest_comment', 'project_time', 'tasks', 'total_timelogs', 'uploads'] as const;
export type RequestWith = (typeof REQUEST_WITH_OPTIONS)[number];

/** `with=a,b` → the known names (unknown names are ignored). */
export const requestWithField = z
  .string()
  .max(200)
  .transform((raw) =>
    raw
      .split(',')
      .map((s) => s.trim())
      .filter((s): s is RequestWith => (REQUEST_WITH_OPTIONS as readonly string[]).includes(s)),
  )
  .optional();

const temperatureFilter = z.coerce
  .number()
  .int()
  .refine((n) => (REQUEST_TEMPERATURE_FILTERS as readonly number[]).includes(n));

/**
 * GET requests (doc 2 §7). Defaults (doc 2 §4) when a filter is absent: status in DEFAULT_REQUEST_STATUS_FILTER,
 * project_type retainer and hosting, sort created_at desc; temperature absent or all three = no filter.
 * sort is sort[by]/sort[direction], or a bare field name ('-created_at' = desc).
 */
export const requestListQuerySchema = z.object({
  page: pageQuerySchema,
  search_term: searchTermField,
  sort: z
    .union([
      z.object({ by: z.enum(REQUEST_SORT_FIELDS).optional(), direction: sortDirectionSchema.optional() }),
      z
        .string()
        .regex(/^-?(created_at|target_date|subject|status)$/)
        .transform((s) => ({
          by: s.replace(/^-/, '') as (typeof REQUEST_SORT_FIELDS)[number],
          direction: s.startsWith('-') ? ('desc' as const) : ('asc' as const),
        })),
    ])
    .optional(),
  with: requestWithField,
  with_total_time: queryBoolean,
  with_count_per_temp: queryBoolean,
  project_type: oneOrMany(z.enum(PROJECT_TYPES)).optional(),
  /** Requests where this user is responsible or follower. */
  'user.uuid': oneOrMany(z.uuid()).optional(),
  filters: z
    .object({
      'projects_requests.status': oneOrMany(requestStatusSchema),
      'projects_requests.temperature': oneOrMany(temperatureFilter),
      'user.uuid': oneOrMany(z.uuid()),
      'project.uuid': oneOrMany(z.uuid()),
      project_type: oneOrMany(z.enum(PROJECT_TYPES)),
    })
    .partial()
    .optional(),
});
export type RequestListQuery = z.input<typeof requestListQuerySchema>;

/** GET requests/{uuid}, PUT requests/{uuid}: with=total_timelogs,project_time,uploads,tasks. */
export const requestDetailQuerySchema = z.object({ with: requestWithField });

const userUuidList = z.array(z.uuid()).max(100);
/** A delivery date PostgreSQL can store (year 0 passes the ISO pattern but not the date type). */
const targetDateField = isoDateField.refine((d) => d >= '1900-01-01', { message: MESSAGES.invalidAnswer });
const minutesField = z.number().int().min(0).max(1_000_000);
/** Form answers by question name; validated against the request type's form by the server (validateAnswers). */
export const requestAnswersSchema = answersSchema;

/** The estimate as text: 'min-max' / 'min/max' hours or 'HH:MM - HH:MM' (doc 2 §5). */
export const estimateRangeField = z
  .string()
  .max(40)
  .transform((raw, ctx) => {
    const parsed = parseEstimateRange(raw);
    if (!parsed) {
      ctx.addIssue({ code: 'custom', message: MESSAGES.invalidEstimateRange });
      return z.NEVER;
    }
    return parsed;
  });

const requestWritableShape = {
  request_type_id: z.number().int().min(1).max(2_147_483_647).nullable(),
  subject: z
    .string()
    .trim()
    .max(REQUEST_SUBJECT_MAX, `This field may not be longer than ${REQUEST_SUBJECT_MAX} characters`),
  /** Plan uuid. */
  project_id: z.uuid({ error: MESSAGES.enterProject }).nullable(),
  /** User uuid of the requester (a member of the plan or a contact of its client). */
  requester_id: z.uuid({ error: MESSAGES.enterRequester }).nullable(),
  answers: requestAnswersSchema,
  description_delta: richTextDelta.nullish(),
  estimated_time_range: estimateRangeField,
  estimated_min: minutesField,
  estimated_max: minutesField,
  responsibles: userUuidList,
  followers: userUuidList,
  target_date: targetDateField.nullable(),
  kickoff_call: z.boolean(),
  skip_estimate_approval: z.boolean(),
  uploads: z.array(z.uuid()).max(100),
};

function checkEstimate(
  value: {
    estimated_min?: number;
    estimated_max?: number;
    estimated_time_range?: { min: number; max: number };
  },
  ctx: z.RefinementCtx,
) {
  const range = value.estimated_time_range;
  if (range && range.max !== 0 && range.max < range.min) {
    ctx.addIssue({ code: 'custom', path: ['estimated_time_range'], message: MESSAGES.maxBelowMin });
  }
  if (value.estimated_min != null && value.estimated_max != null && value.estimated_max !== 0) {
    if (value.estimated_max < value.estimated_min) {
      ctx.addIssue({ code: 'custom', path: ['estimated_max'], message: MESSAGES.maxBelowMin });
    }
  }
}

/**
 * POST requests: save a draft (status 'draft', the default) or submit the brief (status 'new'). Submitting needs
 * project_id ('Please enter the project') and requester_id ('Please enter the requester') and answers valid for the
 * type's form; a draft may be saved with neither. estimated_time_range wins over estimated_min/max.
 */
export const requestCreateSchema = z
  .object({ ...requestWritableShape, status: z.enum(REQUEST_CREATE_STATUSES) })
  .partial()
  .superRefine(checkEstimate);
export type RequestCreateInput = z.input<typeof requestCreateSchema>;

/**
 * PUT requests/{uuid}: any of the create fields plus status and ref_token. Completing runs the completion checklist
 * (422 code 'completion_checks' with `checks`) unless force_complete ('Complete anyway').
 */
export const requestUpdateSchema = z
  .object({
    ...requestWritableShape,
    status: requestStatusSchema,
    ref_token: z.string().max(100).nullable(),
    force_complete: z.boolean(),
  })
  .partial()
  .superRefine(checkEstimate);
export type RequestUpdateInput = z.input<typeof requestUpdateSchema>;

/** One line of the completion checklist dialog (doc 2 §4). */
export const completionCheckResultSchema = z.object({ key: z.string(), label: z.string(), passed: z.boolean() });
export type CompletionCheckResult = z.infer<typeof completionCheckResultSchema>;
/** 422 answer when completing fails a check: message = MESSAGES.checklistTitle. */
export const COMPLETION_CHECKS_CODE = 'completion_checks';
export const completionChecksErrorSchema = z.object({
  message: z.string(),
  code: z.literal(COMPLETION_CHECKS_CODE),
  checks: z.array(completionCheckResultSchema),
});
export type CompletionChecksError = z.infer<typeof completionChecksErrorSchema>;

/**
 * Request-type catalogue entry (GET request-types). `form` is the question list (request-form contract); staff see
 * enabled and disabled types with the flag.
 */
export const requestTypeSchema = z.object({
  id: z.number().int(),
  uuid: z.uuid(),
  name: z.string(),
  imageUrl: z.string().nullable(),
  icon: z.string().nullable(),
  description: z.string().nullable(),
  tags: z.array(z.string()),
  timeEstimated: z.number().int().nullable(),
  disabled: z.boolean(),
  form: requestFormSchema,
  sort_order: z.number().int(),
  /** What the service costs in the order catalogue (issue 20): USD cents; null = not for sale yet. */
  price_cents: z.number().int().nullable(),
  /** What an order of it sells: one-off work, or a retainer / hosting plan (created or updated when placed). */
  sells: z.enum(SERVICE_SELLS),
  /** Retainer services: the reload minutes one unit gives the client's plan; null otherwise. */
  plan_reload_minutes: z.number().int().nullable(),
  /** What kind of product it is (issue 22): discount codes can be scoped to product types. */
  product_type: z.object({ uuid: z.uuid(), name: z.string() }).nullable(),
});
export type RequestType = z.infer<typeof requestTypeSchema>;
export const requestTypeResponseSchema = z.object({ data: requestTypeSchema });
export const requestTypeListResponseSchema = z.object({ data: z.array(requestTypeSchema) });
export const requestTypeListQuerySchema = z.object({
  /** '1' → only enabled types (the request form's picker). */
  enabled_only: queryBoolean,
  search_term: z.string().trim().max(200).optional(),
});
export const requestTypeIdParam = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) });

/** POST/PUT request-types (admins). form is validated against the question schema by the server. */
export const requestTypeWriteSchema = z.object({
  name: z.string().trim().min(1, MESSAGES.required).max(120, 'This field may not be longer than 120 characters'),
  imageUrl: catalogueImageUrlSchema.nullable().optional(),
  icon: z.string().trim().max(200).nullable().optional(),
  description: z.string().max(5000).nullable().optional(),
  tags: z.array(z.string().trim().min(1).max(50)).max(30).optional(),
  timeEstimated: z.number().int().min(0).max(1_000_000).nullable().optional(),
  disabled: z.boolean().optional(),
  form: requestFormSchema.max(200).optional(),
  sort_order: z.number().int().min(0).max(1_000_000).optional(),
  price_cents: z
    .number()
    .int('The price must be in whole cents')
    .min(0, 'The price may not be negative')
    .max(MAX_PRICE_CENTS, 'The price may not be greater than $1,000,000.00')
    .nullable()
    .optional(),
  sells: z.enum(SERVICE_SELLS).optional(),
  /** Checked with `sells` by the server (a retainer needs it, others may not have it). */
  plan_reload_minutes: z
    .number()
    .int()
    .min(1, 'The reload amount must be at least one minute')
    .max(1_000_000)
    .nullable()
    .optional(),
  /** The service's product type (GET product-types); null clears it. */
  product_type_uuid: z.uuid().nullable().optional(),
});
export const requestTypeUpdateSchema = requestTypeWriteSchema.partial();
export type RequestTypeWriteInput = z.input<typeof requestTypeWriteSchema>;
