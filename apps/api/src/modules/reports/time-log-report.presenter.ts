import type { ProjectType, TimeLogReportRow, TimelogCategory, TimerStatus } from '@portal/domain';

/** A page row as the report statement answers it (json_agg: dates as text, timestamps as ISO text). */
export type ReportRowRecord = {
  uuid: string;
  date: string;
  minutes: number;
  description: string | null;
  status: string;
  category: string;
  missed: boolean;
  created_at: string;
  amount_cents: number | string;
  task_uuid: string | null;
  task_title: string | null;
  request_uuid: string | null;
  request_subject: string | null;
  project_uuid: string | null;
  project_title: string | null;
  project_type: string;
  customer_uuid: string | null;
  customer_name: string | null;
  user_uuid: string;
  user_name: string;
  user_type: string;
};

/** money: whether the viewer may see amounts (administration's maySeeMoney). */
export function presentTimeLogReportRow(row: ReportRowRecord, money: boolean): TimeLogReportRow {
  const onTask = row.task_uuid !== null;
  return {
    uuid: row.uuid,
    date: row.date,
    minutes: row.minutes,
    description: row.description,
    status: row.status as TimerStatus,
    category: row.category as TimelogCategory,
    source: onTask ? 'task' : 'request',
    source_uuid: (onTask ? row.task_uuid : row.request_uuid) ?? '',
    task: onTask ? { uuid: row.task_uuid as string, title: row.task_title ?? '' } : null,
    request: row.request_uuid !== null ? { uuid: row.request_uuid, subject: row.request_subject ?? '' } : null,
    project: row.project_uuid
      ? { uuid: row.project_uuid, title: row.project_title ?? '', project_type: row.project_type as ProjectType }
      : null,
    customer: row.customer_uuid ? { uuid: row.customer_uuid, business_name: row.customer_name ?? '' } : null,
    user: { uuid: row.user_uuid, name: row.user_name, type: row.user_type as TimeLogReportRow['user']['type'] },
    missed: row.missed,
    created_at: new Date(row.created_at).toISOString(),
    amount_cents: money ? Number(row.amount_cents) : null,
  };
}
