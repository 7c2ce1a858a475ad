import type {
  PresignedUrlResponse,
  PublicOnboarding,
  PublicOnboardingItem,
  PublicOnboardingItemUpdateInput,
  PublicOnboardingUploadInput,
} from '@portal/domain';
import { api } from '../../api';

/** The client's onboarding page calls: no session, the token is the credential (a 401 never means a session ended). */
const noSession = { sessionExpiresOn401: false } as const;
const base = (token: string) => `/public/onboarding/${encodeURIComponent(token)}`;

export async function getPublicOnboarding(token: string, signal?: AbortSignal): Promise<PublicOnboarding> {
  return (await api.get<{ data: PublicOnboarding }>(base(token), { signal, ...noSession })).data;
}

export async function handInItem(
  token: string,
  itemUuid: string,
  body: PublicOnboardingItemUpdateInput,
): Promise<{ item: PublicOnboardingItem; progress: number }> {
  return (
    await api.request<{ data: { item: PublicOnboardingItem; progress: number } }>(`${base(token)}/items/${itemUuid}`, {
      method: 'PUT',
      body,
      ...noSession,
    })
  ).data;
}

/** A pre-signed target for one file of this onboarding, scoped to its token. */
export async function createOnboardingUpload(
  token: string,
  body: PublicOnboardingUploadInput,
): Promise<PresignedUrlResponse> {
  return api.post<PresignedUrlResponse>(`${base(token)}/uploads`, body, noSession);
}
