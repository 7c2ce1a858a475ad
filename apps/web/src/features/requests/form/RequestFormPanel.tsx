import { PrinterOutlined } from '@ant-design/icons';
import {
  type Answers,
  formatMinutes,
  MESSAGES,
  REQUEST_SUBJECT_MAX,
  type RequestDetail,
  type RequestForm,
} from '@portal/domain';
import { useQuery } from '@tanstack/react-query';
import { Button, Form, Input, Select, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { useAbility } from '../../../auth/useAbility';
import { useDebouncedValue } from '../../../search/useDebouncedValue';
import { ClientStandingAlert } from '../../billing';
import { canOpenPlans, planPath } from '../../plans';
import { BudgetPanel } from '../../plans/budget/BudgetPanel';
import { listAssignableUsers } from '../../tasks/api';
import { isoToUsDate } from '../../timelogs/timeEntry';
import { RequestAddTime } from '../detail/RequestAddTime';
import { listRequesterCandidates, listRequestPlans } from './api';
import { RequestUploadsArea } from './RequestUploadsArea';
import { type PanelDraft, pickFollowers, pickOwner } from './requestDraft';
import type { PanelErrors } from './serverErrors';

/** User search throttle (doc 2 §9). */
const PEOPLE_SEARCH_DELAY = 300;

export interface PanelPlan {
  uuid: string;
  title: string;
  customer: { uuid: string; business_name: string } | null;
}

/** Plans the picker offers, keeping the request's own plan even when it is no longer offered (to show its name). */
export function useRequestPlans(enabled: boolean, request?: RequestDetail): PanelPlan[] {
  const plans = useQuery({
    queryKey: ['plans', 'lite', 'request-plans'],
    queryFn: ({ signal }) => listRequestPlans(signal),
    enabled,
    staleTime: 60_000,
  });
  const list: PanelPlan[] = plans.data ?? [];
  const own = request?.project;
  return own && !list.some((p) => p.uuid === own.uuid) ? [own, ...list] : list;
}

function RequesterPicker({
  panel,
  onChange,
  readOnly,
  request,
  error,
}: {
  panel: PanelDraft;
  onChange(next: PanelDraft): void;
  readOnly: boolean;
  request?: RequestDetail;
  error?: string;
}) {
  const [search, setSearch] = useState('');
  const term = useDebouncedValue(search, PEOPLE_SEARCH_DELAY);
  const planId = panel.projectId;
  const people = useQuery({
    queryKey: ['project-users', 'requester-candidates', planId, term],
    queryFn: ({ signal }) => listRequesterCandidates(planId ?? '', term, signal),
    enabled: Boolean(planId) && !readOnly,
    staleTime: 30_000,
  });
  const options = (people.data ?? []).map((p) => ({ value: p.uuid, label: p.name }));
  const current = request?.requester;
  if (current && current.uuid === panel.requesterId && !options.some((o) => o.value === current.uuid)) {
    options.unshift({ value: current.uuid, label: current.name });
  }
  return (
    <Form.Item
      label="Requester"
      htmlFor="request-requester-input"
      validateStatus={error ? 'error' : undefined}
      help={error}
    >
      <Select
        showSearch={{ filterOption: false, onSearch: setSearch }}
        allowClear
        // The requester is one of the plan's members or its client's contacts, so a plan comes first.
        disabled={readOnly || !planId}
        placeholder={planId ? 'Choose the requester' : 'Choose a plan first'}
        value={panel.requesterId ?? undefined}
        onChange={(requesterId: string | undefined) => onChange({ ...panel, requesterId: requesterId ?? null })}
        loading={people.isFetching}
        options={options}
        id="request-requester-input"
        data-testid="request-requester"
      />
    </Form.Item>
  );
}

/**
 * The request form's side panel (doc 2 §2): plan, requester, owner and followers, estimated time, time spent,
 * due date, request name, client and plan links, and the form's buttons (`actions`).
 */
export function RequestFormPanel({
  panel,
  onChange,
  errors,
  readOnly,
  request,
  actions,
  form,
  answers,
}: {
  panel: PanelDraft;
  onChange(next: PanelDraft): void;
  errors: PanelErrors;
  readOnly: boolean;
  request?: RequestDetail;
  actions?: ReactNode;
  /** The questionnaire and its answers: the uploads area leaves out files that answer upload questions. */
  form?: RequestForm;
  answers?: Answers;
}) {
  const ability = useAbility();
  const plans = useRequestPlans(!readOnly && ability.can('PROJECTS_READ'), request);
  const staff = useQuery({
    queryKey: ['project-users', 'assignable'],
    queryFn: ({ signal }) => listAssignableUsers(signal),
    enabled: !readOnly,
    staleTime: 60_000,
  });
  const people = [...(staff.data ?? [])];
  for (const related of request?.related_users ?? []) {
    if (!people.some((p) => p.uuid === related.uuid)) {
      people.push({ uuid: related.uuid, name: related.name, status: 'active', type: related.type });
    }
  }
  const peopleOptions = people.map((p) => ({ value: p.uuid, label: p.name }));
  const plan = plans.find((p) => p.uuid === panel.projectId);

  return (
    <Form layout="vertical" component="div" className="rq-panel" data-testid="request-panel">
      <Form.Item
        label="Request name"
        htmlFor="request-subject"
        validateStatus={errors.subject ? 'error' : undefined}
        help={errors.subject}
      >
        <Input
          id="request-subject"
          value={panel.subject}
          maxLength={REQUEST_SUBJECT_MAX}
          readOnly={readOnly}
          placeholder="Name this request"
          onChange={(e) => onChange({ ...panel, subject: e.target.value })}
          data-testid="request-subject"
        />
      </Form.Item>
      <Form.Item
        label="Plan"
        htmlFor="request-plan-input"
        validateStatus={errors.project ? 'error' : undefined}
        help={errors.project}
      >
        <Select
          showSearch={{ optionFilterProp: 'label' }}
          disabled={readOnly}
          placeholder="Choose a plan"
          value={panel.projectId ?? undefined}
          // A new plan has other people: the requester is chosen again.
          onChange={(projectId: string) => onChange({ ...panel, projectId, requesterId: null })}
          options={plans.map((p) => ({ value: p.uuid, label: p.title }))}
          id="request-plan-input"
          data-testid="request-plan"
        />
      </Form.Item>
      {/* A new request (or draft) for a client with overdue invoices: the agency's overdue rule, said up front. */}
      {plan && !readOnly && (!request || request.status === 'draft') ? (
        <ClientStandingAlert projectUuid={plan.uuid} />
      ) : null}
      {plan ? (
        <div className="rq-panel-links">
          {plan.customer ? (
            <Link to={{ search: `?client_uuid=${plan.customer.uuid}` }} data-testid="request-client-link">
              {plan.customer.business_name}
            </Link>
          ) : null}
          {/* Only for those who may open the plan's page: a freelancer would land on the permission page. */}
          {canOpenPlans(ability) ? (
            <Link to={planPath(plan.uuid)} data-testid="request-project-link">
              Go to project
            </Link>
          ) : null}
        </div>
      ) : null}
      {/* Doc 1 §6: the budget panel, shown by the plan's own rule (retainer with time reports) to plan readers. */}
      {plan && ability.isRegularUser && ability.can('PROJECTS_READ') ? <BudgetPanel planUuid={plan.uuid} /> : null}
      <RequesterPicker
        panel={panel}
        onChange={onChange}
        readOnly={readOnly}
        request={request}
        error={errors.requester}
      />
      <Form.Item
        label="Owner"
        htmlFor="request-owner-input"
        validateStatus={errors.owner ? 'error' : undefined}
        help={errors.owner}
      >
        <Select
          showSearch={{ optionFilterProp: 'label' }}
          allowClear
          disabled={readOnly}
          placeholder="Responsible person"
          value={panel.ownerId ?? undefined}
          onChange={(ownerId: string | undefined) => onChange(pickOwner(panel, ownerId ?? null))}
          options={peopleOptions}
          id="request-owner-input"
          data-testid="request-owner"
        />
      </Form.Item>
      <Form.Item
        label="Followers"
        htmlFor="request-followers-input"
        validateStatus={errors.followers ? 'error' : undefined}
        help={errors.followers}
      >
        <Select
          mode="multiple"
          allowClear
          disabled={readOnly}
          placeholder="Followers"
          value={panel.followers}
          onChange={(followers: string[]) => onChange(pickFollowers(panel, followers))}
          options={peopleOptions}
          optionFilterProp="label"
          id="request-followers-input"
          data-testid="request-followers"
        />
      </Form.Item>
      <Form.Item
        label="Estimated time"
        htmlFor="request-estimate"
        validateStatus={errors.estimate ? 'error' : undefined}
        help={errors.estimate ? <span data-testid="request-estimate-error">{errors.estimate}</span> : undefined}
        extra={readOnly ? undefined : 'Hours as min-max, e.g. 2-4.5'}
      >
        <Input
          id="request-estimate"
          value={panel.estimate}
          readOnly={readOnly}
          placeholder="00:00 - 00:00"
          // Digits, dot and slash (and '-' or ':' of the range forms) only (doc 2 §5).
          onChange={(e) => onChange({ ...panel, estimate: e.target.value.replace(/[^\d./\-: ]/g, '') })}
          data-testid="request-estimate"
        />
      </Form.Item>
      <div className="rq-panel-facts">
        <Typography.Text type="secondary">Time spent</Typography.Text>
        <span className="rq-panel-time-spent">
          <span data-testid="request-panel-time-spent">{formatMinutes(request?.time_spent ?? 0)}</span>
          {/* Time is logged on a saved request; a new one has nothing to log against yet. */}
          {request ? <RequestAddTime requestUuid={request.uuid} testId="request-panel-add-time" /> : null}
        </span>
        <Typography.Text type="secondary">Due date</Typography.Text>
        <span data-testid="request-due-date">
          {request?.target_date ? isoToUsDate(request.target_date.slice(0, 10)) : MESSAGES.noDueDate}
        </span>
      </div>
      {form ? (
        <RequestUploadsArea
          request={request}
          form={form}
          answers={answers ?? {}}
          panel={panel}
          onChange={onChange}
          readOnly={readOnly}
        />
      ) : null}
      <div className="rq-panel-actions">
        {actions}
        <Button icon={<PrinterOutlined />} onClick={() => window.print()} data-testid="request-print">
          Print
        </Button>
      </div>
    </Form>
  );
}
