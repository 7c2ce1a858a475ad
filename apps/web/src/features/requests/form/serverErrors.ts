import { MESSAGES } from '@portal/domain';

/** The side panel's fields that carry their own message. */
export type PanelField = 'type' | 'subject' | 'project' | 'requester' | 'owner' | 'followers' | 'estimate';
export type PanelErrors = Partial<Record<PanelField, string>>;

export interface MappedServerErrors {
  /** By question name. */
  answers: Record<string, string>;
  panel: PanelErrors;
  /** Messages of fields the form does not show, to be reported as a whole. */
  other: string[];
}

const PANEL_KEYS: Record<string, PanelField> = {
  request_type_id: 'type',
  subject: 'subject',
  project_id: 'project',
  requester_id: 'requester',
  responsibles: 'owner',
  followers: 'followers',
  estimated_time_range: 'estimate',
  estimated_min: 'estimate',
  estimated_max: 'estimate',
};

/**
 * Puts a 422's `errors` (keys as the API names them: `project_id`, `answers.campaign_type`, `followers.0`) under
 * the form's fields. A bare key that is a question name belongs to that question too.
 */
export function mapServerErrors(
  fieldErrors: Readonly<Record<string, readonly string[]>>,
  questionNames: ReadonlySet<string>,
): MappedServerErrors {
  const mapped: MappedServerErrors = { answers: {}, panel: {}, other: [] };
  for (const [key, messages] of Object.entries(fieldErrors)) {
    const message = messages[0] ?? MESSAGES.required;
    const [head = '', second] = key.split('.');
    const panelField = PANEL_KEYS[head];
    if (head === 'answers' && second && questionNames.has(second)) {
      mapped.answers[second] ??= message;
    } else if (panelField) {
      mapped.panel[panelField] ??= message;
    } else if (questionNames.has(head)) {
      mapped.answers[head] ??= message;
    } else {
      mapped.other.push(message);
    }
  }
  return mapped;
}
