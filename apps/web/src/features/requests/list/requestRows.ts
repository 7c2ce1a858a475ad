import type { RequestStatus, RequestTemperature } from '@portal/domain';
import { humanize } from '../../common/listQuery';

/** Left-border colours of a list row by temperature (doc 2 §2, §4). */
export const TEMPERATURE_COLOURS: Record<RequestTemperature, string> = {
  hot: '#f5222d',
  warm: '#fa8c16',
  cold: '#1677ff',
  frozen: '#91caff',
};
/** Ghosted or not yet classified while still open. */
export const GHOSTED_COLOUR = '#bfbfbf';

const CLOSED: readonly string[] = ['completed', 'cancelled'];

export function isOpenRequest(status: string): boolean {
  return !CLOSED.includes(status);
}

/**
 * The row's border colour: grey when the request is open and either ghosted or without a temperature; otherwise the
 * temperature's colour; none for a closed request the server never classified.
 */
export function temperatureBorderColour(row: {
  status: string;
  heat: RequestTemperature | null;
  ghosted: boolean;
}): string | undefined {
  if (isOpenRequest(row.status) && (row.ghosted || !row.heat)) {
    return GHOSTED_COLOUR;
  }
  return row.heat ? TEMPERATURE_COLOURS[row.heat] : undefined;
}

/** Delivery is shown red once its day has passed and the request is not completed (doc 2 §2). */
export function isDeliveryOverdue(row: { status: string; target_date: string | null }, today: string): boolean {
  return Boolean(row.target_date && row.target_date.slice(0, 10) < today && row.status !== 'completed');
}

/** Status words of requests: 'new' reads 'In preparation' (doc 2 §4). */
export function requestStatusLabel(status: RequestStatus | string): string {
  return status === 'new' ? 'In preparation' : humanize(status);
}

export const REQUEST_STATUS_COLOURS: Record<string, string> = {
  draft: 'default',
  new: 'purple',
  in_progress: 'blue',
  waiting_approval: 'gold',
  approved: 'cyan',
  needs_attention: 'orange',
  completed: 'green',
  cancelled: 'red',
};
