import { ONBOARDING_LIMITS } from '@portal/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Input, InputNumber, Skeleton, Space, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { describeError } from '../../api/errors';
import { useAbility } from '../../auth/useAbility';
import { ForbiddenPage } from '../../pages/ForbiddenPage';
import { reportError, reportSuccess } from '../../shell/feedback';
import { listRoles, ROLES_KEY } from '../admin/api';
import { PageHeader } from '../common/PageHeader';
import { getProcess, ONBOARDINGS_KEY, PROCESS_KEY, saveProcess } from './api';
import { OnboardingNav } from './OnboardingNav';
import { ProcessSteps, type RoleOption } from './ProcessSteps';
import { addStep, draftOf, type ProcessDraft, processUpdateOf, stepProblems } from './processModel';
import './onboarding.css';

function Editor({ start, roles }: { start: ProcessDraft; roles: RoleOption[] }) {
  const ability = useAbility();
  const readOnly = !ability.can('ONBOARDING_UPDATE');
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState(start);
  const [newName, setNewName] = useState('');
  const problems = stepProblems(draft);
  const changed = JSON.stringify(processUpdateOf(draft)) !== JSON.stringify(processUpdateOf(start));
  const save = useMutation({
    mutationFn: () => saveProcess(processUpdateOf(draft)),
    onSuccess: (saved) => {
      queryClient.setQueryData(PROCESS_KEY, saved);
      void queryClient.invalidateQueries({ queryKey: ONBOARDINGS_KEY });
      reportSuccess('Process saved');
    },
    onError: reportError,
  });
  const add = () => {
    const name = newName.trim();
    if (name && draft.steps.length < ONBOARDING_LIMITS.steps) {
      setDraft(addStep(draft, name));
      setNewName('');
    }
  };
  return (
    <div className="ob-settings">
      <ProcessSteps draft={draft} onChange={setDraft} roles={roles} problems={problems} readOnly={readOnly} />
      {readOnly ? null : (
        <Space.Compact style={{ width: '100%', maxWidth: 480, marginBottom: 16 }}>
          <Input
            value={newName}
            onChange={(event) => setNewName(event.target.value)}
            onPressEnter={add}
            placeholder="New step, e.g. Brand workshop"
            aria-label="New step name"
            maxLength={ONBOARDING_LIMITS.nameLength}
            data-testid="ob-step-new-name"
          />
          <Button onClick={add} disabled={!newName.trim()} data-testid="ob-step-add">
            Add step
          </Button>
        </Space.Compact>
      )}
      <div style={{ marginBottom: 16 }}>
        <label htmlFor="ob-remind">Remind clients of unfinished steps every </label>
        <InputNumber
          id="ob-remind"
          min={1}
          max={ONBOARDING_LIMITS.remindEveryDaysMax}
          precision={0}
          value={draft.remindEveryDays}
          placeholder="Never"
          onChange={(value) => setDraft({ ...draft, remindEveryDays: typeof value === 'number' ? value : null })}
          disabled={readOnly}
          data-testid="ob-remind-days"
        />{' '}
        days
      </div>
      {readOnly ? null : (
        <Button
          type="primary"
          disabled={!changed || Object.keys(problems).length > 0}
          loading={save.isPending}
          onClick={() => save.mutate()}
          data-testid="ob-process-save"
        >
          Save process
        </Button>
      )}
    </div>
  );
}

/** /onboarding/process (ONBOARDING_READ; edits with ONBOARDING_UPDATE): the ordered steps every onboarding follows. */
export function ProcessPage() {
  const ability = useAbility();
  const allowed = ability.isRegularUser && ability.can('ONBOARDING_READ');
  const process = useQuery({ queryKey: PROCESS_KEY, queryFn: ({ signal }) => getProcess(signal), enabled: allowed });
  // Roles are listed to those who may read them; others still see (and keep) the roles the steps name.
  const rolesList = useQuery({
    queryKey: [...ROLES_KEY, 'list'],
    queryFn: ({ signal }) => listRoles(signal),
    enabled: allowed && ability.can('ROLES_READ'),
  });
  const roles = useMemo(() => {
    const options = new Map<string, string>();
    for (const step of process.data?.steps ?? []) {
      if (step.owner_role) {
        options.set(step.owner_role.uuid, step.owner_role.name);
      }
    }
    for (const role of rolesList.data?.data ?? []) {
      options.set(role.uuid, role.name);
    }
    return [...options].map(([value, label]) => ({ value, label }));
  }, [process.data, rolesList.data]);
  if (!allowed) {
    return <ForbiddenPage />;
  }
  return (
    <div className="list-page" data-testid="onboarding-process-page">
      <PageHeader title="Onboarding process" />
      <OnboardingNav />
      <Typography.Paragraph type="secondary">
        Every onboarding follows these steps in order. A step can apply only to clients who bought a service, belong to
        a role, and count as stuck after some days.
      </Typography.Paragraph>
      {process.data ? (
        // Keyed by the saved process: a refetch bringing the same steps keeps what is being edited.
        <Editor key={JSON.stringify(process.data)} start={draftOf(process.data)} roles={roles} />
      ) : process.isError ? (
        <Alert type="error" showIcon message={describeError(process.error)} />
      ) : (
        <Skeleton active />
      )}
    </div>
  );
}
