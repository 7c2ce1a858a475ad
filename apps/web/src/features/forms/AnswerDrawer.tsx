import { type AnswerDetail, type Question, visibleQuestions } from '@portal/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Button,
  type ButtonProps,
  Descriptions,
  Drawer,
  Form,
  Modal,
  Select,
  Skeleton,
  Space,
  Typography,
} from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { ApiError } from '../../api/errors';
import { useAbility } from '../../auth/useAbility';
import { reportError } from '../../shell/feedback';
import { answerText } from '../requests/form/answerText';
import { listRequestPlans, listRequestTypes, REQUEST_TYPES_KEY } from '../requests/form/api';
import { UploadedFiles } from '../uploads/UploadedFiles';
import { ANSWERS_KEY, convertAnswer, getAnswer } from './api';

export const requestLink = (uuid: string) => `/requests/${uuid}`;
export const clientLink = (uuid: string) => `/clients?client_uuid=${uuid}`;

/** One answered question: its label, and the answer as text (option labels, dates, rich text) or its files. */
function AnsweredQuestion({ question, answer }: { question: Question; answer: AnswerDetail }) {
  if (question.type === 'header') {
    return (
      <Typography.Title level={5} className="fa-header">
        {question.label}
      </Typography.Title>
    );
  }
  const value = answer.values[question.name];
  return (
    <div className="fa-question" data-testid={`answer-question-${question.name}`}>
      <div className="fa-label">{question.label}</div>
      {question.type === 'upload' ? (
        Array.isArray(value) && value.length > 0 ? (
          <UploadedFiles uuids={value} known={answer.uploads} testId={`answer-files-${question.name}`} />
        ) : (
          <div className="fa-value">{answerText(question, value)}</div>
        )
      ) : (
        <div className="fa-value fb-pre">{answerText(question, value)}</div>
      )}
    </div>
  );
}

/**
 * Convert to request: the plan defaults to the client's only active retainer plan and the type to the request type
 * the form was made from; when either is missing the server says so and the person picks one here.
 */
function ConvertToRequest({ answer, onDone, onClose }: { answer: AnswerDetail; onDone(): void; onClose(): void }) {
  const [plan, setPlan] = useState<string | null>(null);
  const [type, setType] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const plans = useQuery({ queryKey: ['plans', 'request-plans'], queryFn: ({ signal }) => listRequestPlans(signal) });
  const types = useQuery({ queryKey: REQUEST_TYPES_KEY, queryFn: ({ signal }) => listRequestTypes(signal) });
  const clientPlans = (plans.data ?? []).filter((p) => !answer.customer || p.customer?.uuid === answer.customer.uuid);
  const convert = useMutation({
    mutationFn: () =>
      convertAnswer(answer.uuid, {
        to: 'request',
        ...(plan ? { project_uuid: plan } : {}),
        ...(type ? { request_type_id: type } : {}),
      }),
    onSuccess: onDone,
    onError: (error) => {
      if (error instanceof ApiError && error.status === 422) {
        setProblem(Object.values(error.fieldErrors).flat()[0] ?? error.body.message ?? null);
        return;
      }
      reportError(error);
    },
  });
  return (
    <Modal
      open
      title="Convert to request"
      okText="Convert"
      onOk={() => convert.mutate()}
      confirmLoading={convert.isPending}
      onCancel={onClose}
      okButtonProps={{ 'data-testid': 'answer-convert-request-confirm' } as ButtonProps}
    >
      <Typography.Paragraph>
        A draft request is made from this answer; its questionnaire is filled in where the questions match.
      </Typography.Paragraph>
      <Form layout="vertical" component="div">
        <Form.Item label="Plan" htmlFor="answer-convert-plan" help="Empty: the client's only active plan">
          <Select
            id="answer-convert-plan"
            allowClear
            showSearch
            optionFilterProp="label"
            value={plan ?? undefined}
            onChange={(uuid?: string) => setPlan(uuid ?? null)}
            loading={plans.isLoading}
            options={clientPlans.map((p) => ({ value: p.uuid, label: p.title }))}
            data-testid="answer-convert-plan"
          />
        </Form.Item>
        <Form.Item label="Request type" htmlFor="answer-convert-type" help="Empty: the type the form was made from">
          <Select
            id="answer-convert-type"
            allowClear
            showSearch
            optionFilterProp="label"
            value={type ?? undefined}
            onChange={(id?: number) => setType(id ?? null)}
            loading={types.isLoading}
            options={(types.data ?? []).filter((t) => !t.disabled).map((t) => ({ value: t.id, label: t.name }))}
            data-testid="answer-convert-type"
          />
        </Form.Item>
      </Form>
      {problem ? <Alert type="error" showIcon message={problem} data-testid="answer-convert-problem" /> : null}
    </Modal>
  );
}

