import type { RequestDetail, RequestType } from '@portal/domain';
import { useQuery } from '@tanstack/react-query';
import { Alert, Skeleton } from 'antd';
import { useParams, useSearchParams } from 'react-router';
import { ApiError, describeError } from '../../../api/errors';
import { NotFoundPage } from '../../../pages/NotFoundPage';
import { PageHeader } from '../../common/PageHeader';
import { getRequest, requestKey } from '../detail/api';
import { listRequestTypes, REQUEST_TYPES_KEY } from './api';
import { RequestCatalogue } from './RequestCatalogue';
import { type EditorSource, RequestEditor } from './RequestEditor';
import { answersForForm, EMPTY_PANEL, panelForDuplicate } from './requestDraft';

function useRequestTypes() {
  return useQuery({
    queryKey: REQUEST_TYPES_KEY,
    queryFn: ({ signal }) => listRequestTypes(signal),
    staleTime: 60_000,
  });
}

function sourceOfType(type: RequestType): EditorSource {
  return {
    typeId: type.id,
    typeName: type.name,
    typeIcon: type.icon,
    form: type.form,
    answers: {},
    panel: EMPTY_PANEL,
  };
}

/** A duplicate follows the type's current form (the server checks answers against it), keeping what still fits. */
function sourceOfDuplicate(original: RequestDetail, types: RequestType[]): EditorSource {
  const type = types.find((t) => t.id === original.request_type?.id && !t.disabled);
  const form = type ? type.form : original.form;
  return {
    typeId: type?.id ?? original.request_type?.id ?? null,
    typeName: type?.name ?? original.request_type?.name ?? null,
    typeIcon: type?.icon ?? original.request_type?.icon ?? null,
    form,
    answers: answersForForm(form, original.answers),
    panel: panelForDuplicate(original),
  };
}

function LoadError({ error }: { error: unknown }) {
  return <Alert type="warning" showIcon title={describeError(error)} data-testid="request-form-load-error" />;
}

/** /requests/new (doc 2 §2): the catalogue first; the chosen type (?type=id) opens its form. */
export function NewRequestPage() {
  const [params, setParams] = useSearchParams();
  const types = useRequestTypes();
  const typeId = Number(params.get('type'));
  const chosen = types.data?.find((t) => t.id === typeId && !t.disabled);
  return (
    <div data-testid="request-new-page">
      <PageHeader title="New request" />
      {types.isPending ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : types.isError ? (
        <LoadError error={types.error} />
      ) : chosen ? (
        <RequestEditor key={chosen.id} source={sourceOfType(chosen)} onChangeType={() => setParams({})} />
      ) : (
        <RequestCatalogue types={types.data} onPick={(type) => setParams({ type: String(type.id) })} />
      )}
    </div>
  );
}

/** /requests/:uuid/duplicate: a new request prefilled from another's type, answers, plan and people. */
export function DuplicateRequestPage() {
  const { uuid = '' } = useParams();
  const types = useRequestTypes();
  const original = useQuery({
    queryKey: requestKey(uuid),
    queryFn: ({ signal }) => getRequest(uuid, signal),
    meta: { silentError: true },
  });
  if (original.isError) {
    if (original.error instanceof ApiError && (original.error.status === 404 || original.error.status === 422)) {
      return <NotFoundPage />;
    }
    return <LoadError error={original.error} />;
  }
  return (
    <div data-testid="request-duplicate-page">
      <PageHeader title={original.data ? `Duplicate of ${original.data.subject}` : 'Duplicate request'} />
      {original.isPending || types.isPending ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : types.isError ? (
        <LoadError error={types.error} />
      ) : (
        <RequestEditor key={uuid} source={sourceOfDuplicate(original.data, types.data)} />
      )}
    </div>
  );
}
