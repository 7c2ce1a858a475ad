import type { RequestTemperature } from '../statuses';

const DAY_MS = 24 * 60 * 60 * 1000;
export const HOT_WITHIN_DAYS = 7;
export const WARM_WITHIN_DAYS = 30;
/** Staff comments without a client response (within the last 30 days) that make a request frozen. */
export const FROZEN_AFTER_UNANSWERED = 3;

export type TemperatureInput = {
  /** The last interaction: status change, time log, task activity, comment; null when there was none. */
  lastInteractionAt: Date | string | null;
  now: Date;
  /** Staff comments of the last 30 days posted after the client's last response. */
  unansweredStaffComments: number;
};

export type TemperatureLevel = 1 | 2 | 3;
export type Temperature = { heat: RequestTemperature; temperature: TemperatureLevel; ghosted: boolean };

/**
 * Request temperature (doc 2 §3, §4). The detail shows heat, the list filters on the 1–3 level:
 *
 * | heat   | when                                                        | temperature | ghosted |
 * | frozen | three staff comments without a response in the last 30 days | 1 (low)     | true    |
 * | hot    | interaction within the last 7 days                          | 3 (high)    | false   |
 * | warm   | interaction within the last 30 days                         | 2 (medium)  | false   |
 * | cold   | no interaction in the last 30 days, or none at all          | 1 (low)     | false   |
 *
 * Frozen wins over recency: staff posting into silence is interaction, but not the client's.
 */
export function classifyTemperature(input: TemperatureInput): Temperature {
  if (input.unansweredStaffComments >= FROZEN_AFTER_UNANSWERED) {
    return { heat: 'frozen', temperature: 1, ghosted: true };
  }
  if (input.lastInteractionAt === null) {
    return { heat: 'cold', temperature: 1, ghosted: false };
  }
  const last = new Date(input.lastInteractionAt).getTime();
  const age = input.now.getTime() - last;
  if (age <= HOT_WITHIN_DAYS * DAY_MS) {
    return { heat: 'hot', temperature: 3, ghosted: false };
  }
  if (age <= WARM_WITHIN_DAYS * DAY_MS) {
    return { heat: 'warm', temperature: 2, ghosted: false };
  }
  return { heat: 'cold', temperature: 1, ghosted: false };
}
