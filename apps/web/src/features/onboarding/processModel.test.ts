import type { OnboardingProcess } from '@portal/domain';
import { describe, expect, it } from 'vitest';
import { addStep, draftOf, moveStep, processUpdateOf, removeStep, stepProblems, updateStep } from './processModel';

const role = { uuid: '00000000-0000-4000-8000-000000000001', name: 'Account manager' };
const process: OnboardingProcess = {
  remind_every_days: 3,
  steps: [
    {
      key: 'information_form',
      position: 1,
      name: 'Information form',
      builtin: true,
      inclusion: null,
      owner_role: null,
      stuck_after_days: 5,
    },
    {
      key: 'welcome',
      position: 0,
      name: 'Welcome',
      builtin: true,
      inclusion: 'welcome_kit',
      owner_role: role,
      stuck_after_days: null,
    },
    {
      key: 'done',
      position: 2,
      name: 'Done',
      builtin: true,
      inclusion: null,
      owner_role: null,
      stuck_after_days: null,
    },
  ],
};

const keys = (draft: ReturnType<typeof draftOf>) => draft.steps.map((s) => s.key ?? s.name);

describe('process editing', () => {
  it('starts from the process in its order', () => {
    const draft = draftOf(process);
    expect(keys(draft)).toEqual(['welcome', 'information_form', 'done']);
    expect(draft.steps[0]).toMatchObject({ ownerRoleUuid: role.uuid, inclusion: 'welcome_kit' });
  });

  it('adds a new step just before done', () => {
    const draft = addStep(draftOf(process), 'Brand workshop');
    expect(keys(draft)).toEqual(['welcome', 'information_form', 'Brand workshop', 'done']);
    expect(draft.steps[2]?.key).toBeUndefined();
  });

  it('moves steps but keeps done last: done does not move and nothing goes below it', () => {
    const draft = draftOf(process);
    expect(keys(moveStep(draft, 1, 0))).toEqual(['information_form', 'welcome', 'done']);
    expect(keys(moveStep(draft, 0, 2))).toEqual(['information_form', 'welcome', 'done']);
    expect(moveStep(draft, 2, 0)).toBe(draft);
  });

  it('removes only steps the agency added', () => {
    const added = addStep(draftOf(process), 'Brand workshop');
    const id = added.steps[2]?.id as string;
    expect(keys(removeStep(added, id))).toEqual(['welcome', 'information_form', 'done']);
    expect(keys(removeStep(added, 'welcome'))).toEqual(keys(added));
  });

  it('blocks saving a step without a name', () => {
    const draft = updateStep(draftOf(process), 'welcome', { name: '  ' });
    expect(stepProblems(draft)).toEqual({ welcome: 'Give the step a name.' });
  });

  it('sends the whole ordered list, existing steps by key and new ones without, names trimmed', () => {
    let draft = addStep(draftOf(process), ' Brand workshop ');
    const id = draft.steps[2]?.id as string;
    draft = updateStep(draft, id, { inclusion: 'creative_package', stuckAfterDays: 4, ownerRoleUuid: role.uuid });
    draft = { ...draft, remindEveryDays: null };
    expect(processUpdateOf(draft)).toEqual({
      remind_every_days: null,
      steps: [
        {
          key: 'welcome',
          name: 'Welcome',
          inclusion: 'welcome_kit',
          owner_role_uuid: role.uuid,
          stuck_after_days: null,
        },
        {
          key: 'information_form',
          name: 'Information form',
          inclusion: null,
          owner_role_uuid: null,
          stuck_after_days: 5,
        },
        { name: 'Brand workshop', inclusion: 'creative_package', owner_role_uuid: role.uuid, stuck_after_days: 4 },
        { key: 'done', name: 'Done', inclusion: null, owner_role_uuid: null, stuck_after_days: null },
      ],
    });
  });
});
