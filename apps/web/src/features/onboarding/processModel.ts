import {
  ONBOARDING_LIMITS,
  type OnboardingInclusion,
  type OnboardingProcess,
  type OnboardingProcessUpdateInput,
} from '@portal/domain';

/**
 * A step being edited. `id` keys it in the list and for dnd-kit: the step's key, or a local id for a step not saved
 * yet (the server gives it a key when the process is saved).
 */
export interface DraftStep {
  id: string;
  key?: string;
  builtin: boolean;
  name: string;
  inclusion: OnboardingInclusion | null;
  ownerRoleUuid: string | null;
  stuckAfterDays: number | null;
}

export interface ProcessDraft {
  steps: DraftStep[];
  remindEveryDays: number | null;
}

let localIds = 0;

export function draftOf(process: OnboardingProcess): ProcessDraft {
  return {
    steps: [...process.steps]
      .sort((a, b) => a.position - b.position)
      .map((step) => ({
        id: step.key,
        key: step.key,
        builtin: step.builtin,
        name: step.name,
        inclusion: step.inclusion,
        ownerRoleUuid: step.owner_role?.uuid ?? null,
        stuckAfterDays: step.stuck_after_days,
      })),
    remindEveryDays: process.remind_every_days,
  };
}

const isDone = (step: DraftStep) => step.key === 'done';

/** A new custom step goes just before `done`, which always closes the process. */
export function addStep(draft: ProcessDraft, name: string): ProcessDraft {
  localIds += 1;
  const step: DraftStep = {
    id: `new-${localIds}`,
    builtin: false,
    name,
    inclusion: null,
    ownerRoleUuid: null,
    stuckAfterDays: null,
  };
  const doneAt = draft.steps.findIndex(isDone);
  const steps = [...draft.steps];
  steps.splice(doneAt === -1 ? steps.length : doneAt, 0, step);
  return { ...draft, steps };
}

/** Moves a step; `done` stays last, so it does not move and nothing moves below it. */
export function moveStep(draft: ProcessDraft, from: number, to: number): ProcessDraft {
  const moving = draft.steps[from];
  const last = draft.steps.length - 1;
  const doneIsLast = draft.steps[last] !== undefined && isDone(draft.steps[last] as DraftStep);
  const target = doneIsLast ? Math.min(to, last - 1) : to;
  if (!moving || isDone(moving) || from === target || target < 0) {
    return draft;
  }
  const steps = [...draft.steps];
  steps.splice(from, 1);
  steps.splice(target, 0, moving);
  return { ...draft, steps };
}

export function updateStep(draft: ProcessDraft, id: string, change: Partial<Omit<DraftStep, 'id'>>): ProcessDraft {
  return { ...draft, steps: draft.steps.map((step) => (step.id === id ? { ...step, ...change } : step)) };
}

/** Only steps the agency added can go; the built-in ones carry behaviour (see ONBOARDING_BUILTIN_STEPS). */
export function removeStep(draft: ProcessDraft, id: string): ProcessDraft {
  return { ...draft, steps: draft.steps.filter((step) => step.id !== id || step.builtin) };
}

/** What blocks saving, by step id: a name left empty or too long. */
export function stepProblems(draft: ProcessDraft): Record<string, string> {
  const problems: Record<string, string> = {};
  for (const step of draft.steps) {
    const name = step.name.trim();
    if (!name) {
      problems[step.id] = 'Give the step a name.';
    } else if (name.length > ONBOARDING_LIMITS.nameLength) {
      problems[step.id] = `At most ${ONBOARDING_LIMITS.nameLength} characters.`;
    }
  }
  return problems;
}

/** PUT onboarding/process: the whole ordered list, new steps without a key. */
export function processUpdateOf(draft: ProcessDraft): OnboardingProcessUpdateInput {
  return {
    steps: draft.steps.map((step) => ({
      ...(step.key ? { key: step.key } : {}),
      name: step.name.trim(),
      inclusion: step.inclusion,
      owner_role_uuid: step.ownerRoleUuid,
      stuck_after_days: step.stuckAfterDays,
    })),
    remind_every_days: draft.remindEveryDays,
  };
}
