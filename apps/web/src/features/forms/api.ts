import type {
  AnswerConverted,
  AnswerConvertInput,
  AnswerCreateInput,
  AnswerDetail,
  AnswerListItem,
  FormBlueprint,
  FormCreateInput,
  FormDetail,
  FormListItem,
  FormUpdateInput,
  ShareLinkCreated,
  ShareLinkCreateInput,
} from '@portal/domain';
import { api } from '../../api';
import { buildListQuery, type ListParams, type ListResponse } from '../common/listQuery';

export const FORMS_KEY = ['forms'] as const;
export const ANSWERS_KEY = ['form-answers'] as const;
export const formKey = (uuid: string) => [...FORMS_KEY, 'detail', uuid] as const;

export function listForms(params: ListParams, signal?: AbortSignal) {
  return api.get<ListResponse<FormListItem>>('/forms', { query: buildListQuery(params), signal });
}

export async function getForm(uuid: string, signal?: AbortSignal): Promise<FormDetail> {
  return (await api.get<{ data: FormDetail }>(`/forms/${uuid}`, { signal })).data;
}

export async function createForm(body: FormCreateInput): Promise<FormDetail> {
  return (await api.post<{ data: FormDetail }>('/forms', body)).data;
}

export async function updateForm(uuid: string, body: FormUpdateInput): Promise<FormDetail> {
  return (await api.request<{ data: FormDetail }>(`/forms/${uuid}`, { method: 'PUT', body })).data;
}

export async function deleteForm(uuid: string): Promise<void> {
  await api.request(`/forms/${uuid}`, { method: 'DELETE' });
}

export async function publishForm(uuid: string): Promise<FormDetail> {
  return (await api.post<{ data: FormDetail }>(`/forms/${uuid}/publish`)).data;
}

export async function listBlueprints(signal?: AbortSignal): Promise<FormBlueprint[]> {
  return (await api.get<{ data: FormBlueprint[] }>('/form-blueprints', { signal })).data;
}

export async function createShareLink(uuid: string, body: ShareLinkCreateInput): Promise<ShareLinkCreated> {
  return (await api.post<{ data: ShareLinkCreated }>(`/forms/${uuid}/share-links`, body)).data;
}

/** Revokes a link by its uuid (the plain token is shown only once, when the link is made). */
export async function revokeShareLink(uuidOrToken: string): Promise<void> {
  await api.request(`/share-links/${uuidOrToken}`, { method: 'DELETE' });
}

export function listAnswers(params: ListParams, signal?: AbortSignal) {
  return api.get<ListResponse<AnswerListItem>>('/answers', { query: buildListQuery(params), signal });
}

export async function getAnswer(uuid: string, signal?: AbortSignal): Promise<AnswerDetail> {
  return (await api.get<{ data: AnswerDetail }>(`/answers/${uuid}`, { signal })).data;
}

export async function createAnswer(body: AnswerCreateInput): Promise<AnswerDetail> {
  return (await api.post<{ data: AnswerDetail }>('/answers', body)).data;
}

export async function convertAnswer(uuid: string, body: AnswerConvertInput): Promise<AnswerConverted> {
  return (await api.post<{ data: AnswerConverted }>(`/answers/${uuid}/convert`, body)).data;
}

/** The published forms staff can fill (/submit) or filter answers by. */
export async function listFormChoices(signal?: AbortSignal): Promise<FormListItem[]> {
  const page = await listForms({ size: 100, sortBy: 'name', sortDirection: 'asc' }, signal);
  return page.data;
}
