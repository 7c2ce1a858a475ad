import { z } from 'zod';
import { MESSAGES } from '../messages';
import { CLIENT_STATUSES, CONTACT_STATUSES, TASK_FILTER_STATUSES, TIMER_STATUSES } from '../statuses';
import { contactListQuerySchema } from './contacts';
import { customerListQuerySchema } from './customers';
import { planListQuerySchema } from './plans';
import { requestListQuerySchema, requestStatusSchema, requestUpdateSchema } from './requests';
import { taskListQuerySchema, taskPrioritySchema } from './tasks';
import { timeLogListQuerySchema } from './time-logs';
import { massDownloadSchema } from './uploads';

/**
 * The data-table toolkit's calls (doc 2 §7 Tables, §9 export limits): bulk update and delete over a selection, and
 * export of a whole filtered list. A selection is either the rows ticked (`filters.ids`) or everything the list
 * shows with its current filters (`filters._all` plus the list's own filters and search_term).
 */

/** Export answers at most this many rows (doc 2 §9). */
export const EXPORT_MAX_ROWS = 100_000;
/** A bulk operation touches at most this many rows (the export's ceiling). */
export const BULK_MAX_ROWS = 100_000;

export const EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export const exportFormatSchema = z.enum(EXPORT_FORMATS);
export type ExportFormat = z.infer<typeof exportFormatSchema>;

/** Values as a query string carries them: the list filters parse text ('1', 'true'), a JSON body may send true or 3. */
function asQueryValues(value: unknown): unknown {
  if (typeof value === 'boolean' || typeof value === 'number') {
    return String(value);
  }
  if (Array.isArray(value)) {
    return value.map(asQueryValues);
  }
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, v]) => [key, asQueryValues(v)]));
  }
  return value;
}

const filtersOf = <Q extends { shape: { filters: z.ZodOptional<z.ZodObject> } }>(listQuery: Q) =>
  listQuery.shape.filters.unwrap() as unknown as Q['shape']['filters'] extends z.ZodOptional<infer F> ? F : never;

type Picked = { ids?: string[]; _all?: true };

/** filters: {ids: [uuid…]} or {_all: true, …the list's filters, search_term?}. */
export function bulkSelectionSchema<S extends z.ZodRawShape>(listFilters: z.ZodObject<S>) {
  return z.preprocess(
    asQueryValues,
    listFilters
      .extend({
        ids: z.array(z.uuid()).max(BULK_MAX_ROWS).optional(),
        _all: z
          .enum(['true', '1'])
          .transform(() => true as const)
          .optional(),
        search_term: z.string().trim().max(200).optional(),
      })
      .refine((v) => Boolean((v as Picked).ids?.length) || (v as Picked)._all === true, {
        message: MESSAGES.required,
        path: ['ids'],
      }),
  );
}

function bulkUpdateSchema<F extends z.ZodRawShape, S extends z.ZodType>(listFilters: z.ZodObject<F>, status: S) {
  return z.object({
    filters: bulkSelectionSchema(listFilters),
    search_term: z.string().trim().max(200).optional(),
    data: z.object({ status }),
  });
}

function bulkDeleteSchema<F extends z.ZodRawShape>(listFilters: z.ZodObject<F>) {
  return z.object({ filters: bulkSelectionSchema(listFilters), search_term: z.string().trim().max(200).optional() });
}

/** A row the operation refused, with the message its single-row call would have answered. */
export const bulkFailureSchema = z.object({ uuid: z.string(), message: z.string() });
export type BulkFailure = z.infer<typeof bulkFailureSchema>;

export const bulkUpdateResponseSchema = z.object({
  message: z.string(),
  updated: z.number().int(),
  failed: z.array(bulkFailureSchema),
});
export type BulkUpdateResponse = z.infer<typeof bulkUpdateResponseSchema>;

export const bulkDeleteResponseSchema = z.object({
  message: z.string(),
  deleted: z.number().int(),
  failed: z.array(bulkFailureSchema),
});
export type BulkDeleteResponse = z.infer<typeof bulkDeleteResponseSchema>;

/** page[size] up to EXPORT_MAX_ROWS (default all of them), page[number]. */
export const exportPageSchema = z
  .object({
    size: z.coerce.number().int().min(1).max(EXPORT_MAX_ROWS).default(EXPORT_MAX_ROWS),
    number: z.coerce.number().int().min(1).default(1),
  })
  .default({ size: EXPORT_MAX_ROWS, number: 1 });

/** GET {resource}/export-all: the list's own query (filters, sort, search) with the export's page and format. */
function exportQuerySchema<S extends z.ZodRawShape>(listQuery: z.ZodObject<S>) {
  return listQuery.extend({ page: exportPageSchema, format: exportFormatSchema.default('csv') });
}

const bulkPeople = z.array(z.uuid()).max(100);
const bulkTags = z.array(z.string().trim().min(1).max(50)).max(50);

/**
 * What a tasks bulk edit changes on every selected row (doc 2 §7 Tables: data.status, extended to the table's other
 * editable columns): each field is what PUT tasks/{uuid} would receive for that row — the people and tag lists become
 * the row's own list plus `*_add` minus `*_remove`. At least one field.
 */
