import { CalendarOutlined, CheckCircleFilled, PaperClipOutlined } from '@ant-design/icons';
import { MESSAGES, type PublicOnboarding, type PublicOnboardingItem } from '@portal/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Progress, Result, Skeleton, Tag, Typography } from 'antd';
import { useParams } from 'react-router';
import { ApiError, describeError } from '../../api/errors';
import { type RichTextDelta, RichTextEditor } from '../../components/RichTextEditor';
import { EmbeddedPublicForm, PublicFrame } from '../forms/PublicFormPage';
import { PublicItem } from './PublicItem';
import { getPublicOnboarding } from './publicApi';
import './onboarding.css';

const pageKey = (token: string) => ['public-onboarding', token] as const;

/** Why the page cannot be used: replaced, expired or unknown link (the server's words), or completed. */
function Problem({ error }: { error: unknown }) {
  const gone = error instanceof ApiError && (error.status === 404 || error.status === 410);
  const done = error instanceof ApiError && error.body.code === 'onboarding_done';
  return (
    <PublicFrame>
      <Result
        status={done ? 'success' : gone ? 'warning' : 'error'}
        title={gone ? (error as ApiError).body.message || MESSAGES.onboardingLinkNotFound : describeError(error)}
        data-testid="op-link-problem"
      />
    </PublicFrame>
  );
}

function Welcome({ page }: { page: PublicOnboarding }) {
  if (!page.welcome) {
    return null;
  }
  return (
    <section className="op-section" aria-labelledby="op-welcome" data-testid="op-welcome">
      <Typography.Title level={2} id="op-welcome">
        Welcome
      </Typography.Title>
      {page.welcome.body_delta ? (
        <RichTextEditor value={page.welcome.body_delta as RichTextDelta} readOnly testId="op-welcome-body" />
      ) : null}
      {page.welcome.files.length > 0 ? (
        <ul className="op-files">
          {page.welcome.files.map((file) => (
            <li key={file.url}>
              <PaperClipOutlined aria-hidden />{' '}
              <a href={file.url} target="_blank" rel="noopener noreferrer">
                {file.name}
              </a>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}

function Page({ token, page }: { token: string; page: PublicOnboarding }) {
  const queryClient = useQueryClient();
  const saved = (item: PublicOnboardingItem, progress: number) =>
    queryClient.setQueryData<PublicOnboarding>(pageKey(token), (current) =>
      current ? { ...current, progress, items: current.items.map((i) => (i.uuid === item.uuid ? item : i)) } : current,
    );
  const refresh = () => void queryClient.invalidateQueries({ queryKey: pageKey(token) });
  return (
    <PublicFrame>
      <Typography.Title level={1} className="pf-title">
        Welcome aboard, {page.customer_name}
      </Typography.Title>
      <Progress
        percent={page.progress}
        aria-label={`Your onboarding is ${page.progress}% done`}
        data-testid="op-progress"
      />
      <ol className="op-steps" aria-label="Steps" data-testid="op-steps">
        {page.steps.map((step) => (
          <li key={step.key}>
            <Tag color={step.done ? 'green' : step.current ? 'blue' : undefined}>
              {step.done ? <CheckCircleFilled aria-label="Done:" /> : null} {step.name}
            </Tag>
          </li>
        ))}
      </ol>
      <Welcome page={page} />
      {page.schedule_call_link ? (
        <section className="op-section" aria-labelledby="op-call">
          <Typography.Title level={2} id="op-call">
            Your kick-off call
          </Typography.Title>
          <Button
            type="primary"
            icon={<CalendarOutlined />}
            href={page.schedule_call_link}
            target="_blank"
            rel="noopener noreferrer"
            data-testid="op-call-link"
          >
            Book the call
          </Button>
        </section>
      ) : null}
      {page.information_form ? (
        <section className="op-section" aria-labelledby="op-information" data-testid="op-information">
          <Typography.Title level={2} id="op-information">
            About your business
          </Typography.Title>
          {page.information_form.answered ? (
            <Typography.Paragraph data-testid="op-information-done">
              <CheckCircleFilled /> Thank you, we have your answers to {page.information_form.name}.
            </Typography.Paragraph>
          ) : (
            <EmbeddedPublicForm token={page.information_form.token} onAnswered={refresh} />
          )}
        </section>
      ) : null}
      {page.items.length > 0 ? (
        <section className="op-section" aria-labelledby="op-items">
          <Typography.Title level={2} id="op-items">
            What we need from you
          </Typography.Title>
          <ul className="ob-items" data-testid="op-items">
            {page.items.map((item) => (
              <PublicItem key={item.uuid} token={token} item={item} onSaved={saved} />
            ))}
          </ul>
        </section>
      ) : null}
    </PublicFrame>
  );
}

/** /o/:token: a client's onboarding, opened from their invite without an account; works on a phone. */
export function PublicOnboardingPage() {
  const { token = '' } = useParams();
  const page = useQuery({
    queryKey: pageKey(token),
    queryFn: ({ signal }) => getPublicOnboarding(token, signal),
    retry: false,
    refetchOnWindowFocus: false,
    meta: { silentError: true },
  });
  if (page.isLoading) {
    return (
      <PublicFrame>
        <Skeleton active />
      </PublicFrame>
    );
  }
  if (!page.data) {
    return <Problem error={page.error} />;
  }
  return <Page token={token} page={page.data} />;
}
