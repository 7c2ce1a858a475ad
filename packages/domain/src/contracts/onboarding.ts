import { z } from 'zod';
import { richTextDelta } from '../rich-text/schema';
import { INVITE_INCLUSIONS } from '../statuses';
import { httpUrlField, listResponseSchema, optionalText, requiredText } from './common';
import { customerRefSchema } from './customers';
import { listQuerySchema, listSearchTermSchema, oneOrMany } from './lists';
import { uploadSchema } from './uploads';

/**
 * Client onboarding (issue 20). One agency-wide process of ordered steps; each client's onboarding is a snapshot of
 * the invite's inclusions (which steps and requirements apply), one item per applicable requirement, the state of
 * each step and a history. The client works through a public page opened by a token (/o/{token}).
 */

export const ONBOARDING_INCLUSIONS = INVITE_INCLUSIONS;
export type OnboardingInclusion = (typeof ONBOARDING_INCLUSIONS)[number];

/** The inclusions that are services: requirements are kept per service. */
export const ONBOARDING_SERVICE_INCLUSIONS = [
  'social_media',
  'creative_package',
  'video_production',
  'website',
  'advertising',
] as const;
export type OnboardingServiceInclusion = (typeof ONBOARDING_SERVICE_INCLUSIONS)[number];

/** The inclusions snapshot of one onboarding: every inclusion, true when the client has it. */
export const onboardingInclusionsSchema = z.object(
  Object.fromEntries(ONBOARDING_INCLUSIONS.map((k) => [k, z.boolean()])) as Record<OnboardingInclusion, z.ZodBoolean>,
);
export type OnboardingInclusions = z.infer<typeof onboardingInclusionsSchema>;

/**
 * The built-in steps carry behaviour: `information_form` is done when the client answers the information form,
 * `requirements` when every item is done, `order_confirmed` when the client's order is confirmed (or ticked by hand),
 * `done` when every other applicable step is (ticking it by hand closes the onboarding). `welcome` and
 * `kickoff_call` are ticked by staff. Built-in steps may be renamed, reordered and re-owned, never removed; `done`
 * stays last. Steps added by staff get a key `custom_…` and are ticked by hand.
 */
export const ONBOARDING_BUILTIN_STEPS = [
  'welcome',
  'information_form',
  'requirements',
  'kickoff_call',
  'order_confirmed',
  'done',
] as const;
export type OnboardingBuiltinStep = (typeof ONBOARDING_BUILTIN_STEPS)[number];

export const ONBOARDING_LIMITS = {
  steps: 30,
  requirements: 200,
  nameLength: 255,
  instructionsLength: 5_000,
  textValueLength: 10_000,
  credentialLength: 2_000,
  stuckAfterDaysMax: 365,
  remindEveryDaysMax: 90,
  filesPerItem: 20,
  welcomeFiles: 20,
  /** The largest file the public page may upload. */
  publicFileBytes: 25 * 1024 * 1024,
} as const;

const stepKeySchema = z
  .string()
  .min(1)
  .max(60)
  .regex(/^[a-z0-9_]+$/);
const roleRefSchema = z.object({ uuid: z.uuid(), name: z.string() });
const personRefSchema = z.object({ uuid: z.uuid(), name: z.string() });

export const onboardingStepSchema = z.object({
  key: stepKeySchema,
  name: z.string(),
  position: z.number().int().min(0),
  builtin: z.boolean(),
  /** The step applies only to clients whose inclusions have this one; null: to every client. */
  inclusion: z.enum(ONBOARDING_INCLUSIONS).nullable(),
  /** Whose the step is: people with this role are told when it is stuck; null: the onboarding's owner. */
  owner_role: roleRefSchema.nullable(),
  /** A step that has been the current one this many days counts as stuck (null: never). */
  stuck_after_days: z.number().int().min(1).max(ONBOARDING_LIMITS.stuckAfterDaysMax).nullable(),
});
export type OnboardingStep = z.infer<typeof onboardingStepSchema>;

export const onboardingProcessSchema = z.object({
  steps: z.array(onboardingStepSchema),
  /** The daily job reminds a client of unfinished steps at most this often (null: no reminders). */
  remind_every_days: z.number().int().min(1).max(ONBOARDING_LIMITS.remindEveryDaysMax).nullable(),
});
export type OnboardingProcess = z.infer<typeof onboardingProcessSchema>;
export const onboardingProcessResponseSchema = z.object({ data: onboardingProcessSchema });

/**
 * PUT onboarding/process: the whole ordered list. A step with a `key` keeps it (a built-in or an existing custom
 * step); a step without one is new. Every built-in step must be in the list and `done` last.
 */
