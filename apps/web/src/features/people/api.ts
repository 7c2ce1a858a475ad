import type { PersonCard } from '@portal/domain';
import { api } from '../../api';

export const PERSON_CARD_KEY = ['people', 'card'] as const;

/** The user popover's card of a login (GET users/{uuid}/card); the server decides which details it carries. */
export async function getPersonCard(uuid: string, signal?: AbortSignal): Promise<PersonCard> {
  return (await api.get<{ data: PersonCard }>(`/users/${uuid}/card`, { signal })).data;
}
