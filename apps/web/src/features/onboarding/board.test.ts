import type { OnboardingListItem, OnboardingStep } from '@portal/domain';
import { describe, expect, it } from 'vitest';
import { boardColumns, daysSince, OTHER_COLUMN, stuckText } from './board';

const step = (key: string, position: number): OnboardingStep => ({
  key,
  name: key.replace('_', ' '),
  position,
  builtin: !key.startsWith('custom_'),
  inclusion: null,
  owner_role: null,
  stuck_after_days: 5,
});

let n = 0;
const row = (current: string | null, change: Partial<OnboardingListItem> = {}): OnboardingListItem => {
  n += 1;
  return {
    uuid: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    customer: { uuid: `00000000-0000-4000-9000-${String(n).padStart(12, '0')}`, business_name: `Client ${n}` },
    status: 'open',
    progress: 50,
    current_step: current ? { key: current, name: current } : null,
    owner: null,
    started_at: '2026-11-01T10:00:00.000Z',
    last_activity_at: '2026-11-20T10:00:00.000Z',
    days_stuck: 0,
    completed_at: null,
    ...change,
  };
};

describe('onboarding board', () => {
  const steps = [step('information_form', 1), step('welcome', 0), step('done', 2)];

  it('has one column per process step in the process order, each holding the onboardings at that step', () => {
    const a = row('welcome');
    const b = row('information_form');
    const columns = boardColumns(steps, [a, b]);
    expect(columns.map((c) => c.key)).toEqual(['welcome', 'information_form', 'done']);
    expect(columns[0]?.rows).toEqual([a]);
    expect(columns[1]?.rows).toEqual([b]);
    expect(columns[2]?.rows).toEqual([]);
  });

  it('puts an onboarding with every step done in the done column', () => {
    const finished = row(null, { progress: 100 });
    expect(boardColumns(steps, [finished]).find((c) => c.key === 'done')?.rows).toEqual([finished]);
  });

  it('gathers onboardings at a step the process no longer has in a last column, only when there are some', () => {
    expect(boardColumns(steps, []).map((c) => c.key)).not.toContain(OTHER_COLUMN);
    const orphan = row('custom_removed');
    const columns = boardColumns(steps, [orphan]);
    expect(columns.at(-1)).toMatchObject({ key: OTHER_COLUMN, rows: [orphan] });
  });

  it('orders a column most stuck first, then least advanced, then oldest', () => {
    const calm = row('welcome', { progress: 10 });
    const stuck = row('welcome', { days_stuck: 3, progress: 90 });
    const behind = row('welcome', { progress: 5, started_at: '2026-11-05T00:00:00.000Z' });
    const older = row('welcome', { progress: 5, started_at: '2026-11-02T00:00:00.000Z' });
    expect(boardColumns(steps, [calm, behind, stuck, older])[0]?.rows).toEqual([stuck, older, behind, calm]);
  });

  it('says how long a step is stuck only once it is', () => {
    expect(stuckText(0)).toBeNull();
    expect(stuckText(1)).toBe('1 day stuck');
    expect(stuckText(4)).toBe('4 days stuck');
  });

  it('counts whole days since an instant, never below zero', () => {
    const now = new Date('2026-11-27T12:00:00.000Z');
    expect(daysSince('2026-11-25T13:00:00.000Z', now)).toBe(1);
    expect(daysSince('2026-11-28T00:00:00.000Z', now)).toBe(0);
  });
});
