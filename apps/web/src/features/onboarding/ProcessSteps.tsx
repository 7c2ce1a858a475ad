import { DeleteOutlined } from '@ant-design/icons';
import { ONBOARDING_INCLUSIONS, ONBOARDING_LIMITS, type OnboardingInclusion } from '@portal/domain';
import { Button, Input, InputNumber, Select, Tag, Tooltip } from 'antd';
import { SortableList, useSortableItem } from '../../components/SortableList';
import { INCLUSION_LABELS } from './labels';
import { type DraftStep, moveStep, type ProcessDraft, removeStep, updateStep } from './processModel';

export interface RoleOption {
  value: string;
  label: string;
}

interface StepsProps {
  draft: ProcessDraft;
  onChange(draft: ProcessDraft): void;
  roles: RoleOption[];
  problems: Record<string, string>;
  readOnly: boolean;
}

const INCLUSION_OPTIONS = [
  { value: '', label: 'Every client' },
  ...ONBOARDING_INCLUSIONS.map((inclusion) => ({ value: inclusion, label: `With ${INCLUSION_LABELS[inclusion]}` })),
];

function StepCard({ step, index, ...props }: StepsProps & { step: DraftStep; index: number }) {
  const fixed = step.key === 'done';
  const sortable = useSortableItem(step.id, props.readOnly || fixed);
  const change = (patch: Partial<DraftStep>) => props.onChange(updateStep(props.draft, step.id, patch));
  const title = step.name.trim() || 'Untitled step';
  const problem = props.problems[step.id];
  const fieldId = (name: string) => `ob-step-${step.id}-${name}`;
  return (
    <li
      ref={sortable.ref}
      style={sortable.style}
      className={`ob-step-card${sortable.isDragging ? ' ob-step-card-dragging' : ''}`}
      data-testid={`ob-process-step-${step.key ?? 'new'}`}
    >
      <div className="ob-step-row">
        {props.readOnly || fixed ? null : sortable.handle(`Move “${title}”`, 'ob-handle', 'ob-step-handle')}
        <span aria-hidden>{index + 1}.</span>
        <Input
          className="ob-grow"
          value={step.name}
          onChange={(event) => change({ name: event.target.value })}
          maxLength={ONBOARDING_LIMITS.nameLength}
          aria-label={`Name of step ${index + 1}`}
          status={problem ? 'error' : undefined}
          readOnly={props.readOnly}
          data-testid="ob-step-name"
        />
        {step.builtin ? <Tag>Built-in</Tag> : null}
        {props.readOnly || step.builtin ? null : (
          <Tooltip title="Remove">
            <Button
              type="text"
              danger
              icon={<DeleteOutlined />}
              aria-label={`Remove “${title}”`}
              onClick={() => props.onChange(removeStep(props.draft, step.id))}
              data-testid="ob-step-remove"
            />
          </Tooltip>
        )}
      </div>
      {problem ? (
        <div className="fb-card-problem-text" role="alert">
          {problem}
        </div>
      ) : null}
      <div className="ob-step-fields">
        <div>
          <label htmlFor={fieldId('inclusion')}>Applies to</label>
          <Select
            id={fieldId('inclusion')}
            value={step.inclusion ?? ''}
            onChange={(value: string) => change({ inclusion: (value || null) as OnboardingInclusion | null })}
            options={INCLUSION_OPTIONS}
            disabled={props.readOnly || fixed}
            style={{ width: '100%' }}
            data-testid="ob-step-inclusion"
          />
        </div>
        <div>
          <label htmlFor={fieldId('owner')}>Owner role</label>
          <Select
            id={fieldId('owner')}
            value={step.ownerRoleUuid ?? ''}
            onChange={(value: string) => change({ ownerRoleUuid: value || null })}
            options={[{ value: '', label: 'The onboarding’s owner' }, ...props.roles]}
            disabled={props.readOnly}
            style={{ width: '100%' }}
            data-testid="ob-step-owner"
          />
        </div>
        <div>
          <label htmlFor={fieldId('stuck')}>Stuck after (days)</label>
          <InputNumber
            id={fieldId('stuck')}
            min={1}
            max={ONBOARDING_LIMITS.stuckAfterDaysMax}
            precision={0}
            value={step.stuckAfterDays}
            placeholder="Never"
            onChange={(value) => change({ stuckAfterDays: typeof value === 'number' ? value : null })}
            disabled={props.readOnly || fixed}
            style={{ width: '100%' }}
            data-testid="ob-step-stuck"
          />
        </div>
      </div>
    </li>
  );
}

/**
 * The process's steps in order, each movable by its handle or from the keyboard (components/SortableList). `done`
 * has no handle: it closes the process.
 */
export function ProcessSteps(props: StepsProps) {
  const ids = props.draft.steps.map((s) => s.id);
  return (
    <SortableList ids={ids} noun="a step" onMove={(from, to) => props.onChange(moveStep(props.draft, from, to))}>
      <ol className="ob-step-list" data-testid="ob-process-steps">
        {props.draft.steps.map((step, index) => (
          <StepCard key={step.id} step={step} index={index} {...props} />
        ))}
      </ol>
    </SortableList>
  );
}
