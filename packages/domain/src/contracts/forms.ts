import { z } from 'zod';
import { MESSAGES } from '../messages';
import { isCoherentForm } from '../request-form/form-integrity';
import { answersSchema, type Question, questionSchema } from '../request-form/question';
import { exportFormatSchema, exportPageSchema } from './bulk';
import { listResponseSchema, optionalText, requiredText } from './common';
import { customerRefSchema } from './customers';
import { listQuerySchema, oneOrMany } from './lists';
import { createPresignedUrlSchema, uploadSchema } from './uploads';

/**
 * Forms and their answers (issue 20). A form is built from the request questionnaire's question model
 * (request-form/question.ts) and its answers are checked by the same engine (validateAnswers), so there is one
 * question type list, one visibility rule and one set of messages for both.
 */

/** A form question is a request questionnaire question: same model, same engine. */
export type FormQuestion = Question;
export const formQuestionSchema = questionSchema;

/** Bounds that keep one form (and so one public answer) a reasonable size. */
export const FORM_LIMITS = {
  questions: 200,
  nameLength: 255,
  descriptionLength: 5_000,
  thankYouLength: 5_000,
  /** The public answer and draft bodies are refused above this many bytes (files travel through uploads). */
  answerBytes: 256 * 1024,
  /** Files one upload question of a public answer takes. */
  filesPerQuestion: 20,
  /** The largest file a share link's page may upload (the server's own cap applies when lower). */
  publicFileBytes: 25 * 1024 * 1024,
  /** Files one device may upload through one link. */
  publicFilesPerDevice: 50,
} as const;

/** The questions of a form: each valid alone and coherent together (unique names, rules naming real questions). */
export const formQuestionsSchema = z
  .array(formQuestionSchema)
  .max(FORM_LIMITS.questions)
  .refine((questions) => isCoherentForm(questions), MESSAGES.invalidForm);

/**
 * draft: never published. published: the latest version is what links and /submit answer. archived: kept for its
 * answers, closed to new ones (a form with answers is archived instead of deleted).
 */
export const FORM_STATUSES = ['draft', 'published', 'archived'] as const;
export type FormStatus = (typeof FORM_STATUSES)[number];

const personRefSchema = z.object({ uuid: z.uuid(), name: z.string() });

/** One frozen version: the questions exactly as they were when it was published. */
export const formVersionSchema = z.object({
  uuid: z.uuid(),
  number: z.number().int().min(1),
  questions: z.array(formQuestionSchema),
  published_at: z.string(),
  answers_count: z.number().int(),
});
export type FormVersion = z.infer<typeof formVersionSchema>;

export const formVersionRefSchema = z.object({ uuid: z.uuid(), number: z.number().int() });
export type FormVersionRef = z.infer<typeof formVersionRefSchema>;

/**
 * A share link as staff see it after creation: the token itself is stored only hashed, so it is shown once (in the
 * create answer) and afterwards a link is named by its uuid and the last characters of the token.
 */
export const shareLinkSchema = z.object({
  uuid: z.uuid(),
  token_hint: z.string(),
  customer: customerRefSchema.nullable(),
  expires_at: z.string().nullable(),
  revoked_at: z.string().nullable(),
  created_at: z.string(),
  answers_count: z.number().int(),
});
export type ShareLink = z.infer<typeof shareLinkSchema>;

/**
 * A form. `questions` are the working copy the builder edits; `has_unpublished_changes` says they differ from the
 * latest published version (editing a published form edits this draft, publishing freezes it as a new version).
 * `is_public`: share links may be made and answered; a private form is filled only by staff (/submit).
 */
