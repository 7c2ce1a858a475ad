import type { RequestForm } from '@portal/domain';
import { wizardSteps } from '@portal/domain';
import { describe, expect, it } from 'vitest';
import { firstStepWithError, isWizardForm, neighbourStep, shownStep, stepErrors, visibleTree } from './questionTree';

const campaign: RequestForm = [
  { name: 'project_brief', label: 'Project brief', type: 'textEditor', submitRequired: true },
  {
    name: 'campaign_type',
    label: 'Type of campaign',
    type: 'radio',
    options: [
      { label: 'Paid media', value: 'paid_media' },
      { label: 'Organic', value: 'organic' },
    ],
  },
  {
    name: 'paid',
    label: 'Paid',
    type: 'formGroup',
    layout: { type: 'grid', columns: 2 },
    visible: { field: 'campaign_type', values: ['paid_media'] },
    children: [
      { name: 'budget', label: 'Budget', type: 'input', mask: 'currency' },
      { name: 'platforms', label: 'Platforms', type: 'checkbox', options: [{ label: 'Meta', value: 'meta' }] },
    ],
  },
];

const names = (nodes: ReturnType<typeof visibleTree>): string[] =>
  nodes.flatMap((n) => [n.question.name, ...names(n.children)]);

describe('visibleTree', () => {
  it('hides a conditional group until its rule matches, then shows it with its children', () => {
    expect(names(visibleTree(campaign, {}))).toEqual(['project_brief', 'campaign_type']);
    expect(names(visibleTree(campaign, { campaign_type: 'paid_media' }))).toEqual([
      'project_brief',
      'campaign_type',
      'paid',
      'budget',
      'platforms',
    ]);
    expect(names(visibleTree(campaign, { campaign_type: 'organic' }))).toEqual(['project_brief', 'campaign_type']);
  });

  it('drops a group whose children are all hidden', () => {
    const form: RequestForm = [
      { name: 'a', label: 'A', type: 'input' },
      {
        name: 'group',
        label: 'Group',
        type: 'formGroup',
        children: [{ name: 'b', label: 'B', type: 'input', visible: { field: 'a', values: ['x'] } }],
      },
    ];
    expect(names(visibleTree(form, {}))).toEqual(['a']);
    expect(names(visibleTree(form, { a: 'x' }))).toEqual(['a', 'group', 'b']);
  });
});

const wizardForm: RequestForm = [
  {
    name: 'kind',
    label: 'Kind',
    type: 'radio',
    step: { index: 0, title: 'Basics' },
    options: [
      { label: 'Logo', value: 'logo' },
      { label: 'Full', value: 'full' },
    ],
  },
  {
    name: 'full_scope',
    label: 'Scope',
    type: 'textArea',
    required: true,
    step: { index: 1, title: 'Full identity' },
    visible: { field: 'kind', values: ['full'] },
  },
  { name: 'deadline', label: 'Deadline', type: 'date', step: { index: 2, title: 'Timing' } },
];

describe('wizard steps', () => {
  it('recognises a stepped form', () => {
    expect(isWizardForm(wizardForm)).toBe(true);
    expect(isWizardForm(campaign)).toBe(false);
  });

  it('skips a hidden step with Next and Back', () => {
    const steps = wizardSteps(wizardForm, { kind: 'logo' });
    expect(steps.map((s) => s.index)).toEqual([0, 2]);
    expect(neighbourStep(steps, 0, 1)).toBe(2);
    expect(neighbourStep(steps, 2, -1)).toBe(0);
    expect(neighbourStep(steps, 2, 1)).toBeNull();
    expect(neighbourStep(steps, 0, -1)).toBeNull();
  });

  it('offers the step again once its question becomes visible', () => {
    const steps = wizardSteps(wizardForm, { kind: 'full' });
    expect(neighbourStep(steps, 0, 1)).toBe(1);
    expect(neighbourStep(steps, 2, -1)).toBe(1);
  });

  it('shows the next remaining step when the current one has just been hidden', () => {
    const steps = wizardSteps(wizardForm, { kind: 'logo' });
    expect(shownStep(steps, 1)?.index).toBe(2);
    expect(shownStep(steps, 0)?.index).toBe(0);
    expect(shownStep([], 0)).toBeUndefined();
  });

  it('finds the first step with an error and limits errors to one step', () => {
    const steps = wizardSteps(wizardForm, { kind: 'full' });
    const errors = { full_scope: 'This field is required', deadline: 'Pick a date' };
    expect(firstStepWithError(steps, errors)).toBe(1);
    expect(firstStepWithError(steps, {})).toBeNull();
    const timing = steps.find((s) => s.index === 2);
    expect(timing && stepErrors(timing, errors)).toEqual({ deadline: 'Pick a date' });
  });
});
