import { type Answers, flattenQuestions, MESSAGES } from '@portal/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Form, Result, Select, Skeleton, Typography } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { ApiError, describeError } from '../../api/errors';
import { useAbility } from '../../auth/useAbility';
import { ForbiddenPage } from '../../pages/ForbiddenPage';
import { PageHeader } from '../common/PageHeader';
import { ANSWERS_KEY, createAnswer, FORMS_KEY, formKey, getForm, listFormChoices } from './api';
import { ClientPicker } from './ClientPicker';
import { FormFill } from './FormFill';
import { FormsNav } from './FormsPage';
import { answerErrorsOf } from './publicForm';
import './forms.css';

/** The published version's questions of the chosen form, answered for the chosen client. */
function Filling({
  formUuid,
  customer,
  onSent,
}: {
  formUuid: string;
  customer: string | null;
  onSent(uuid: string): void;
}) {
  const queryClient = useQueryClient();
  const form = useQuery({ queryKey: formKey(formUuid), queryFn: ({ signal }) => getForm(formUuid, signal) });
  const [answers, setAnswers] = useState<Answers>({});
  const [messages, setMessages] = useState<Record<string, string>>({});
  const [general, setGeneral] = useState<string | null>(null);
  const version = form.data?.versions[0];
  const send = useMutation({
    mutationFn: (values: Answers) => createAnswer({ form_uuid: formUuid, customer_uuid: customer, values }),
    onSuccess: (answer) => {
      void queryClient.invalidateQueries({ queryKey: ANSWERS_KEY });
      void queryClient.invalidateQueries({ queryKey: FORMS_KEY });
      onSent(answer.uuid);
    },
    onError: (error) => {
      const names = new Set(flattenQuestions(version?.questions ?? []).map((q) => q.name));
      if (error instanceof ApiError && error.status === 422) {
        const mapped = answerErrorsOf(error.fieldErrors, names);
        setMessages(mapped.byQuestion);
        setGeneral(mapped.other[0] ?? (Object.keys(mapped.byQuestion).length ? null : describeError(error)));
        return;
      }
      setGeneral(describeError(error));
    },
  });
  if (form.isLoading) {
    return <Skeleton active />;
  }
  if (!version) {
    return <Alert type="info" showIcon message={MESSAGES.formNotPublished} />;
  }
  return (
    <div className="submit-fill" data-testid="submit-fill">
      <Typography.Title level={4}>
        {form.data?.name} <Typography.Text type="secondary">version {version.number}</Typography.Text>
      </Typography.Title>
      {form.data?.description ? (
        <Typography.Paragraph className="fb-pre">{form.data.description}</Typography.Paragraph>
      ) : null}
      {general ? <Alert type="error" showIcon message={general} className="pf-general" /> : null}
      <FormFill
        questions={version.questions}
        answers={answers}
        onChange={(name, value) => setAnswers((a) => ({ ...a, [name]: value }))}
        messages={messages}
        onMessages={setMessages}
        onSubmit={(values) => {
          setGeneral(null);
          send.mutate(values);
        }}
        submitting={send.isPending}
        submitLabel="Save answer"
      />
    </div>
  );
}

/** /submit (FORMS_CREATE): staff fill a published form on a client's behalf, for example during a call. */
export function SubmitPage() {
  const ability = useAbility();
  const allowed = ability.isRegularUser && ability.can('FORMS_READ') && ability.can('FORMS_CREATE');
  const [formUuid, setFormUuid] = useState<string | null>(null);
  const [customer, setCustomer] = useState<string | null>(null);
  const [sent, setSent] = useState<string | null>(null);
  const [round, setRound] = useState(0);
  const forms = useQuery({
    queryKey: [...FORMS_KEY, 'choices'],
    queryFn: ({ signal }) => listFormChoices(signal),
    enabled: allowed,
  });
  if (!allowed) {
    return <ForbiddenPage />;
  }
  const published = (forms.data ?? []).filter((f) => f.status === 'published');
  return (
    <div className="list-page" data-testid="submit-page">
      <PageHeader title="Submit a form" actions={<FormsNav />} />
      {sent ? (
        <Result
          status="success"
          title="Answer saved"
          data-testid="submit-sent"
          extra={[
            <Link key="open" to={`/forms/submissions?answer=${sent}`} data-testid="submit-open-answer">
              Open the answer
            </Link>,
            <Link
              key="again"
              to="/submit"
              onClick={() => {
                setSent(null);
                setRound((r) => r + 1);
              }}
              data-testid="submit-again"
            >
              Fill in another
            </Link>,
          ]}
        />
      ) : (
        <>
          <Form layout="vertical" component="div" className="submit-choices">
            <Form.Item label="Form" htmlFor="submit-form" required>
              <Select
                id="submit-form"
                showSearch
                optionFilterProp="label"
                placeholder="Choose a published form"
                loading={forms.isLoading}
                value={formUuid ?? undefined}
                onChange={(uuid: string) => setFormUuid(uuid)}
                options={published.map((f) => ({ value: f.uuid, label: f.name }))}
                notFoundContent="No published forms"
                data-testid="submit-form"
              />
            </Form.Item>
            <Form.Item label="Client" htmlFor="submit-client">
              <ClientPicker id="submit-client" value={customer} onChange={setCustomer} testId="submit-client" />
            </Form.Item>
          </Form>
          {formUuid ? (
            <Filling key={`${formUuid}-${round}`} formUuid={formUuid} customer={customer} onSent={setSent} />
          ) : null}
        </>
      )}
    </div>
  );
}
