import type { RequestDetail } from '@portal/domain';
import { type EditorSource, RequestEditor } from './RequestEditor';
import { panelFromRequest } from './requestDraft';

export function sourceOfRequest(request: RequestDetail): EditorSource {
  return {
    typeId: request.request_type?.id ?? null,
    typeName: request.request_type?.name ?? null,
    typeIcon: request.request_type?.icon ?? null,
    // The questionnaire as it was answered, stored with the request.
    form: request.form,
    answers: request.answers,
    panel: panelFromRequest(request),
  };
}

/**
 * An existing request's form with its side panel, for the detail page: the Overview tab (view, Edit → edit mode)
 * and the draft view (Save draft, Submit, Discard). Read-only for freelancers.
 */
export function RequestAnswers({ request }: { request: RequestDetail }) {
  return <RequestEditor key={request.uuid} source={sourceOfRequest(request)} request={request} />;
}