function Conversions({ answer }: { answer: AnswerDetail }) {
  const ability = useAbility();
  const queryClient = useQueryClient();
  const [asking, setAsking] = useState(false);
  const done = () => {
    setAsking(false);
    void queryClient.invalidateQueries({ queryKey: ANSWERS_KEY });
  };
  const toCustomer = useMutation({
    mutationFn: () => convertAnswer(answer.uuid, { to: 'customer' }),
    onSuccess: done,
    onError: reportError,
  });
  const mayConvert = ability.can('FORMS_UPDATE');
  return (
    <Space wrap data-testid="answer-conversions">
      {answer.request_uuid ? (
        <Link to={requestLink(answer.request_uuid)} data-testid="answer-request-link">
          Open the request made from this answer
        </Link>
      ) : mayConvert && ability.can('REQUEST_CREATE') ? (
        <Button onClick={() => setAsking(true)} data-testid="answer-convert-request">
          Convert to request
        </Button>
      ) : null}
      {answer.converted_customer_uuid ? (
        <Link to={clientLink(answer.converted_customer_uuid)} data-testid="answer-client-link">
          Open the client made from this answer
        </Link>
      ) : mayConvert && ability.can('CUSTOMERS_CREATE') && !answer.customer ? (
        <Button
          loading={toCustomer.isPending}
          onClick={() => toCustomer.mutate()}
          data-testid="answer-convert-customer"
        >
          Convert to client
        </Button>
      ) : null}
      {asking ? <ConvertToRequest answer={answer} onDone={done} onClose={() => setAsking(false)} /> : null}
    </Space>
  );
}

/** One answer: who, when, which version; its questions in the order they were asked, files openable. */
export function AnswerDrawer({ uuid, onClose }: { uuid: string; onClose(): void }) {
  const answer = useQuery({
    queryKey: [...ANSWERS_KEY, 'detail', uuid],
    queryFn: ({ signal }) => getAnswer(uuid, signal),
  });
  const data = answer.data;
  return (
    <Drawer
      open
      onClose={onClose}
      title={data ? data.form.name : 'Answer'}
      width="min(720px, 100vw)"
      data-testid="answer-drawer"
    >
      {!data ? (
        <Skeleton active />
      ) : (
        <>
          <Descriptions
            size="small"
            column={1}
            items={[
              { key: 'version', label: 'Version', children: data.version.number },
              { key: 'client', label: 'Client', children: data.customer?.business_name ?? '—' },
              {
                key: 'who',
                label: 'Sent by',
                children: data.submitted_by?.name ?? (data.source === 'link' ? 'Through a share link' : '—'),
              },
              { key: 'when', label: 'Sent', children: new Date(data.created_at).toLocaleString() },
              { key: 'completion', label: 'Completion', children: `${data.completion}%` },
            ]}
          />
          <div className="fa-actions">
            <Conversions answer={data} />
          </div>
          <div className="fa-questions" data-testid="answer-questions">
            {visibleQuestions(data.questions, data.values).map((question) => (
              <AnsweredQuestion key={question.name} question={question} answer={data} />
            ))}
          </div>
        </>
      )}
    </Drawer>
  );
}
