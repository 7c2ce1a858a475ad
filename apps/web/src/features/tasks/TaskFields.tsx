import { FlagFilled } from '@ant-design/icons';
import {
  RECURRENCE_TYPES,
  type RecurrenceType,
  TASK_TITLE_MAX,
  type TaskPriority,
  type TaskStatus,
} from '@portal/domain';
import { Collapse, Dropdown, Form, Input, InputNumber, Select, Space, Switch, Tooltip, Typography } from 'antd';
import type { ReactNode } from 'react';
import { humanize } from '../common/listQuery';
import { PersonName } from '../people/PersonName';
import { PlanLink } from '../plans';
import { DateRangeInputs } from './DateRangeInputs';
import type { DraftErrors, TaskDraft } from './taskForm';
import { allowedTaskStatuses, applyPeoplePick, creatorTooltip, PRIORITY_OPTIONS, taskStatusLabel } from './taskRules';
import { PICK_DELAY, TYPED_EDIT_DELAY } from './useTaskAutosave';

export interface FieldChoices {
  plans: { uuid: string; title: string }[];
  users: { uuid: string; name: string }[];
  tags: string[];
}

export interface TaskFieldsProps {
  mode: 'create' | 'edit';
  draft: TaskDraft;
  errors: DraftErrors;
  /** Errors are shown once the user tried to save or edited the field. */
  showErrors: boolean;
  change(patch: Partial<TaskDraft>, delay?: number): void;
  choices: FieldChoices;
  /** The plan is fixed: a subtask, a personal task, a task of a personal plan. */
  projectLocked: boolean;
  projectTitle?: string;
  creator?: { uuid: string; name: string; created_at: string } | null;
  contactResponsible: boolean;
  /** The status the server holds (a contact-responsible task keeps it among the options). */
  savedStatus?: TaskStatus;
  readOnly: boolean;
  /** A personal task's responsible is the current user (doc 2 §5). */
  responsibleLocked?: boolean;
  timeTracking?: ReactNode;
}

function PriorityPicker({
  value,
  onChange,
  disabled,
}: {
  value: TaskPriority;
  onChange(p: TaskPriority): void;
  disabled: boolean;
}) {
  const current = PRIORITY_OPTIONS.find((p) => p.value === value) ?? PRIORITY_OPTIONS[0];
  return (
    <Dropdown
      disabled={disabled}
      trigger={['click']}
      menu={{
        selectable: true,
        selectedKeys: [String(value)],
        items: PRIORITY_OPTIONS.map((p) => ({
          key: String(p.value),
          label: (
            <span data-testid={`task-priority-${p.label.toLowerCase()}`}>
              <FlagFilled style={{ color: p.colour }} /> {p.label}
            </span>
          ),
        })),
        onClick: ({ key }) => onChange(Number(key) as TaskPriority),
      }}
    >
      <button
        type="button"
        className="task-priority"
        data-testid="task-priority"
        aria-label={`Priority: ${current.label}`}
      >
        <FlagFilled style={{ color: current.colour }} /> {current.label}
      </button>
    </Dropdown>
  );
}

