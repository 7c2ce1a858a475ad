import type { Plan, PlanKind, PlanLite, PlanStatus, PlanType, ProjectType, TimelogCategory } from '@portal/domain';
import type { planTypes } from '../../db/schema';

export type PlanLiteRow = {
  uuid: string;
  title: string;
  kind: string;
  isRetainer: boolean;
  status: string;
  customerUuid: string | null;
  customerName: string | null;
};

export type PlanRow = PlanLiteRow & {
  planTypeName: string | null;
  planTypeDisplayName: string | null;
  refillMinutes: number;
  managerUuid: string | null;
  managerName: string | null;
  startDate: string | null;
  timeReport: boolean;
  defaultTimelogCategory: string;
  createdAt: Date;
};

export function presentPlanLite(row: PlanLiteRow): PlanLite {
  return {
    uuid: row.uuid,
    title: row.title,
    kind: row.kind as PlanKind,
    is_retainer: row.isRetainer,
    status: row.status as PlanStatus,
    customer: row.customerUuid ? { uuid: row.customerUuid, business_name: row.customerName ?? '' } : null,
  };
}

export function presentPlan(row: PlanRow): Plan {
  return {
    ...presentPlanLite(row),
    plan_type:
      row.planTypeName !== null
        ? { name: row.planTypeName, display_name: row.planTypeDisplayName ?? row.planTypeName }
        : null,
    refill: row.refillMinutes,
    project_manager: row.managerUuid ? { uuid: row.managerUuid, name: row.managerName ?? '' } : null,
    start_date: row.startDate,
    time_report: row.timeReport,
    default_timelog_category: row.defaultTimelogCategory as TimelogCategory,
    created_at: row.createdAt.toISOString(),
  };
}

export function presentPlanType(row: typeof planTypes.$inferSelect): PlanType {
  return {
    name: row.name,
    display_name: row.displayName,
    refill: row.refillMinutes,
    refill_editable: row.refillEditable,
    project_type: row.projectType as ProjectType,
    is_default: row.isDefault,
  };
}
