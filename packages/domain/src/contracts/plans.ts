import { z } from 'zod';
import { MESSAGES } from '../messages';
import { PLAN_KINDS, PLAN_STATUSES, PROJECT_TYPES, REQUEST_STATUSES, TIMELOG_CATEGORIES } from '../statuses';
import { USER_TYPES } from '../user-types';
import { listResponseSchema, requiredText } from './common';
import { ROLLOVER_RULES } from './credits';
import { customerRefSchema } from './customers';
import { listQuerySchema, oneOrMany, queryBoolean } from './lists';

/** Plan type (GET plans): reload amounts in minutes. */
export const planTypeSchema = z.object({
  name: z.string(),
  display_name: z.string(),
  refill: z.number().int(),
  refill_editable: z.boolean(),
  project_type: z.enum(PROJECT_TYPES),
  is_default: z.boolean(),
});
export type PlanType = z.infer<typeof planTypeSchema>;
export const planTypesResponseSchema = z.object({ data: z.array(planTypeSchema) });

export const userRefSchema = z.object({ uuid: z.uuid(), name: z.string() });

/** A request as its plan carries it (doc 1 §3: a plan has customer and requests): enough to list and open it. */
export const planRequestSchema = z.object({ uuid: z.uuid(), subject: z.string(), status: z.enum(REQUEST_STATUSES) });

/**
 * Plan (project), doc 1 §3. refill = reload amount in minutes. `requests` (newest first, those the caller may see)
 * comes with a single plan (GET projects/{uuid}, projects/personal, projects?personal_only); lists leave it out.
 */
export const planSchema = z.object({
  uuid: z.uuid(),
  title: z.string(),
  kind: z.enum(PLAN_KINDS),
  is_retainer: z.boolean(),
  status: z.enum(PLAN_STATUSES),
  customer: customerRefSchema.nullable(),
  plan_type: z.object({ name: z.string(), display_name: z.string() }).nullable(),
  refill: z.number().int(),
  project_manager: userRefSchema.nullable(),
  start_date: z.string().nullable(),
  time_report: z.boolean(),
  /** The category a time log on the plan gets when its author names none (doc 2 §9). */
  default_timelog_category: z.enum(TIMELOG_CATEGORIES),
  created_at: z.string(),
  requests: z.array(planRequestSchema).optional(),
});
export type Plan = z.infer<typeof planSchema>;

/** The lite variant for selectors. */
export const planLiteSchema = planSchema.pick({
  uuid: true,
  title: true,
  kind: true,
  is_retainer: true,
  status: true,
  customer: true,
});
export type PlanLite = z.infer<typeof planLiteSchema>;

const planFilters = {
  'projects.status': oneOrMany(z.enum(PLAN_STATUSES)),
  status: oneOrMany(z.enum(PLAN_STATUSES)),
  customer_id: z.uuid(),
  customer: z.uuid(),
  project_type: oneOrMany(z.enum(PROJECT_TYPES)),
};

/** GET projects' sort[by]: the plans table's sortable columns (client = the client's business name). */
export const PLAN_SORT_FIELDS = ['title', 'created_at', 'status', 'start_date', 'client', 'refill'] as const;

/**
 * GET projects and GET projects/lite: active plans first, then by title, unless sort[by] names a column; status
 * filter defaults to active (filters[projects.status][] or filters[status][]); personal plans only with with_personal.
 */
export const planListQuerySchema = listQuerySchema({ filters: planFilters, sortBy: PLAN_SORT_FIELDS }).extend({
  with_personal: queryBoolean,
  /** Only the caller's personal plan (created on first use). */
  personal_only: queryBoolean,
});
export const planListResponseSchema = listResponseSchema(planSchema);
export const planLiteListResponseSchema = listResponseSchema(planLiteSchema);

/**
 * POST projects (doc 1 §3): exactly one of customer_id and business_name (a new client by name); plan = plan type
 * name; refill = reload amount in minutes, or 'h:mm'; project_manager_id = a staff user's uuid.
 */
export const planCreateSchema = z
  .object({
    customer_id: z.uuid().optional(),
    business_name: z.string().trim().max(255).optional(),
    plan: requiredText(100),
    refill: z.union([z.number().int().min(0).max(1_000_000), z.string().trim().max(20)], { error: MESSAGES.required }),
    project_manager_id: z.uuid({ error: MESSAGES.required }),
    title: z.string().trim().max(255).optional(),
    status: z.literal('active').optional(),
    start_date: z.iso.date().optional(),
  })
  .superRefine(
    (value, ctx) => {
      const hasCustomer = Boolean(value.customer_id);
      const hasName = Boolean(value.business_name);
      if (hasCustomer === hasName) {
        const message = hasCustomer ? MESSAGES.clientChoiceConflict : MESSAGES.required;
        ctx.addIssue({ code: 'custom', path: ['customer_id'], message });
      }
    },
    {
      // Also when other fields are missing, so an empty form reports the client field with the others; skipped
      // only when the two client fields are themselves malformed (their own message says why).
      when: (payload) =>
        typeof payload.value === 'object' &&
        payload.value !== null &&
        !payload.issues.some((i) => i.path?.[0] === 'customer_id' || i.path?.[0] === 'business_name'),
    },
  );
export type PlanCreateInput = z.input<typeof planCreateSchema>;
export const planCreateResponseSchema = z.object({ data: z.object({ uuid: z.uuid() }) });

export const planUpdateSchema = z
  .object({
    title: requiredText(255),
    status: z.enum(PLAN_STATUSES),
    refill: z.union([z.number().int().min(0).max(1_000_000), z.string().trim().max(20)]),
    project_manager_id: z.uuid().nullable(),
    start_date: z.iso.date().nullable(),
    time_report: z.boolean(),
    members: z.array(z.uuid()).max(500),
    /** Unused credit at a period turn (issue 10): none, all, or up_to rollover_cap minutes; read back on GET budget. */
    rollover: z.enum(ROLLOVER_RULES),
    rollover_cap: z.number().int().min(0).max(100_000).nullable(),
    default_timelog_category: z.enum(TIMELOG_CATEGORIES, {
      error: 'The category must be billable, non-billable or sgm-non-billable',
    }),
  })
  .partial();
export const planResponseSchema = z.object({ data: planSchema });

/** Project user (doc 1 §3): people on a plan, or every active staff user for pickers. */
export const projectUserSchema = z.object({
  uuid: z.uuid(),
  name: z.string(),
  status: z.enum(['active', 'inactive']),
  type: z.enum(USER_TYPES),
});
export type ProjectUser = z.infer<typeof projectUserSchema>;
export const projectUserListQuerySchema = listQuerySchema({
  filters: {
    'auth_users.status': oneOrMany(z.enum(['active', 'inactive'])),
    type: oneOrMany(z.enum(USER_TYPES)),
  },
  sortBy: ['name'],
});
/**
 * GET projects/{uuid}/users: the plan's members. with_client_contacts=1 adds the contacts of the plan's client who
 * have an active login: with filters[auth_users.status][]=active the answer is exactly who a request may have as
 * requester.
 */
export const planUserListQuerySchema = projectUserListQuerySchema.extend({
  with_client_contacts: queryBoolean.describe(
    "1: also list the active contacts with a login of the plan's client (the requests' requester candidates).",
  ),
});
export const projectUserListResponseSchema = listResponseSchema(projectUserSchema);