export const taskBulkEditSchema = z
  .object({
    status: z.enum(TASK_FILTER_STATUSES),
    priority: taskPrioritySchema,
    start_date: z.iso.date().nullable(),
    end_date: z.iso.date().nullable(),
    responsibles_add: bulkPeople,
    responsibles_remove: bulkPeople,
    followers_add: bulkPeople,
    followers_remove: bulkPeople,
    /** The plan (uuid) the tasks move to, as PUT's project_id. */
    project_id: z.uuid(),
    tags_add: bulkTags,
    tags_remove: bulkTags,
  })
  .partial()
  .superRefine((value, ctx) => {
    if (!Object.values(value).some((v) => v !== undefined && !(Array.isArray(v) && v.length === 0))) {
      ctx.addIssue({ code: 'custom', path: ['status'], message: MESSAGES.required });
    }
    if (value.start_date && value.end_date && value.end_date < value.start_date) {
      ctx.addIssue({ code: 'custom', path: ['end_date'], message: MESSAGES.dueBeforeStart });
    }
  });
export type TaskBulkEdit = z.output<typeof taskBulkEditSchema>;

// Tasks: GET tasks.
export const taskBulkUpdateSchema = z.object({
  filters: bulkSelectionSchema(filtersOf(taskListQuerySchema)),
  search_term: z.string().trim().max(200).optional(),
  data: taskBulkEditSchema,
});
export const taskBulkDeleteSchema = bulkDeleteSchema(filtersOf(taskListQuerySchema));
export const taskExportQuerySchema = exportQuerySchema(taskListQuerySchema);

// Requests: GET requests; the list's top-level project_type and user.uuid count as its filters too.
const requestListExtras = {
  project_type: requestListQuerySchema.shape.project_type,
  'user.uuid': requestListQuerySchema.shape['user.uuid'],
};
/**
 * What a requests bulk edit changes on every selected row: the status, the delivery date and the responsible people
 * (the row's own plus `responsibles_add` minus `responsibles_remove`), each as PUT requests/{uuid} would receive it.
 */
export const requestBulkEditSchema = z
  .object({
    status: requestStatusSchema,
    target_date: requestUpdateSchema.shape.target_date.unwrap(),
    responsibles_add: bulkPeople,
    responsibles_remove: bulkPeople,
  })
  .partial()
  .superRefine((value, ctx) => {
    if (!Object.values(value).some((v) => v !== undefined && !(Array.isArray(v) && v.length === 0))) {
      ctx.addIssue({ code: 'custom', path: ['status'], message: MESSAGES.required });
    }
  });
export type RequestBulkEdit = z.output<typeof requestBulkEditSchema>;

export const requestBulkUpdateSchema = z.object({
  filters: bulkSelectionSchema(filtersOf(requestListQuerySchema)),
  search_term: z.string().trim().max(200).optional(),
  data: requestBulkEditSchema,
  ...requestListExtras,
});
export const requestBulkDeleteSchema = bulkDeleteSchema(filtersOf(requestListQuerySchema)).extend(requestListExtras);
export const requestExportQuerySchema = exportQuerySchema(requestListQuerySchema);

/**
 * POST tasks|requests/mass-download: the ids (task_ids / request_ids), or `filters` — a selection as the bulk calls
 * take it, `_all` with the list's own filters — so "all N" of a filtered table zips what the list holds.
 */
export const taskMassDownloadSchema = massDownloadSchema.extend({
  filters: bulkSelectionSchema(filtersOf(taskListQuerySchema)).optional(),
  search_term: z.string().trim().max(200).optional(),
});
export const requestMassDownloadSchema = massDownloadSchema.extend({
  filters: bulkSelectionSchema(filtersOf(requestListQuerySchema)).optional(),
  search_term: z.string().trim().max(200).optional(),
  ...requestListExtras,
});

// Time logs: GET time-log.
export const timeLogBulkUpdateSchema = bulkUpdateSchema(filtersOf(timeLogListQuerySchema), z.enum(TIMER_STATUSES));
export const timeLogBulkDeleteSchema = bulkDeleteSchema(filtersOf(timeLogListQuerySchema));
export const timeLogExportQuerySchema = exportQuerySchema(timeLogListQuerySchema);

// Clients: GET customers.
export const customerBulkUpdateSchema = bulkUpdateSchema(filtersOf(customerListQuerySchema), z.enum(CLIENT_STATUSES));
export const customerBulkDeleteSchema = bulkDeleteSchema(filtersOf(customerListQuerySchema));
export const customerExportQuerySchema = exportQuerySchema(customerListQuerySchema);

// Contacts (and the Users screen): GET contacts.
export const contactBulkUpdateSchema = bulkUpdateSchema(filtersOf(contactListQuerySchema), z.enum(CONTACT_STATUSES));
export const contactBulkDeleteSchema = bulkDeleteSchema(filtersOf(contactListQuerySchema));
export const contactExportQuerySchema = exportQuerySchema(contactListQuerySchema);

// Plans: GET projects.
export const planExportQuerySchema = exportQuerySchema(planListQuerySchema);

/**
 * POST users/bulk-operations/export: the Users screen's people (doc 1 §2 Users, CONTACTS_READ: staff, freelancers
 * and client contacts, listed by GET contacts) — the ticked ones (contact uuids, the screen's row keys), or `_all`
 * with the screen's filters and search — sorted like the screen.
 */
export const userExportSchema = z.object({
  filters: bulkSelectionSchema(filtersOf(contactListQuerySchema)),
  search_term: z.string().trim().max(200).optional(),
  sort: contactListQuerySchema.shape.sort,
  format: exportFormatSchema.default('csv'),
});
