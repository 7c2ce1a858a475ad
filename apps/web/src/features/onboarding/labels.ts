import type {
  OnboardingHistory,
  OnboardingInclusion,
  OnboardingItem,
  OnboardingItemStatus,
  Requirement,
  RequirementKind,
  RequirementLink,
} from '@portal/domain';

export const INCLUSION_LABELS: Record<OnboardingInclusion, string> = {
  social_media: 'Social media',
  creative_package: 'Creative package',
  video_production: 'Video production',
  website: 'Website',
  advertising: 'Advertising',
  schedule_call_link: 'Schedule-call link',
  welcome_kit: 'Welcome kit',
  login_register: 'Login/Register',
  leadsie_manage_link: 'Leadsie manage link',
  leadsie_social_link: 'Leadsie social link',
};

export const KIND_LABELS: Record<RequirementKind, string> = {
  file: 'File',
  text: 'Text',
  link_confirmation: 'Link confirmation',
  credential: 'Credential',
};

export const LINK_LABELS: Record<RequirementLink, string> = {
  leadsie_social_link: 'The Leadsie social link',
  leadsie_manage_link: 'The Leadsie manage link',
  custom: 'A link of its own',
};

export const ITEM_STATUS_LABELS: Record<OnboardingItemStatus, string> = {
  todo: 'To do',
  submitted: 'Handed in',
  done: 'Done',
};

export const ITEM_STATUS_COLOURS: Record<OnboardingItemStatus, string> = {
  todo: 'default',
  submitted: 'blue',
  done: 'green',
};

const HISTORY_TEXT: Record<OnboardingHistory['action'], string> = {
  started: 'started the onboarding',
  step_done: 'completed the step',
  step_reopened: 'reopened the step',
  item_submitted: 'handed in',
  item_done: 'accepted',
  item_reopened: 'reopened',
  item_changed: 'changed',
  credential_revealed: 'revealed the credential',
  reminder_sent: 'A reminder was sent',
  stuck_notice: 'The owner was told the step is stuck',
  completed: 'The onboarding was completed',
};

/** One history line: who (a person, the client, or nobody for the system's own entries), what, and on what. */
export function historyLine(entry: OnboardingHistory): string {
  const what = HISTORY_TEXT[entry.action];
  const who = entry.actor?.name ?? (entry.by_client ? 'The client' : null);
  const subject = entry.subject ? ` “${entry.subject}”` : '';
  return who ? `${who} ${what}${subject}` : `${what}${subject}`;
}

/** Requirements of one inclusion in their order. */
export function requirementsOf(requirements: readonly Requirement[], inclusion: OnboardingInclusion): Requirement[] {
  return requirements.filter((r) => r.inclusion === inclusion).sort((a, b) => a.position - b.position);
}

/**
 * The position writes that move one requirement within its inclusion: the list renumbered 0…n-1 in the new order,
 * keeping only the rows whose position changed.
 */
export function reorderWrites(
  list: readonly Requirement[],
  from: number,
  to: number,
): { uuid: string; position: number }[] {
  if (from === to || !list[from] || to < 0 || to >= list.length) {
    return [];
  }
  const order = [...list];
  const [moved] = order.splice(from, 1);
  order.splice(to, 0, moved as Requirement);
  return order
    .map((r, position) => ({ uuid: r.uuid, position, before: r.position }))
    .filter((r) => r.position !== r.before)
    .map(({ uuid, position }) => ({ uuid, position }));
}

/** Unticking an item leaves it handed in when the client gave something, else back to do. */
export function statusAfterTick(
  item: Pick<OnboardingItem, 'has_value' | 'files'>,
  done: boolean,
): OnboardingItemStatus {
  if (done) {
    return 'done';
  }
  return item.has_value || item.files.length > 0 ? 'submitted' : 'todo';
}
