import {
  formatReloadInput,
  minutesToReload,
  type PlanCreateInput,
  type PlanType,
  reloadToMinutes,
} from '@portal/domain';

/**
 * The Client name field holds either an existing client (its uuid, chosen from the list) or a typed new name. The
 * select keeps them apart by prefix so a client called like a uuid cannot be mistaken for one.
 */
export const NEW_CLIENT_PREFIX = 'new:';

export interface PlanFormValues {
  client?: string;
  plan?: string;
  refill?: string;
  manager?: string;
}

/** The type preselected in the modal: the one the server marks as default (retainer), else the first. */
export function defaultPlanType(types: readonly PlanType[]): PlanType | undefined {
  return types.find((t) => t.is_default) ?? types.find((t) => t.name === 'retainer') ?? types[0];
}

/** Reload amount field after a keystroke: digits / 100 as h:mm, zero empty (doc 1 §5). */
export function reloadFieldText(typed: string): string {
  return formatReloadInput(typed);
}

/** Choosing a type fills its default reload amount. */
export function reloadTextForType(type: PlanType | undefined): string {
  return type ? minutesToReload(type.refill) : '';
}

export function isReloadEditable(type: PlanType | undefined): boolean {
  return Boolean(type?.refill_editable);
}

/** YYYY-MM-DD of the local day. */
export function localIsoDate(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** The POST projects payload (doc 1 §3): exactly one of customer_id and business_name. */
export function buildPlanPayload(values: Required<PlanFormValues>, type: PlanType, today: Date): PlanCreateInput {
  const client = values.client.startsWith(NEW_CLIENT_PREFIX)
    ? { business_name: values.client.slice(NEW_CLIENT_PREFIX.length).trim() }
    : { customer_id: values.client };
  return {
    ...client,
    plan: type.name,
    refill: reloadToMinutes(values.refill),
    project_manager_id: values.manager,
    title: type.display_name,
    status: 'active',
    start_date: localIsoDate(today),
  };
}
