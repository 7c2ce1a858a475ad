import type { AnswerListItem } from '@portal/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Form, Progress, Select, Skeleton, Typography } from 'antd';
import { Link } from 'react-router';
import { describeError } from '../../api/errors';
import { useAbility } from '../../auth/useAbility';
import { DataTable, useListQuery, useTableState } from '../../components/DataTable';
import { ForbiddenPage } from '../../pages/ForbiddenPage';
import { reportError, reportSuccess } from '../../shell/feedback';
import { PageHeader } from '../common/PageHeader';
import { ANSWERS_KEY, FORMS_KEY, listAnswers, listFormChoices } from '../forms/api';
import { getInformation, INFORMATION_KEY, ONBOARDINGS_KEY, saveInformation } from './api';
import { OnboardingNav } from './OnboardingNav';
import './onboarding.css';

/** The chosen form's answers, newest first, each client's answer opening in the form submissions. */
function Answers({ formUuid }: { formUuid: string }) {
  const ability = useAbility();
  const table = useTableState('onboarding-information-answers', {});
  const params = { ...table.listParams, filters: { form_uuid: [formUuid] } };
  const answers = useListQuery(
    [...ANSWERS_KEY, 'information', formUuid],
    table,
    (signal) => listAnswers(params, signal),
    {
      enabled: ability.can('FORMS_READ'),
    },
  );
  if (!ability.can('FORMS_READ')) {
    return (
      <Typography.Paragraph type="secondary">Reading the answers needs the forms permission.</Typography.Paragraph>
    );
  }
  return (
    <DataTable<AnswerListItem>
      table={table}
      query={answers}
      testId="ob-information-answers"
      searchPlaceholder="Search clients"
      columns={[
        {
          key: 'customer',
          title: 'Client',
          dataIndex: 'customer',
          sortKey: 'customer',
          priority: 1,
          render: (_: unknown, row) => (
            <Link to={`/forms/submissions?answer=${row.uuid}`} data-testid="ob-information-answer">
              {row.customer?.business_name ?? 'No client'}
            </Link>
          ),
        },
        {
          key: 'created_at',
          title: 'Answered',
          dataIndex: 'created_at',
          sortKey: 'created_at',
          priority: 2,
          render: (value: string) => new Date(value).toLocaleString(),
        },
        { key: 'version', title: 'Version', dataIndex: 'version', render: (_: unknown, row) => row.version.number },
        {
          key: 'completion',
          title: 'Completion',
          dataIndex: 'completion',
          sortKey: 'completion',
          render: (value: number) => (
            <Progress percent={value} size="small" aria-label={`${value}% complete`} style={{ minWidth: 90 }} />
          ),
        },
      ]}
    />
  );
}

/** /onboarding/information (ONBOARDING_READ; the choice with ONBOARDING_UPDATE): the information form and its answers. */
export function InformationPage() {
  const ability = useAbility();
  const allowed = ability.isRegularUser && ability.can('ONBOARDING_READ');
  const queryClient = useQueryClient();
  const information = useQuery({
    queryKey: INFORMATION_KEY,
    queryFn: ({ signal }) => getInformation(signal),
    enabled: allowed,
  });
  const forms = useQuery({
    queryKey: [...FORMS_KEY, 'choices'],
    queryFn: ({ signal }) => listFormChoices(signal),
    enabled: allowed && ability.can('FORMS_READ'),
  });
  const choose = useMutation({
    mutationFn: (formUuid: string | null) => saveInformation({ form_uuid: formUuid }),
    onSuccess: (saved) => {
      queryClient.setQueryData(INFORMATION_KEY, saved);
      void queryClient.invalidateQueries({ queryKey: ONBOARDINGS_KEY });
      reportSuccess('Information form saved');
    },
    onError: reportError,
  });
  if (!allowed) {
    return <ForbiddenPage />;
  }
  const chosen = information.data?.form ?? null;
  const options = (forms.data ?? [])
    .filter((f) => f.status === 'published' && f.is_public)
    .map((f) => ({ value: f.uuid, label: f.name }));
  if (chosen && !options.some((o) => o.value === chosen.uuid)) {
    options.unshift({ value: chosen.uuid, label: chosen.name });
  }
  return (
    <div className="list-page" data-testid="onboarding-information-page">
      <PageHeader title="Information form" />
      <OnboardingNav />
      <Typography.Paragraph type="secondary">
        The form every client answers on their onboarding page (a published form open to share links). Its answers are
        the form’s own, attached to the client.
      </Typography.Paragraph>
      {information.data ? (
        <Form layout="vertical" component="div" className="ob-settings">
          <Form.Item label="Information form" htmlFor="ob-information-form">
            <Select
              id="ob-information-form"
              value={chosen?.uuid ?? ''}
              onChange={(value: string) => choose.mutate(value || null)}
              disabled={!ability.can('ONBOARDING_UPDATE') || choose.isPending}
              loading={forms.isLoading || choose.isPending}
              options={[{ value: '', label: 'No information form' }, ...options]}
              showSearch={{ optionFilterProp: 'label' }}
              style={{ maxWidth: 480 }}
              data-testid="ob-information-form"
            />
          </Form.Item>
          {chosen ? (
            <Typography.Paragraph>
              <Link to={`/forms/${chosen.uuid}`}>Open {chosen.name} in the form builder</Link>
            </Typography.Paragraph>
          ) : null}
        </Form>
      ) : information.isError ? (
        <Alert type="error" showIcon message={describeError(information.error)} />
      ) : (
        <Skeleton active />
      )}
      {chosen ? (
        <>
          <Typography.Title level={4}>Answers by client</Typography.Title>
          <Answers formUuid={chosen.uuid} />
        </>
      ) : null}
    </div>
  );
}
