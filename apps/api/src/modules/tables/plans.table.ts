import type { planExportQuerySchema } from '@portal/domain';
import { and, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { customers, planTypes, projects } from '../../db/schema';
import { conditionsFor, orderFor, type PlanListQuery } from '../plans/plan-list.query';
import { type ExportColumn, type ExportSpec, exportPage, readable } from './export-stream';

/** The plans table's columns (web features/plans/PlansPage.tsx), readable; the reload amount as hh:mm. */
const PLAN_COLUMNS: ExportColumn[] = [
  { header: 'Plan', value: (r) => readable.text(r.title), width: 36 },
  { header: 'Client', value: (r) => readable.text(r.client), width: 30 },
  { header: 'Status', value: (r) => readable.status(r.status), width: 16 },
  { header: 'Type', value: (r) => readable.text(r.plan_type), width: 16 },
  { header: 'Reload amount', value: (r) => readable.hours(r.refill_minutes), width: 12 },
  { header: 'Manager', value: (r) => readable.text(r.manager), width: 24 },
  { header: 'Start date', value: (r) => readable.date(r.start_date), width: 12 },
];

/** GET projects/export-all: GET projects' filters (default statuses), search and order. */
export function planExport(query: z.output<typeof planExportQuerySchema>, viewerId: number): ExportSpec {
  // conditionsFor reads the list's filters, with_personal and search_term; the export adds only page and format.
  const listQuery = query as unknown as PlanListQuery;
  return {
    name: 'plans',
    format: query.format,
    columns: PLAN_COLUMNS,
    query: sql`
      select ${projects.title} as title, ${customers.businessName} as client, ${projects.status} as status,
        ${planTypes.displayName} as plan_type, ${projects.refillMinutes} as refill_minutes,
        mc.name as manager, ${projects.startDate}::text as start_date
      from ${projects}
      left join ${customers} on ${customers.id} = ${projects.customerId}
      left join ${planTypes} on ${planTypes.id} = ${projects.planTypeId}
      left join contacts mc on mc.user_id = ${projects.projectManagerId}
      where ${and(...conditionsFor(listQuery, viewerId))}
      order by ${sql.join(orderFor(listQuery), sql`, `)}
      ${exportPage(query.page)}`,
  };
}
