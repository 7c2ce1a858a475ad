import type {
  PresignedUrlResponse,
  PublicAnswerInput,
  PublicDraftInput,
  PublicForm,
  PublicUploadInput,
} from '@portal/domain';
import { api } from '../../api';

/** The share link's calls: no session, the token is the credential (a 401 here never means a session ended). */
const noSession = { sessionExpiresOn401: false } as const;

export async function getPublicForm(token: string, deviceKey: string, signal?: AbortSignal): Promise<PublicForm> {
  return (
    await api.get<{ data: PublicForm }>(`/public/forms/${encodeURIComponent(token)}`, {
      query: { device_key: deviceKey },
      signal,
      ...noSession,
    })
  ).data;
}

export async function savePublicDraft(token: string, body: PublicDraftInput): Promise<{ saved_at: string }> {
  return (
    await api.request<{ data: { saved_at: string } }>(`/public/forms/${encodeURIComponent(token)}/draft`, {
      method: 'PUT',
      body,
      ...noSession,
    })
  ).data;
}

export async function submitPublicAnswer(
  token: string,
  body: PublicAnswerInput,
): Promise<{ thank_you_text: string | null }> {
  return (
    await api.post<{ data: { thank_you_text: string | null } }>(
      `/public/forms/${encodeURIComponent(token)}/answers`,
      body,
      noSession,
    )
  ).data;
}

/** A pre-signed target for one file of this link's answer, scoped to the link and this device. */
export async function createPublicUpload(token: string, body: PublicUploadInput): Promise<PresignedUrlResponse> {
  return api.post<PresignedUrlResponse>(`/public/forms/${encodeURIComponent(token)}/uploads`, body, noSession);
}