export const onboardingProcessUpdateSchema = z.object({
  steps: z
    .array(
      z.object({
        key: stepKeySchema.optional(),
        name: requiredText(ONBOARDING_LIMITS.nameLength),
        inclusion: z.enum(ONBOARDING_INCLUSIONS).nullable(),
        owner_role_uuid: z.uuid().nullable(),
        stuck_after_days: z.number().int().min(1).max(ONBOARDING_LIMITS.stuckAfterDaysMax).nullable(),
      }),
    )
    .min(1)
    .max(ONBOARDING_LIMITS.steps),
  remind_every_days: z.number().int().min(1).max(ONBOARDING_LIMITS.remindEveryDaysMax).nullable(),
});
export type OnboardingProcessUpdateInput = z.input<typeof onboardingProcessUpdateSchema>;

export const REQUIREMENT_KINDS = ['file', 'text', 'link_confirmation', 'credential'] as const;
export type RequirementKind = (typeof REQUIREMENT_KINDS)[number];

/** Where a link_confirmation requirement sends the client: one of the welcome kit's Leadsie links, or its own URL. */
export const REQUIREMENT_LINKS = ['leadsie_social_link', 'leadsie_manage_link', 'custom'] as const;
export type RequirementLink = (typeof REQUIREMENT_LINKS)[number];

export const requirementSchema = z.object({
  uuid: z.uuid(),
  inclusion: z.enum(ONBOARDING_SERVICE_INCLUSIONS),
  name: z.string(),
  kind: z.enum(REQUIREMENT_KINDS),
  instructions: z.string().nullable(),
  link: z.enum(REQUIREMENT_LINKS).nullable(),
  link_url: z.string().nullable(),
  position: z.number().int().min(0),
});
export type Requirement = z.infer<typeof requirementSchema>;
export const requirementListResponseSchema = z.object({ data: z.array(requirementSchema) });
export const requirementResponseSchema = z.object({ data: requirementSchema });

/** POST onboarding/requirements; PUT takes the same fields, each optional. New ones go last in their inclusion. */
export const requirementInputSchema = z.object({
  inclusion: z.enum(ONBOARDING_SERVICE_INCLUSIONS),
  name: requiredText(ONBOARDING_LIMITS.nameLength),
  kind: z.enum(REQUIREMENT_KINDS),
  instructions: optionalText(ONBOARDING_LIMITS.instructionsLength),
  link: z.enum(REQUIREMENT_LINKS).nullish(),
  link_url: httpUrlField,
  position: z.number().int().min(0).max(10_000).optional(),
});
export type RequirementInput = z.input<typeof requirementInputSchema>;
export const requirementUpdateSchema = requirementInputSchema.partial();
export type RequirementUpdateInput = z.input<typeof requirementUpdateSchema>;

/** The welcome kit the client sees first: a rich text, files and the links the invite's inclusions turn on. */
export const welcomeKitSchema = z.object({
  body_delta: z.unknown().nullable(),
  files: z.array(uploadSchema),
  schedule_call_link: z.string().nullable(),
  leadsie_manage_link: z.string().nullable(),
  leadsie_social_link: z.string().nullable(),
  updated_at: z.string().nullable(),
});
export type WelcomeKit = z.infer<typeof welcomeKitSchema>;
export const welcomeKitResponseSchema = z.object({ data: welcomeKitSchema });

/** PUT onboarding/welcome: the whole kit; `upload_uuids` are the files it keeps (the staff member's own uploads). */
export const welcomeKitUpdateSchema = z.object({
  body_delta: richTextDelta.nullish(),
  upload_uuids: z.array(z.uuid()).max(ONBOARDING_LIMITS.welcomeFiles).optional(),
  schedule_call_link: httpUrlField,
  leadsie_manage_link: httpUrlField,
  leadsie_social_link: httpUrlField,
});
export type WelcomeKitUpdateInput = z.input<typeof welcomeKitUpdateSchema>;

/** GET/PUT onboarding/information: which form is the information form (its answers: GET answers?filters[form_uuid]). */
export const onboardingInformationSchema = z.object({
  form: z.object({ uuid: z.uuid(), name: z.string(), status: z.string() }).nullable(),
});
export type OnboardingInformation = z.infer<typeof onboardingInformationSchema>;
export const onboardingInformationResponseSchema = z.object({ data: onboardingInformationSchema });
export const onboardingInformationUpdateSchema = z.object({ form_uuid: z.uuid().nullable() });
export type OnboardingInformationUpdateInput = z.input<typeof onboardingInformationUpdateSchema>;

