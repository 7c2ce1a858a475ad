import { z } from 'zod';
import { exportFormatSchema, exportPageSchema } from '../contracts/bulk';
import { listResponseSchema } from '../contracts/common';
import { listQuerySchema, oneOrMany } from '../contracts/lists';
import { uploadSchema } from '../contracts/uploads';
import {
  APPROVAL_DECISIONS,
  APPROVAL_LINK_DAYS,
  CONTENT_MESSAGES,
  CONTENT_PLATFORMS,
  CONTENT_STATUSES,
  captionTooLong,
} from './rules';

/** Control characters other than line breaks and tabs have no place in a caption a platform will show. */
const hasControl = (text: string) =>
  [...text].some((ch) => {
    const code = ch.codePointAt(0) ?? 0;
    return (code < 32 && ch !== '\n' && ch !== '\r' && ch !== '\t') || code === 127;
  });
/** The longest caption of any platform (Facebook's); the platform's own limit is checked with the platform. */
const captionSchema = z
  .string()
  .max(63206)
  .refine((text) => !hasControl(text), 'The caption contains characters that cannot be shown');

const itemFields = {
  platform: z.enum(CONTENT_PLATFORMS),
  caption: captionSchema,
  uploads: z.array(z.uuid()).max(20, 'At most 20 files per item'),
  scheduled_at: z.iso.datetime({ offset: true }).nullable(),
  assignee_uuid: z.uuid().nullable(),
  status: z.enum(CONTENT_STATUSES),
};

/** POST content-items: the caption must fit the platform (422 on `caption`). */
export const contentItemCreateSchema = z
  .object({
    project_uuid: z.uuid(),
    ...itemFields,
    caption: captionSchema.default(''),
    uploads: itemFields.uploads.default([]),
    scheduled_at: itemFields.scheduled_at.default(null),
    assignee_uuid: itemFields.assignee_uuid.default(null),
    status: itemFields.status.default('draft'),
  })
  .superRefine((value, issue) => {
    const tooLong = captionTooLong(value.platform, value.caption);
    if (tooLong) {
      issue.addIssue({ code: 'custom', path: ['caption'], message: tooLong });
    }
  });
export type ContentItemCreateInput = z.input<typeof contentItemCreateSchema>;

/** PUT content-items/{uuid}: any of the fields; the caption is checked against the platform it will have. */
export const contentItemUpdateSchema = z.object(itemFields).partial();
export type ContentItemUpdateInput = z.input<typeof contentItemUpdateSchema>;

export const contentItemSchema = z.object({
  uuid: z.uuid(),
  project: z.object({ uuid: z.uuid(), title: z.string() }),
  platform: z.enum(CONTENT_PLATFORMS),
  caption: z.string(),
  uploads: z.array(uploadSchema),
  scheduled_at: z.string().nullable(),
  assignee: z.object({ uuid: z.uuid(), name: z.string() }).nullable(),
  status: z.enum(CONTENT_STATUSES),
  created_at: z.string(),
  updated_at: z.string(),
});
export type ContentItem = z.infer<typeof contentItemSchema>;
export const contentItemResponseSchema = z.object({ data: contentItemSchema });

/** GET content-plans: the plans whose content the caller sees (the /content plan picker, freelancers included). */
export const contentPlanListResponseSchema = z.object({
  data: z.array(z.object({ uuid: z.uuid(), title: z.string() })),
});
export type ContentPlanOption = z.infer<typeof contentPlanListResponseSchema>['data'][number];

const dateOnly = z.iso.date('Please enter a valid date');
export const CONTENT_SORT_FIELDS = ['scheduled_at', 'created_at', 'status', 'platform'] as const;
/** GET content-items: filters plan, platform, status, assignee and a range of scheduled days (agency's zone). */
export const contentItemListQuerySchema = listQuerySchema({
  filters: {
    project_uuid: oneOrMany(z.uuid()),
    platform: oneOrMany(z.enum(CONTENT_PLATFORMS)),
    status: oneOrMany(z.enum(CONTENT_STATUSES)),
    assignee_uuid: oneOrMany(z.uuid()),
    date_from: dateOnly,
    date_to: dateOnly,
  },
  sortBy: CONTENT_SORT_FIELDS,
  maxPageSize: 500,
});
export const contentItemListResponseSchema = listResponseSchema(contentItemSchema);
/** GET content-items/export-all: the list's filters, search and order; page[size] up to 100,000; csv or xlsx. */
export const contentExportQuerySchema = contentItemListQuerySchema.extend({
  page: exportPageSchema,
  format: exportFormatSchema.default('csv'),
});

