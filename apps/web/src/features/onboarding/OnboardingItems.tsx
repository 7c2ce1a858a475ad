import { EyeOutlined } from '@ant-design/icons';
import { ONBOARDING_SERVICE_INCLUSIONS, type OnboardingDetail, type OnboardingItem } from '@portal/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, type ButtonProps, Checkbox, Popconfirm, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useAbility } from '../../auth/useAbility';
import { reportError } from '../../shell/feedback';
import { UploadedFiles } from '../uploads/UploadedFiles';
import { ONBOARDINGS_KEY, revealCredential, updateOnboardingItem } from './api';
import { INCLUSION_LABELS, ITEM_STATUS_COLOURS, ITEM_STATUS_LABELS, KIND_LABELS, statusAfterTick } from './labels';

/** A credential stays hidden until someone allowed asks, confirms, and the server logs the reveal. */
function Credential({ onboardingUuid, item }: { onboardingUuid: string; item: OnboardingItem }) {
  const ability = useAbility();
  const [value, setValue] = useState<string | null | undefined>(undefined);
  const reveal = useMutation({
    mutationFn: () => revealCredential(onboardingUuid, item.uuid),
    onSuccess: setValue,
    onError: reportError,
  });
  if (!item.has_value) {
    return <div className="ob-item-value">Not given yet.</div>;
  }
  if (value !== undefined) {
    return (
      <Typography.Paragraph
        className="ob-item-value"
        copyable={value ? { text: value } : false}
        data-testid="onboarding-credential-value"
      >
        {value ?? '—'}
      </Typography.Paragraph>
    );
  }
  if (!ability.can('ONBOARDING_UPDATE')) {
    return <div className="ob-item-value">Given; hidden.</div>;
  }
  return (
    <div className="ob-item-value">
      <Popconfirm
        title="Reveal this credential?"
        description="Every reveal is written to the activity log."
        okText="Reveal"
        cancelText="Cancel"
        onConfirm={() => reveal.mutate()}
        okButtonProps={{ 'data-testid': 'onboarding-reveal-confirm' } as ButtonProps}
      >
        <Button size="small" icon={<EyeOutlined />} loading={reveal.isPending} data-testid="onboarding-reveal">
          Reveal
        </Button>
      </Popconfirm>
    </div>
  );
}

function ItemValue({ onboardingUuid, item }: { onboardingUuid: string; item: OnboardingItem }) {
  switch (item.kind) {
    case 'text':
      return <div className="ob-item-value">{item.value ?? 'Nothing yet.'}</div>;
    case 'credential':
      return <Credential onboardingUuid={onboardingUuid} item={item} />;
    case 'link_confirmation':
      return (
        <div className="ob-item-value">
          {item.status === 'todo' ? 'Not confirmed yet.' : 'The client confirmed they followed the link.'}
        </div>
      );
    case 'file':
      return item.files.length > 0 ? (
        <UploadedFiles
          uuids={item.files.map((f) => f.uuid)}
          known={item.files}
          testId={`onboarding-item-files-${item.uuid}`}
        />
      ) : (
        <div className="ob-item-value">No files yet.</div>
      );
  }
}

function Item({ onboarding, item }: { onboarding: OnboardingDetail; item: OnboardingItem }) {
  const ability = useAbility();
  const queryClient = useQueryClient();
  const tick = useMutation({
    mutationFn: (done: boolean) =>
      updateOnboardingItem(onboarding.uuid, item.uuid, { status: statusAfterTick(item, done) }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ONBOARDINGS_KEY }),
    onError: reportError,
  });
  return (
    <li className="ob-item" data-testid="onboarding-item" data-name={item.name}>
      <div className="ob-item-head">
        {ability.can('ONBOARDING_UPDATE') ? (
          <Checkbox
            checked={item.status === 'done'}
            disabled={tick.isPending}
            onChange={(event) => tick.mutate(event.target.checked)}
            data-testid="onboarding-item-done"
          >
            <span className="ob-item-name">{item.name}</span>
          </Checkbox>
        ) : (
          <span className="ob-item-name">{item.name}</span>
        )}
        <span>
          <Tag>{KIND_LABELS[item.kind]}</Tag>
          <Tag color={ITEM_STATUS_COLOURS[item.status]} data-testid="onboarding-item-status">
            {ITEM_STATUS_LABELS[item.status]}
          </Tag>
        </span>
      </div>
      {item.instructions ? (
        <Typography.Paragraph type="secondary" className="ob-item-value">
          {item.instructions}
        </Typography.Paragraph>
      ) : null}
      <ItemValue onboardingUuid={onboarding.uuid} item={item} />
    </li>
  );
}

/** The requirement items of one onboarding, by service, each with what the client handed in. */
export function OnboardingItems({ onboarding }: { onboarding: OnboardingDetail }) {
  const groups = ONBOARDING_SERVICE_INCLUSIONS.map((inclusion) => ({
    inclusion,
    items: onboarding.items.filter((item) => item.inclusion === inclusion),
  })).filter((group) => group.items.length > 0);
  if (groups.length === 0) {
    return <Typography.Paragraph type="secondary">No requirements apply to this client.</Typography.Paragraph>;
  }
  return (
    <>
      {groups.map((group) => (
        <div key={group.inclusion} data-testid={`onboarding-items-${group.inclusion}`}>
          <Typography.Title level={5}>{INCLUSION_LABELS[group.inclusion]}</Typography.Title>
          <ul className="ob-items">
            {group.items.map((item) => (
              <Item key={item.uuid} onboarding={onboarding} item={item} />
            ))}
          </ul>
        </div>
      ))}
    </>
  );
}