export const formSchema = z.object({
  uuid: z.uuid(),
  name: z.string(),
  description: z.string().nullable(),
  thank_you_text: z.string().nullable(),
  is_public: z.boolean(),
  status: z.enum(FORM_STATUSES),
  questions: z.array(formQuestionSchema),
  latest_version: formVersionRefSchema.nullable(),
  has_unpublished_changes: z.boolean(),
  answers_count: z.number().int(),
  owner: personRefSchema.nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Form = z.infer<typeof formSchema>;

export const formListItemSchema = formSchema.omit({ questions: true });
export type FormListItem = z.infer<typeof formListItemSchema>;

/** GET forms/{uuid}: the form with its published versions (newest first) and its share links. */
export const formDetailSchema = formSchema.extend({
  versions: z.array(formVersionSchema),
  share_links: z.array(shareLinkSchema),
});
export type FormDetail = z.infer<typeof formDetailSchema>;

export const FORM_SORT_FIELDS = ['name', 'created_at', 'updated_at', 'status', 'answers_count'] as const;
export const formListQuerySchema = listQuerySchema({
  filters: { status: oneOrMany(z.enum(FORM_STATUSES)), is_public: z.enum(['1', '0']) },
  sortBy: FORM_SORT_FIELDS,
});
export const formListResponseSchema = listResponseSchema(formListItemSchema);
export const formResponseSchema = z.object({ data: formDetailSchema });

/** POST forms. `blueprint_key` starts from a blueprint; given questions win over the blueprint's. */
export const formCreateSchema = z.object({
  name: requiredText(FORM_LIMITS.nameLength),
  description: optionalText(FORM_LIMITS.descriptionLength),
  thank_you_text: optionalText(FORM_LIMITS.thankYouLength),
  is_public: z.boolean().optional(),
  questions: formQuestionsSchema.optional(),
  blueprint_key: z.string().max(100).optional(),
});
export type FormCreateInput = z.input<typeof formCreateSchema>;

/** PUT forms/{uuid}: changed fields only; `archived: true` archives, `archived: false` reopens (published when it has a version). */
export const formUpdateSchema = z.object({
  name: requiredText(FORM_LIMITS.nameLength).optional(),
  description: optionalText(FORM_LIMITS.descriptionLength),
  thank_you_text: optionalText(FORM_LIMITS.thankYouLength),
  is_public: z.boolean().optional(),
  questions: formQuestionsSchema.optional(),
  archived: z.boolean().optional(),
});
export type FormUpdateInput = z.input<typeof formUpdateSchema>;

/** GET form-blueprints: ready-made forms; `request_type` ones are built from a request type's questionnaire. */
export const formBlueprintSchema = z.object({
  key: z.string(),
  name: z.string(),
  description: z.string(),
  source: z.enum(['builtin', 'request_type']),
  questions: z.array(formQuestionSchema),
});
export type FormBlueprint = z.infer<typeof formBlueprintSchema>;
export const formBlueprintListResponseSchema = z.object({ data: z.array(formBlueprintSchema) });

/** POST forms/{uuid}/share-links. */
export const shareLinkCreateSchema = z.object({
  customer_uuid: z.uuid().nullish(),
  expires_at: z.iso.datetime({ offset: true }).nullish(),
});
export type ShareLinkCreateInput = z.input<typeof shareLinkCreateSchema>;
/** The only answer that carries the plain token. `url` is the web page that opens it (/f/{token}). */
export const shareLinkCreatedSchema = z.object({
  data: z.object({ uuid: z.uuid(), url: z.string(), token: z.string(), expires_at: z.string().nullable() }),
});
export type ShareLinkCreated = z.infer<typeof shareLinkCreatedSchema>['data'];
/** DELETE share-links/{token}: the plain token, or the link's uuid (the token is shown only once). */
export const shareLinkParam = z.object({ token: z.string().min(1).max(200) });

/** How an answer arrived: filled by staff (/submit or POST answers) or through a share link. */
export const ANSWER_SOURCES = ['staff', 'link'] as const;
export type AnswerSource = (typeof ANSWER_SOURCES)[number];

/** A whole percentage: answered visible questions over visible answerable questions (100 for a form of none). */
export const answerCompletionSchema = z.number().int().min(0).max(100);

export const answerListItemSchema = z.object({
  uuid: z.uuid(),
  form: z.object({ uuid: z.uuid(), name: z.string() }),
  version: formVersionRefSchema,
  customer: customerRefSchema.nullable(),
  submitted_by: personRefSchema.nullable(),
  source: z.enum(ANSWER_SOURCES),
  completion: answerCompletionSchema,
  created_at: z.string(),
  request_uuid: z.uuid().nullable(),
  converted_customer_uuid: z.uuid().nullable(),
});
export type AnswerListItem = z.infer<typeof answerListItemSchema>;

/** GET answers/{uuid}: the values with the frozen questions they answered, and the files of upload questions. */
export const answerDetailSchema = answerListItemSchema.extend({
  questions: z.array(formQuestionSchema),
  values: answersSchema,
  uploads: z.array(uploadSchema),
});
export type AnswerDetail = z.infer<typeof answerDetailSchema>;

const dateOnly = z.iso.date('Please enter a valid date');
export const ANSWER_SORT_FIELDS = ['created_at', 'form', 'customer', 'completion'] as const;
export const answerListQuerySchema = listQuerySchema({
  filters: {
    form_uuid: oneOrMany(z.uuid()),
    customer_uuid: oneOrMany(z.uuid()),
    date_from: dateOnly,
    date_to: dateOnly,
    source: z.enum(ANSWER_SOURCES),
  },
  sortBy: ANSWER_SORT_FIELDS,
});
export const answerListResponseSchema = listResponseSchema(answerListItemSchema);
/** GET answers/export-all: GET answers' filters, search and order, page[size] up to 100,000, format csv or xlsx. */
export const answerExportQuerySchema = answerListQuerySchema.extend({
  page: exportPageSchema,
  format: exportFormatSchema.default('csv'),
});
export const answerResponseSchema = z.object({ data: answerDetailSchema });

/** POST answers (staff, /submit): the values are checked by the shared engine; 422 carries `values.<question>`. */
export const answerCreateSchema = z.object({
  form_uuid: z.uuid(),
  customer_uuid: z.uuid().nullish(),
  values: answersSchema,
});
export type AnswerCreateInput = z.input<typeof answerCreateSchema>;

/**
 * POST answers/{uuid}/convert. request: the values fill the questionnaire of `request_type_id` where question names
 * match (default: the form's blueprint request type if any); `project_uuid` is the request's plan (default: the
 * client's only active plan). customer: a new client from the answer's values (business_name, email, phone, website).
 */
export const answerConvertSchema = z.object({
  to: z.enum(['request', 'customer']),
  project_uuid: z.uuid().optional(),
  request_type_id: z.number().int().min(1).max(2_147_483_647).optional(),
});
export type AnswerConvertInput = z.input<typeof answerConvertSchema>;
export const answerConvertedSchema = z.object({
  data: z.object({ to: z.enum(['request', 'customer']), uuid: z.uuid(), link: z.string() }),
});
export type AnswerConverted = z.infer<typeof answerConvertedSchema>['data'];

/** What a share link's public page needs, nothing more: no ids of the form, the client or the agency's people. */
export const publicFormSchema = z.object({
  name: z.string(),
  description: z.string().nullable(),
  thank_you_text: z.string().nullable(),
  questions: z.array(formQuestionSchema),
  customer_name: z.string().nullable(),
  expires_at: z.string().nullable(),
  /** The partial answer saved on this device for this link, when the page sent its device key. */
  draft: z.object({ values: answersSchema, saved_at: z.string() }).nullable(),
});
export type PublicForm = z.infer<typeof publicFormSchema>;
export const publicFormResponseSchema = z.object({ data: publicFormSchema });

/** A random key the public page keeps in local storage, so a partial answer resumes on the same device and link. */
export const deviceKeySchema = z
  .string()
  .min(16)
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/);
export const publicFormQuerySchema = z.object({ device_key: deviceKeySchema.optional() });

/** PUT public/forms/{token}/draft, sent as the person types (debounced). */
export const publicDraftSchema = z.object({ device_key: deviceKeySchema, values: answersSchema });
export type PublicDraftInput = z.input<typeof publicDraftSchema>;
export const publicDraftSavedSchema = z.object({ data: z.object({ saved_at: z.string() }) });

/**
 * The honeypot: a field the public page renders invisibly (off screen, aria-hidden, tabindex -1). People leave it
 * empty; a bot that fills every field gets the ordinary thank-you answer and nothing is stored.
 */
export const FORM_HONEYPOT_FIELD = 'website';

/** POST public/forms/{token}/answers; 422 carries `values.<question>` messages from the shared engine. */
export const publicAnswerSchema = z.object({
  values: answersSchema,
  device_key: deviceKeySchema.optional(),
  [FORM_HONEYPOT_FIELD]: z.string().max(1000).optional(),
});
export type PublicAnswerInput = z.input<typeof publicAnswerSchema>;
/**
 * POST public/forms/{token}/uploads: the pre-signed upload flow of the signed-in app (create-pre-signed-url), scoped
 * to the link and this device; the answer's upload questions may then name the returned uuid. Answers
 * presignedUrlResponseSchema.
 */
export const publicUploadSchema = createPresignedUrlSchema.omit({ type: true }).extend({ device_key: deviceKeySchema });
export type PublicUploadInput = z.input<typeof publicUploadSchema>;

export const publicAnswerSavedSchema = z.object({ data: z.object({ thank_you_text: z.string().nullable() }) });
