import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { ONBOARDING_SERVICE_INCLUSIONS, type OnboardingServiceInclusion, type Requirement } from '@portal/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, type ButtonProps, Card, Empty, Popconfirm, Skeleton, Tag, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { describeError } from '../../api/errors';
import { useAbility } from '../../auth/useAbility';
import { SortableList, useSortableItem } from '../../components/SortableList';
import { ForbiddenPage } from '../../pages/ForbiddenPage';
import { reportError } from '../../shell/feedback';
import { PageHeader } from '../common/PageHeader';
import { deleteRequirement, listRequirements, REQUIREMENTS_KEY, updateRequirement } from './api';
import { INCLUSION_LABELS, KIND_LABELS, LINK_LABELS, reorderWrites, requirementsOf } from './labels';
import { OnboardingNav } from './OnboardingNav';
import { RequirementModal } from './RequirementModal';
import './onboarding.css';

interface RowProps {
  requirement: Requirement;
  editable: boolean;
  onEdit(requirement: Requirement): void;
}

function RequirementRow({ requirement, editable, onEdit }: RowProps) {
  const queryClient = useQueryClient();
  const sortable = useSortableItem(requirement.uuid, !editable);
  const remove = useMutation({
    mutationFn: () => deleteRequirement(requirement.uuid),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: REQUIREMENTS_KEY }),
    onError: reportError,
  });
  return (
    <li
      ref={sortable.ref}
      style={sortable.style}
      className={`ob-req-card${sortable.isDragging ? ' ob-req-card-dragging' : ''}`}
      data-testid="ob-req"
      data-name={requirement.name}
    >
      <div className="ob-req-row">
        {editable ? sortable.handle(`Move “${requirement.name}”`, 'ob-handle', 'ob-req-handle') : null}
        <span className="ob-req-name">{requirement.name}</span>
        <Tag>{KIND_LABELS[requirement.kind]}</Tag>
        {requirement.link ? <Tag color="blue">{LINK_LABELS[requirement.link]}</Tag> : null}
        {editable ? (
          <span>
            <Tooltip title="Edit">
              <Button
                type="text"
                icon={<EditOutlined />}
                aria-label={`Edit “${requirement.name}”`}
                onClick={() => onEdit(requirement)}
                data-testid="ob-req-edit"
              />
            </Tooltip>
            <Popconfirm
              title="Remove this requirement?"
              description="Clients onboarding now keep what they handed in."
              okText="Remove"
              cancelText="Cancel"
              onConfirm={() => remove.mutate()}
              okButtonProps={{ 'data-testid': 'ob-req-remove-confirm' } as ButtonProps}
            >
              <Button
                type="text"
                danger
                icon={<DeleteOutlined />}
                aria-label={`Remove “${requirement.name}”`}
                loading={remove.isPending}
                data-testid="ob-req-remove"
              />
            </Popconfirm>
          </span>
        ) : null}
      </div>
      {requirement.instructions ? <div className="ob-req-instructions">{requirement.instructions}</div> : null}
    </li>
  );
}

function InclusionRequirements({
  inclusion,
  requirements,
  editable,
  onAdd,
  onEdit,
}: {
  inclusion: OnboardingServiceInclusion;
  requirements: Requirement[];
  editable: boolean;
  onAdd(): void;
  onEdit(requirement: Requirement): void;
}) {
  const queryClient = useQueryClient();
  const move = useMutation({
    mutationFn: async (writes: { uuid: string; position: number }[]) => {
      for (const write of writes) {
        await updateRequirement(write.uuid, { position: write.position });
      }
    },
    onMutate: (writes) => {
      // The list shows the new order at once; the refetch after the writes confirms it.
      const positions = new Map(writes.map((w) => [w.uuid, w.position]));
      queryClient.setQueryData<Requirement[]>(REQUIREMENTS_KEY, (list) =>
        list?.map((r) => (positions.has(r.uuid) ? { ...r, position: positions.get(r.uuid) as number } : r)),
      );
    },
    onError: reportError,
    onSettled: () => void queryClient.invalidateQueries({ queryKey: REQUIREMENTS_KEY }),
  });
  const ids = requirements.map((r) => r.uuid);
  const onMove = (from: number, to: number) => {
    const writes = reorderWrites(requirements, from, to);
    if (writes.length > 0) {
      move.mutate(writes);
    }
  };
  return (
    <Card
      size="small"
      title={INCLUSION_LABELS[inclusion]}
      style={{ marginBottom: 16 }}
      data-testid={`ob-reqs-${inclusion}`}
      extra={
        editable ? (
          <Button size="small" icon={<PlusOutlined />} onClick={onAdd} data-testid={`ob-req-add-${inclusion}`}>
            Add
          </Button>
        ) : null
      }
    >
      {requirements.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="Nothing is asked of these clients yet" />
      ) : (
        <SortableList ids={ids} noun="a requirement" onMove={onMove}>
          <ol className="ob-req-list">
            {requirements.map((requirement) => (
              <RequirementRow key={requirement.uuid} requirement={requirement} editable={editable} onEdit={onEdit} />
            ))}
          </ol>
        </SortableList>
      )}
    </Card>
  );
}

/** /onboarding/requirements (ONBOARDING_READ; edits with ONBOARDING_UPDATE): what each service needs from a client. */
export function RequirementsPage() {
  const ability = useAbility();
  const allowed = ability.isRegularUser && ability.can('ONBOARDING_READ');
  const editable = ability.can('ONBOARDING_UPDATE');
  const [editing, setEditing] = useState<{
    inclusion: OnboardingServiceInclusion;
    requirement: Requirement | null;
  } | null>(null);
  const requirements = useQuery({
    queryKey: REQUIREMENTS_KEY,
    queryFn: ({ signal }) => listRequirements(signal),
    enabled: allowed,
  });
  if (!allowed) {
    return <ForbiddenPage />;
  }
  return (
    <div className="list-page" data-testid="onboarding-requirements-page">
      <PageHeader title="Onboarding requirements" />
      <OnboardingNav />
      <Typography.Paragraph type="secondary">
        For each service a client buys, what the agency needs from them: files, text, a link to follow and confirm, or a
        login kept encrypted. The client hands each one in on their onboarding page.
      </Typography.Paragraph>
      {requirements.data ? (
        <div className="ob-settings">
          {ONBOARDING_SERVICE_INCLUSIONS.map((inclusion) => (
            <InclusionRequirements
              key={inclusion}
              inclusion={inclusion}
              requirements={requirementsOf(requirements.data, inclusion)}
              editable={editable}
              onAdd={() => setEditing({ inclusion, requirement: null })}
              onEdit={(requirement) => setEditing({ inclusion, requirement })}
            />
          ))}
        </div>
      ) : requirements.isError ? (
        <Alert type="error" showIcon message={describeError(requirements.error)} />
      ) : (
        <Skeleton active />
      )}
      {editing ? (
        <RequirementModal
          inclusion={editing.inclusion}
          requirement={editing.requirement}
          onClose={() => setEditing(null)}
        />
      ) : null}
    </div>
  );
}