/** POST content-items/bulk-operations: one status for the chosen items; each refusal is reported, the rest saved. */
export const contentBulkSchema = z.object({
  uuids: z.array(z.uuid()).min(1).max(500),
  status: z.enum(CONTENT_STATUSES),
});
export type ContentBulkInput = z.input<typeof contentBulkSchema>;

/** POST content-approvals: e-mails the plan's client contacts one link to these items. */
export const contentApprovalCreateSchema = z.object({
  project_uuid: z.uuid(),
  content_item_uuids: z.array(z.uuid()).min(1, 'Choose at least one item').max(100),
  expires_in_days: z.number().int().min(1).max(APPROVAL_LINK_DAYS.max).default(APPROVAL_LINK_DAYS.default),
});
export type ContentApprovalCreateInput = z.input<typeof contentApprovalCreateSchema>;

export const contentApprovalSchema = z.object({
  uuid: z.uuid(),
  items_count: z.number().int(),
  decided_count: z.number().int(),
  sent_to: z.array(z.string()),
  token_hint: z.string(),
  expires_at: z.string(),
  revoked_at: z.string().nullable(),
  created_at: z.string(),
});
export type ContentApproval = z.infer<typeof contentApprovalSchema>;
/** The answer to POST: the link itself (`url`) appears here once; only its hash is kept. */
export const contentApprovalCreatedSchema = z.object({
  data: contentApprovalSchema.extend({ url: z.string() }),
  message: z.string(),
});
export const contentApprovalListQuerySchema = z.object({ project_uuid: z.uuid() });
export const contentApprovalListResponseSchema = z.object({ data: z.array(contentApprovalSchema) });

export const approvalTokenParam = z.object({ token: z.string().min(1).max(200) });

export const publicApprovalItemSchema = z.object({
  uuid: z.uuid(),
  platform: z.enum(CONTENT_PLATFORMS),
  caption: z.string(),
  scheduled_at: z.string().nullable(),
  status: z.enum(CONTENT_STATUSES),
  media: z.array(
    z.object({ name: z.string(), extension: z.string(), url: z.string(), thumbnail_url: z.string().nullable() }),
  ),
  decision: z.enum(APPROVAL_DECISIONS).nullable(),
  comment: z.string().nullable(),
  /** Whether the client may still answer on it (it is waiting for review, or they asked for changes). */
  decidable: z.boolean(),
});
export type PublicApprovalItem = z.infer<typeof publicApprovalItemSchema>;
export const publicApprovalSchema = z.object({
  client_name: z.string().nullable(),
  plan_title: z.string(),
  expires_at: z.string(),
  items: z.array(publicApprovalItemSchema),
});
export type PublicApproval = z.infer<typeof publicApprovalSchema>;
export const publicApprovalResponseSchema = z.object({ data: publicApprovalSchema });

/** PUT public/approvals/{token}: asking for changes needs a comment saying which. */
export const publicApprovalDecisionSchema = z
  .object({
    item_uuid: z.uuid(),
    decision: z.enum(APPROVAL_DECISIONS),
    comment: z
      .string()
      .trim()
      .max(5000)
      .refine((text) => !hasControl(text), 'The comment contains characters that cannot be shown')
      .default(''),
  })
  .superRefine((value, issue) => {
    if (value.decision === 'request_changes' && !value.comment) {
      issue.addIssue({ code: 'custom', path: ['comment'], message: CONTENT_MESSAGES.requestChangesNeedsComment });
    }
  });
export type PublicApprovalDecisionInput = z.input<typeof publicApprovalDecisionSchema>;
export const publicApprovalDecisionResponseSchema = z.object({ data: publicApprovalItemSchema });