export const ONBOARDING_STATUSES = ['open', 'done'] as const;
export type OnboardingStatus = (typeof ONBOARDING_STATUSES)[number];

export const ONBOARDING_ITEM_STATUSES = ['todo', 'submitted', 'done'] as const;
export type OnboardingItemStatus = (typeof ONBOARDING_ITEM_STATUSES)[number];

const currentStepSchema = z.object({ key: z.string(), name: z.string() });

/**
 * A row of GET onboardings (the table and the board). progress: whole % of the applicable units done, where each
 * applicable step (but `done`) and each requirement item counts one. days_stuck: days the current step has been
 * current once past its stuck_after_days, else 0.
 */
export const onboardingListItemSchema = z.object({
  uuid: z.uuid(),
  customer: customerRefSchema,
  status: z.enum(ONBOARDING_STATUSES),
  progress: z.number().int().min(0).max(100),
  current_step: currentStepSchema.nullable(),
  owner: personRefSchema.nullable(),
  started_at: z.string(),
  last_activity_at: z.string(),
  days_stuck: z.number().int().min(0),
  completed_at: z.string().nullable(),
});
export type OnboardingListItem = z.infer<typeof onboardingListItemSchema>;

export const ONBOARDING_SORT_FIELDS = [
  'started_at',
  'last_activity_at',
  'progress',
  'customer',
  'days_stuck',
  'current_step',
] as const;
/** GET onboardings; the board asks for `filters[status]=open`, page[size] up to 1000, sorted by progress. */
export const onboardingListQuerySchema = listQuerySchema({
  filters: {
    status: oneOrMany(z.enum(ONBOARDING_STATUSES)),
    current_step: oneOrMany(stepKeySchema),
    customer_uuid: oneOrMany(z.uuid()),
    owner_uuid: oneOrMany(z.uuid()),
    stuck: z.enum(['1', '0']),
  },
  sortBy: ONBOARDING_SORT_FIELDS,
});
export const onboardingListResponseSchema = listResponseSchema(onboardingListItemSchema);

/** The board's card: only what a card shows (the drawer loads the rest by uuid). */
export const onboardingBoardCardSchema = z.object({
  uuid: z.uuid(),
  customer: customerRefSchema,
  progress: z.number().int().min(0).max(100),
  owner: personRefSchema.nullable(),
  days_stuck: z.number().int().min(0),
});
export type OnboardingBoardCard = z.infer<typeof onboardingBoardCardSchema>;

/** The column of onboardings whose current step the process no longer has; no step key can start with `_`. */
export const ONBOARDING_OTHER_COLUMN = '_other';

/** A board column: a process step (or `_other`), how many onboardings are at it, and one page of its cards. */
export const onboardingBoardColumnSchema = z.object({
  key: z.string(),
  name: z.string(),
  total: z.number().int().min(0),
  cards: z.array(onboardingBoardCardSchema),
});
export type OnboardingBoardColumn = z.infer<typeof onboardingBoardColumnSchema>;

export const ONBOARDING_BOARD_PER_COLUMN = { default: 25, max: 100 } as const;

/**
 * GET onboardings/board: every column at once, at most `per_column` cards each (page `page` of each column, 1-based);
 * "Show more" on a column asks the same with `filters[current_step]=<column key>` and the next page. Filters as GET
 * onboardings (current_step names a column: a step key, `done` for every step done, or `_other`).
 */
export const onboardingBoardQuerySchema = z.object({
  per_column: z.coerce
    .number()
    .int()
    .min(1)
    .max(ONBOARDING_BOARD_PER_COLUMN.max)
    .default(ONBOARDING_BOARD_PER_COLUMN.default),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  search_term: listSearchTermSchema.optional(),
  filters: z
    .object({
      status: oneOrMany(z.enum(ONBOARDING_STATUSES)),
      current_step: oneOrMany(stepKeySchema),
      owner_uuid: oneOrMany(z.uuid()),
      stuck: z.enum(['1', '0']),
    })
    .partial()
    .optional(),
});

export const onboardingBoardResponseSchema = z.object({
  data: z.array(onboardingBoardColumnSchema),
  meta: z.object({ total: z.number().int().min(0), per_column: z.number().int(), page: z.number().int() }),
});
export type OnboardingBoard = z.infer<typeof onboardingBoardResponseSchema>;

export const onboardingStepStateSchema = onboardingStepSchema.extend({
  applies: z.boolean(),
  done: z.boolean(),
  done_at: z.string().nullable(),
  done_by: personRefSchema.nullable(),
});
export type OnboardingStepState = z.infer<typeof onboardingStepStateSchema>;

