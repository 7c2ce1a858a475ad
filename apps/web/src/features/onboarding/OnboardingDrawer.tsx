import type { OnboardingDetail, OnboardingStepState } from '@portal/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Checkbox, Descriptions, Drawer, Progress, Skeleton, Tag, Typography } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { describeError } from '../../api/errors';
import { useAbility } from '../../auth/useAbility';
import { useIsNarrow } from '../../layout/useMediaQuery';
import { reportError } from '../../shell/feedback';
import { getOnboarding, ONBOARDINGS_KEY, onboardingKey, startOnboarding, updateOnboardingStep } from './api';
import { stuckText } from './board';
import { historyLine, INCLUSION_LABELS } from './labels';
import { OnboardingItems } from './OnboardingItems';

const when = (iso: string) => new Date(iso).toLocaleString();

function Step({ onboarding, step }: { onboarding: OnboardingDetail; step: OnboardingStepState }) {
  const ability = useAbility();
  const queryClient = useQueryClient();
  const tick = useMutation({
    mutationFn: (done: boolean) => updateOnboardingStep(onboarding.uuid, step.key, done),
    onSuccess: (detail) => {
      queryClient.setQueryData(onboardingKey(onboarding.uuid), detail);
      void queryClient.invalidateQueries({ queryKey: ONBOARDINGS_KEY });
    },
    onError: reportError,
  });
  const current = onboarding.current_step?.key === step.key;
  const label = (
    <span>
      {step.name}
      {current ? (
        <Tag color="blue" style={{ marginLeft: 8 }}>
          Current
        </Tag>
      ) : null}
    </span>
  );
  if (!step.applies) {
    return (
      <li className="ob-step ob-step-na" data-testid="onboarding-step" data-key={step.key}>
        {step.name} — not included for this client
      </li>
    );
  }
  return (
    <li className="ob-step" data-testid="onboarding-step" data-key={step.key}>
      {ability.can('ONBOARDING_UPDATE') && onboarding.status === 'open' ? (
        <Checkbox
          checked={step.done}
          disabled={tick.isPending}
          onChange={(event) => tick.mutate(event.target.checked)}
          data-testid="onboarding-step-done"
        >
          {label}
        </Checkbox>
      ) : (
        <span>
          {step.done ? '✓ ' : ''}
          {label}
        </span>
      )}
      {step.done && step.done_at ? (
        <Typography.Text type="secondary">
          {step.done_by ? `${step.done_by.name}, ` : ''}
          {when(step.done_at)}
        </Typography.Text>
      ) : null}
    </li>
  );
}

/** The client's page link, to copy and send (the same link the invite e-mail and the reminders carry). */
function ClientLink({ onboarding }: { onboarding: OnboardingDetail }) {
  const [url, setUrl] = useState<string | null>(null);
  const show = useMutation({
    mutationFn: () => startOnboarding(onboarding.customer.uuid, {}),
    onSuccess: (started) => setUrl(started.url),
    onError: reportError,
  });
  if (url) {
    return (
      <Typography.Paragraph copyable={{ text: url }} className="ob-item-value" data-testid="onboarding-client-url">
        {url}
      </Typography.Paragraph>
    );
  }
  return (
    <Button loading={show.isPending} onClick={() => show.mutate()} data-testid="onboarding-show-link">
      The client's link
    </Button>
  );
}

function Details({ onboarding }: { onboarding: OnboardingDetail }) {
  const ability = useAbility();
  const included = Object.entries(onboarding.inclusions)
    .filter(([, on]) => on)
    .map(([inclusion]) => INCLUSION_LABELS[inclusion as keyof typeof INCLUSION_LABELS]);
  const stuck = stuckText(onboarding.days_stuck);
  return (
    <>
      <Descriptions
        size="small"
        column={1}
        items={[
          {
            key: 'progress',
            label: 'Progress',
            children: (
              <Progress
                percent={onboarding.progress}
                size="small"
                aria-label={`${onboarding.progress}% done`}
                style={{ minWidth: 120 }}
              />
            ),
          },
          {
            key: 'step',
            label: 'Current step',
            children: onboarding.status === 'done' ? 'Completed' : (onboarding.current_step?.name ?? '—'),
          },
          { key: 'owner', label: 'Owner', children: onboarding.owner?.name ?? 'No owner' },
          { key: 'started', label: 'Started', children: when(onboarding.started_at) },
          { key: 'activity', label: 'Last activity', children: when(onboarding.last_activity_at) },
          ...(stuck ? [{ key: 'stuck', label: 'Stuck', children: <span className="ob-stuck">{stuck}</span> }] : []),
          { key: 'included', label: 'Includes', children: included.join(', ') || 'The process’s own steps only' },
        ]}
      />
      {ability.can('ONBOARDING_UPDATE') && onboarding.status === 'open' ? <ClientLink onboarding={onboarding} /> : null}
      <Typography.Title level={5} className="ob-section-title">
        Steps
      </Typography.Title>
      <ol className="ob-steps" data-testid="onboarding-steps">
        {onboarding.steps.map((step) => (
          <Step key={step.key} onboarding={onboarding} step={step} />
        ))}
      </ol>
      <Typography.Title level={5} className="ob-section-title">
        Information form
      </Typography.Title>
      {onboarding.information_form ? (
        <Typography.Paragraph data-testid="onboarding-information">
          {onboarding.information_form.name}:{' '}
          {onboarding.information_form.answered ? (
            <Link
              to={`/forms/submissions?form_uuid=${onboarding.information_form.uuid}&customer_uuid=${onboarding.customer.uuid}`}
            >
              answered — see the answer
            </Link>
          ) : (
            'not answered yet'
          )}
        </Typography.Paragraph>
      ) : (
        <Typography.Paragraph type="secondary">No information form is chosen.</Typography.Paragraph>
      )}
      <Typography.Title level={5} className="ob-section-title">
        Requirements
      </Typography.Title>
      <OnboardingItems onboarding={onboarding} />
      <Typography.Title level={5} className="ob-section-title">
        History
      </Typography.Title>
      <ul className="ob-history" data-testid="onboarding-history">
        {onboarding.history.map((entry) => (
          <li key={entry.uuid}>
            {historyLine(entry)}
            <time dateTime={entry.created_at}>{when(entry.created_at)}</time>
          </li>
        ))}
      </ul>
    </>
  );
}

/** One client's onboarding: its steps and items to tick, what the client handed in, credentials, history. */
export function OnboardingDrawer({ uuid, onClose }: { uuid: string; onClose(): void }) {
  const narrow = useIsNarrow();
  const onboarding = useQuery({
    queryKey: onboardingKey(uuid),
    queryFn: ({ signal }) => getOnboarding(uuid, signal),
    meta: { silentError: true },
  });
  const data = onboarding.data;
  return (
    <Drawer
      open
      onClose={onClose}
      title={
        data ? (
          <span>
            <Link to={`/clients?client_uuid=${data.customer.uuid}`}>{data.customer.business_name}</Link>
            {data.status === 'done' ? (
              <Tag color="green" style={{ marginLeft: 8 }}>
                Completed
              </Tag>
            ) : null}
          </span>
        ) : (
          'Onboarding'
        )
      }
      width={narrow ? '100%' : 640}
      data-testid="onboarding-drawer"
    >
      {data ? (
        <Details onboarding={data} />
      ) : onboarding.isError ? (
        <Alert type="error" showIcon message={describeError(onboarding.error)} />
      ) : (
        <Skeleton active />
      )}
    </Drawer>
  );
}
