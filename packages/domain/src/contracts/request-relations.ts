import { z } from 'zod';
import { MESSAGES } from '../messages';
import type { RequestStatus, TaskStatus } from '../statuses';
import { listResponseSchema } from './common';
import { taskPersonSchema, taskSchema, taskStatusSchema } from './tasks';
import { taskTimeLogListQuerySchema, timeLogSchema } from './time-logs';

/** Requests a task may be related to: the active ones (doc 2 §4 Relations: only active statuses offered). */
export const RELATABLE_REQUEST_STATUSES: RequestStatus[] = [
  'new',
  'in_progress',
  'waiting_approval',
  'approved',
  'needs_attention',
];
/** Tasks a request may take: not closed, and never a recurring master (its occurrences are the work). */
export const RELATABLE_TASK_STATUSES: TaskStatus[] = [
  'todo',
  'in_progress',
  'waiting_approval',
  'working_on_now',
  'pending',
  'approved',
  'needs_attention',
];

/**
 * A task related to a request (the request's Tasks tab). A superset of requests.ts requestTaskSchema (with=tasks),
 * so one query serves both: the output schema keeps what each answer names.
 */
export const requestRelatedTaskSchema = z.object({
  uuid: z.uuid(),
  title: z.string(),
  status: taskStatusSchema,
  end_date: z.string().nullable(),
  responsibles: z.array(taskPersonSchema),
  followers: z.array(taskPersonSchema),
  responsibles_count: z.number().int(),
  /** Completed minutes logged on the task. */
  total_timelogs: z.number().int(),
});
export type RequestRelatedTask = z.infer<typeof requestRelatedTaskSchema>;
export const requestRelatedTaskListResponseSchema = z.object({ data: z.array(requestRelatedTaskSchema) });

/** POST requests/{uuid}/tasks: relate tasks (uuids) to the request; each must hold no request yet. */
export const requestTasksRelateSchema = z.object({
  tasks: z.array(z.uuid(), { error: MESSAGES.required }).min(1, MESSAGES.required).max(100),
});
export type RequestTasksRelateInput = z.input<typeof requestTasksRelateSchema>;
/** The answer of relating and unrelating from the request side: the message and the request's tasks after it. */
export const requestTasksRelateResponseSchema = z.object({
  message: z.string(),
  data: z.array(requestRelatedTaskSchema),
});

export const requestTaskParams = z.object({ uuid: z.uuid(), taskUuid: z.uuid() });

/** PUT project-tasks/{taskUuid}: the message ('Request related to the task') and the task after it. */
export const projectTaskRequestsResponseSchema = z.object({ message: z.string(), data: taskSchema });

/** GET requests/{uuid}/time-logs: the Timelogs tab (meta.total = '{n} timelogs found'). */
export const requestTimeLogListQuerySchema = taskTimeLogListQuerySchema;
export const requestTimeLogListResponseSchema = listResponseSchema(timeLogSchema);