/**
 * One requirement item of an onboarding. `value`: the text of a text item (null for the other kinds). A credential's
 * value never travels here: `has_value` says one is stored; POST …/reveal answers it (logged).
 */
export const onboardingItemSchema = z.object({
  uuid: z.uuid(),
  inclusion: z.enum(ONBOARDING_SERVICE_INCLUSIONS),
  name: z.string(),
  kind: z.enum(REQUIREMENT_KINDS),
  instructions: z.string().nullable(),
  link_url: z.string().nullable(),
  status: z.enum(ONBOARDING_ITEM_STATUSES),
  value: z.string().nullable(),
  has_value: z.boolean(),
  files: z.array(uploadSchema),
  updated_at: z.string(),
});
export type OnboardingItem = z.infer<typeof onboardingItemSchema>;

export const ONBOARDING_HISTORY_ACTIONS = [
  'started',
  'step_done',
  'step_reopened',
  'item_submitted',
  'item_done',
  'item_reopened',
  'item_changed',
  'credential_revealed',
  'reminder_sent',
  'stuck_notice',
  'completed',
] as const;
export type OnboardingHistoryAction = (typeof ONBOARDING_HISTORY_ACTIONS)[number];

/** A history row. `actor` null with `by_client` true: the client through the page; both unset: the system. */
export const onboardingHistorySchema = z.object({
  uuid: z.uuid(),
  action: z.enum(ONBOARDING_HISTORY_ACTIONS),
  subject: z.string().nullable(),
  actor: personRefSchema.nullable(),
  by_client: z.boolean(),
  created_at: z.string(),
});
export type OnboardingHistory = z.infer<typeof onboardingHistorySchema>;

/** GET onboardings/{uuid}. The page's link is not here: POST customers/{uuid}/onboarding answers it (`url`). */
export const onboardingDetailSchema = onboardingListItemSchema.extend({
  inclusions: onboardingInclusionsSchema,
  steps: z.array(onboardingStepStateSchema),
  items: z.array(onboardingItemSchema),
  history: z.array(onboardingHistorySchema),
  information_form: z.object({ uuid: z.uuid(), name: z.string(), answered: z.boolean() }).nullable(),
});
export type OnboardingDetail = z.infer<typeof onboardingDetailSchema>;
export const onboardingResponseSchema = z.object({ data: onboardingDetailSchema });

/**
 * POST customers/{uuid}/onboarding: starts a client's onboarding without an invite (inclusions default to none: only
 * the steps that depend on no inclusion apply), or, when one is open, adds the inclusions sent to it. 422
 * `onboarding_done` when the client's onboarding is complete. Answers the page's `url` (/o/{token}): the same link
 * each time (the invite e-mail and reminders carry it too), so staff can copy it for the client.
 */
export const onboardingStartSchema = z.object({
  inclusions: onboardingInclusionsSchema.partial().optional(),
  owner_uuid: z.uuid().nullish(),
});
export type OnboardingStartInput = z.input<typeof onboardingStartSchema>;
export const onboardingStartedSchema = z.object({
  data: onboardingDetailSchema.extend({ url: z.string() }),
});
export type OnboardingStarted = z.infer<typeof onboardingStartedSchema>['data'];

/**
 * PUT onboardings/{uuid}/items/{uuid} (staff): the status, and for text and credential items a new value (an
 * empty string clears it); file items take `upload_uuids` (the files the item keeps).
 */
export const onboardingItemUpdateSchema = z.object({
  status: z.enum(ONBOARDING_ITEM_STATUSES),
  value: z.string().max(ONBOARDING_LIMITS.textValueLength).nullish(),
  upload_uuids: z.array(z.uuid()).max(ONBOARDING_LIMITS.filesPerItem).optional(),
});
export type OnboardingItemUpdateInput = z.input<typeof onboardingItemUpdateSchema>;
export const onboardingItemResponseSchema = z.object({ data: onboardingItemSchema });

/** PUT onboardings/{uuid}/steps/{key}: tick or untick a step by hand. */
export const onboardingStepUpdateSchema = z.object({ done: z.boolean() });
export type OnboardingStepUpdateInput = z.input<typeof onboardingStepUpdateSchema>;
export const onboardingStepParams = z.object({ uuid: z.uuid(), key: stepKeySchema });
export const onboardingItemParams = z.object({ uuid: z.uuid(), item_uuid: z.uuid() });

/** POST onboardings/{uuid}/items/{uuid}/reveal: a credential's value, for ONBOARDING_UPDATE; every reveal is logged. */
export const credentialRevealSchema = z.object({ data: z.object({ value: z.string().nullable() }) });
