import { RocketOutlined } from '@ant-design/icons';
import { ONBOARDING_SERVICE_INCLUSIONS, type OnboardingInclusion, type OnboardingStarted } from '@portal/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, type ButtonProps, Checkbox, Modal, Progress, Space, Typography } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { useAbility } from '../../auth/useAbility';
import { reportError } from '../../shell/feedback';
import { listOnboardings, ONBOARDINGS_KEY, startOnboarding } from './api';
import { INCLUSION_LABELS } from './labels';

const EXTRAS = ['welcome_kit', 'schedule_call_link'] as const;

/**
 * Start onboarding without an invite: the services decide the steps and requirements, like an invite's inclusions.
 * The answer carries the client's page link, shown here to be sent to the client.
 */
function StartModal({ customerUuid, onClose }: { customerUuid: string; onClose(): void }) {
  const queryClient = useQueryClient();
  const [chosen, setChosen] = useState<OnboardingInclusion[]>(['welcome_kit', 'schedule_call_link']);
  const [started, setStarted] = useState<OnboardingStarted | null>(null);
  const start = useMutation({
    mutationFn: () => startOnboarding(customerUuid, { inclusions: Object.fromEntries(chosen.map((i) => [i, true])) }),
    onSuccess: (answer) => {
      setStarted(answer);
      void queryClient.invalidateQueries({ queryKey: ONBOARDINGS_KEY });
    },
    onError: reportError,
  });
  return (
    <Modal
      open
      title="Start onboarding"
      okText={started ? 'Close' : 'Start'}
      onOk={() => (started ? onClose() : start.mutate())}
      confirmLoading={start.isPending}
      onCancel={onClose}
      cancelButtonProps={started ? { style: { display: 'none' } } : undefined}
      okButtonProps={{ 'data-testid': 'client-onboarding-start-confirm' } as ButtonProps}
    >
      {started ? (
        <>
          <Typography.Paragraph>
            Send the client this link to their onboarding page; it is also in the drawer of their onboarding.
          </Typography.Paragraph>
          <Typography.Paragraph copyable={{ text: started.url }} data-testid="client-onboarding-url">
            {started.url}
          </Typography.Paragraph>
        </>
      ) : (
        <>
          <Typography.Paragraph>The services the client bought decide what their onboarding asks.</Typography.Paragraph>
          <Checkbox.Group value={chosen} onChange={(values) => setChosen(values as OnboardingInclusion[])}>
            <Space direction="vertical">
              {[...ONBOARDING_SERVICE_INCLUSIONS, ...EXTRAS].map((inclusion) => (
                <Checkbox key={inclusion} value={inclusion} data-testid={`client-onboarding-${inclusion}`}>
                  {INCLUSION_LABELS[inclusion]}
                </Checkbox>
              ))}
            </Space>
          </Checkbox.Group>
        </>
      )}
    </Modal>
  );
}

/** A client's onboarding on the client page: where it stands, or Start onboarding when they have none. */
export function ClientOnboarding({ customerUuid }: { customerUuid: string }) {
  const ability = useAbility();
  const allowed = ability.isRegularUser && ability.can('ONBOARDING_READ');
  const [starting, setStarting] = useState(false);
  const latest = useQuery({
    queryKey: [...ONBOARDINGS_KEY, 'client', customerUuid],
    queryFn: ({ signal }) =>
      listOnboardings(
        { size: 1, filters: { customer_uuid: [customerUuid] }, sortBy: 'started_at', sortDirection: 'desc' },
        signal,
      ),
    enabled: allowed,
  });
  if (!allowed) {
    return null;
  }
  const onboarding = latest.data?.data[0];
  // A client is onboarded once: a completed onboarding stays as it is (the server refuses another).
  const mayStart = ability.can('ONBOARDING_UPDATE') && latest.isSuccess && !onboarding;
  return (
    <section className="client-section" data-testid="client-onboarding">
      <div className="client-section-head">
        <Typography.Title level={5}>Onboarding</Typography.Title>
        {mayStart ? (
          <Button
            size="small"
            icon={<RocketOutlined />}
            onClick={() => setStarting(true)}
            data-testid="client-onboarding-start"
          >
            Start onboarding
          </Button>
        ) : null}
      </div>
      {onboarding ? (
        <Space wrap>
          <Progress
            percent={onboarding.progress}
            size="small"
            aria-label={`Onboarding ${onboarding.progress}% done`}
            style={{ minWidth: 140 }}
          />
          <span>{onboarding.status === 'done' ? 'Completed' : (onboarding.current_step?.name ?? '—')}</span>
          <Link to={`/onboarding?onboarding=${onboarding.uuid}`} data-testid="client-onboarding-open">
            Open
          </Link>
        </Space>
      ) : latest.isSuccess ? (
        <Typography.Text type="secondary">Not onboarded yet.</Typography.Text>
      ) : null}
      {starting ? <StartModal customerUuid={customerUuid} onClose={() => setStarting(false)} /> : null}
    </section>
  );
}