/** The drawer's header and body fields (doc 2 §2), shared by create and edit. */
export function TaskFields(props: TaskFieldsProps) {
  const { draft, change, errors, choices, mode, readOnly } = props;
  const err = (key: keyof TaskDraft) => (props.showErrors ? errors[key] : undefined);
  const statuses = allowedTaskStatuses({
    current: props.savedStatus ?? draft.status,
    recurring: Boolean(draft.recurrence_type) || draft.status === 'seed',
    contactResponsible: props.contactResponsible,
  });
  const userOptions = choices.users.map((u) => ({ value: u.uuid, label: u.name }));
  const projectTitle = props.projectTitle ?? choices.plans.find((p) => p.uuid === draft.project_id)?.title ?? undefined;

  return (
    <div className="task-fields">
      <div className="task-header-row">
        <PriorityPicker value={draft.priority} onChange={(priority) => change({ priority })} disabled={readOnly} />
        <Select
          value={draft.status}
          disabled={readOnly || statuses.length <= 1}
          onChange={(status: TaskStatus) => change({ status })}
          options={statuses.map((s) => ({ value: s, label: taskStatusLabel(s) }))}
          style={{ minWidth: 170 }}
          popupMatchSelectWidth={false}
          aria-label="Status"
          data-testid="task-status"
        />
      </div>
      <Form.Item validateStatus={err('title') ? 'error' : undefined} help={err('title')} className="task-title-item">
        <Input
          value={draft.title}
          maxLength={TASK_TITLE_MAX}
          showCount
          placeholder="Task title"
          variant="borderless"
          className="task-title-input"
          readOnly={readOnly}
          onChange={(e) => change({ title: e.target.value }, TYPED_EDIT_DELAY)}
          data-testid="task-title"
        />
      </Form.Item>
      <div className="task-meta-row">
        {props.projectLocked || mode === 'edit' ? (
          projectTitle && draft.project_id ? (
            <PlanLink
              uuid={draft.project_id}
              fallback={`/tasks?project=${draft.project_id}`}
              testId="task-project-link"
            >
              {projectTitle}
            </PlanLink>
          ) : null
        ) : (
          <Form.Item
            validateStatus={err('project_id') ? 'error' : undefined}
            help={err('project_id')}
            style={{ margin: 0 }}
          >
            <Select
              showSearch={{ optionFilterProp: 'label' }}
              placeholder="Plan"
              value={draft.project_id ?? undefined}
              onChange={(project_id: string) => change({ project_id })}
              options={choices.plans.map((p) => ({ value: p.uuid, label: p.title }))}
              style={{ minWidth: 260 }}
              aria-label="Plan"
              data-testid="task-project"
            />
          </Form.Item>
        )}
        {props.creator ? (
          <Typography.Text type="secondary" data-testid="task-creator">
            {/* doc 2 §2: "By: {name}" with the tooltip "At MM/DD/YY" (the day the task was created). */}
            <Tooltip title={creatorTooltip(props.creator.created_at)}>
              <span data-testid="task-creator-by">By: </span>
            </Tooltip>
            <PersonName uuid={props.creator.uuid} name={props.creator.name} testId="task-creator-name" />
          </Typography.Text>
        ) : null}
      </div>

      <div className="task-field-grid">
        <span className="task-field-label">Dates</span>
        <div>
          <DateRangeInputs
            start={draft.start_date}
            end={draft.end_date}
            disabled={readOnly}
            invalidEnd={Boolean(err('end_date'))}
            onChange={(patch) => change(patch, TYPED_EDIT_DELAY)}
          />
          {err('end_date') ? <div className="task-field-error">{err('end_date')}</div> : null}
        </div>
        {props.timeTracking ? (
          <>
            <span className="task-field-label">Time tracking</span>
            <div>{props.timeTracking}</div>
          </>
        ) : null}
        <span className="task-field-label">Responsible</span>
        <div>
          <Select
            mode="multiple"
            allowClear
            disabled={readOnly || props.responsibleLocked}
            placeholder="Assignees"
            value={draft.responsibles}
            onChange={(next: string[]) => change(applyPeoplePick('responsibles', next, draft))}
            options={userOptions}
            optionFilterProp="label"
            style={{ width: '100%' }}
            status={err('responsibles') ? 'error' : undefined}
            aria-label="Responsible"
            data-testid="task-responsibles"
          />
          {err('responsibles') ? <div className="task-field-error">{err('responsibles')}</div> : null}
        </div>
      </div>

      <Collapse
        ghost
        size="small"
        items={[
          {
            key: 'details',
            label: <span data-testid="task-details-toggle">Details</span>,
            children: (
              <div className="task-field-grid">
                <span className="task-field-label">Estimated time</span>
                <div>
                  <Input
                    value={draft.estimate}
                    placeholder="min-max hours, e.g. 1-2.5"
                    readOnly={readOnly}
                    status={errors.estimate ? 'error' : undefined}
                    onChange={(e) => change({ estimate: e.target.value.replace(/[^\d./\- ]/g, '') }, TYPED_EDIT_DELAY)}
                    style={{ width: 200 }}
                    data-testid="task-estimate"
                  />
                  {errors.estimate ? (
                    <div className="task-field-error" data-testid="task-estimate-error">
                      {errors.estimate}
                    </div>
                  ) : null}
                </div>
                <span className="task-field-label">Followers</span>
                <Select
                  mode="multiple"
                  allowClear
                  disabled={readOnly}
                  placeholder="Followers"
                  value={draft.followers}
                  onChange={(next: string[]) => change(applyPeoplePick('followers', next, draft))}
                  options={userOptions}
                  optionFilterProp="label"
                  style={{ width: '100%' }}
                  aria-label="Followers"
                  data-testid="task-followers"
                />
                <span className="task-field-label">Tags</span>
                <Select
                  mode="tags"
                  disabled={readOnly}
                  placeholder="Type to add a tag"
                  value={draft.tags}
                  onChange={(tags: string[]) => change({ tags: tags.map((t) => t.trim()).filter(Boolean) })}
                  options={choices.tags.map((t) => ({ value: t, label: t }))}
                  style={{ width: '100%' }}
                  aria-label="Tags"
                  data-testid="task-tags"
                />
                <span className="task-field-label">Recurrence</span>
                {mode === 'create' ? (
                  <Space wrap>
                    <Switch
                      checked={Boolean(draft.recurrence_type)}
                      onChange={(on) =>
                        change({
                          recurrence_type: on ? 'weekly' : null,
                          recurrence_limit: on ? (draft.recurrence_limit ?? 4) : null,
                          // On makes the task the master (seed); off returns it to todo (doc 2 §4).
                          status: on ? 'seed' : 'todo',
                        })
                      }
                      data-testid="task-recurrence"
                    />
                    {draft.recurrence_type ? (
                      <>
                        <Select
                          value={draft.recurrence_type}
                          onChange={(recurrence_type: RecurrenceType) => change({ recurrence_type })}
                          options={RECURRENCE_TYPES.map((t) => ({ value: t, label: humanize(t) }))}
                          style={{ width: 160 }}
                          aria-label="Recurrence"
                          data-testid="task-recurrence-type"
                        />
                        <InputNumber
                          min={0}
                          precision={0}
                          value={draft.recurrence_limit}
                          onChange={(value) => change({ recurrence_limit: value === null ? null : Number(value) })}
                          addonAfter="times"
                          status={err('recurrence_limit') ? 'error' : undefined}
                          data-testid="task-recurrence-limit"
                        />
                      </>
                    ) : null}
                  </Space>
                ) : (
                  <span data-testid="task-recurrence-text">
                    {draft.recurrence_type
                      ? `${humanize(draft.recurrence_type)}, ${draft.recurrence_limit ?? 0} times`
                      : 'None'}
                  </span>
                )}
              </div>
            ),
          },
        ]}
      />
    </div>
  );
}

export { PICK_DELAY };
