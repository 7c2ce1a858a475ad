import type { MessageBody, MfaStatus, Passkey } from '@portal/domain';
import { api } from '../../api';
import { makePasskey } from '../../auth/passkeyCeremony';

export const MFA_KEY = ['mfa'] as const;
export const MFA_REQUIRED_ROLES_KEY = ['mfa', 'required-roles'] as const;

export type TotpEnrolment = { secret: string; otpauth_url: string; qr: string };

export async function getMfaStatus(signal?: AbortSignal): Promise<MfaStatus> {
  return (await api.get<{ data: MfaStatus }>('/mfa', { signal })).data;
}

export async function startTotp(): Promise<TotpEnrolment> {
  return (await api.post<{ data: TotpEnrolment }>('/mfa/totp')).data;
}

export async function confirmTotp(code: string): Promise<string[]> {
  return (await api.post<{ data: { recovery_codes: string[] } }>('/mfa/totp/confirm', { code })).data.recovery_codes;
}

export function disableTotp(proof: { code?: string; password?: string }): Promise<MessageBody> {
  return api.request<MessageBody>('/mfa/totp', { method: 'DELETE', body: proof });
}

export async function regenerateRecoveryCodes(code: string): Promise<string[]> {
  return (await api.post<{ data: { recovery_codes: string[] } }>('/mfa/recovery-codes', { code })).data.recovery_codes;
}

export async function getRequiredRoles(signal?: AbortSignal): Promise<string[]> {
  return (await api.get<{ data: { role_uuids: string[] } }>('/mfa/required-roles', { signal })).data.role_uuids;
}

export async function saveRequiredRoles(roleUuids: string[]): Promise<string[]> {
  return (
    await api.request<{ data: { role_uuids: string[] } }>('/mfa/required-roles', {
      method: 'PUT',
      body: { role_uuids: roleUuids },
    })
  ).data.role_uuids;
}

export function resetSecondFactor(userUuid: string): Promise<MessageBody> {
  return api.request<MessageBody>(`/users/${userUuid}/mfa`, { method: 'DELETE' });
}

export const PASSKEYS_KEY = ['mfa', 'passkeys'] as const;

export async function listPasskeys(signal?: AbortSignal): Promise<{ data: Passkey[] }> {
  return api.get<{ data: Passkey[] }>('/passkeys', { signal });
}

/** Makes a passkey on this device: the server's options, the browser's ceremony, then the server keeps it. */
export async function addPasskey(name: string): Promise<Passkey & { recovery_codes: string[] | null }> {
  const options = await api.post<{ data: Record<string, unknown> }>('/passkeys/registration-options');
  const response = await makePasskey(options.data);
  return (
    await api.post<{ data: Passkey & { recovery_codes: string[] | null } }>('/passkeys/registration-verify', {
      name,
      response,
    })
  ).data;
}

export async function renamePasskey(uuid: string, name: string): Promise<Passkey> {
  return (await api.request<{ data: Passkey }>(`/passkeys/${uuid}`, { method: 'PUT', body: { name } })).data;
}

export function removePasskey(uuid: string, proof: { code?: string; password?: string }): Promise<MessageBody> {
  return api.request<MessageBody>(`/passkeys/${uuid}`, { method: 'DELETE', body: proof });
}

export function setPasskeySignIn(enabled: boolean): Promise<MessageBody> {
  return api.request<MessageBody>('/mfa/passkey-sign-in', { method: 'PUT', body: { enabled } });
}
