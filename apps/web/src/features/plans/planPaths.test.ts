import { describe, expect, it } from 'vitest';
import { createAbility } from '../../auth/ability';
import { decideAccess, findRoute } from '../../routes/access';
import { buildUser, freelancer, manager } from '../../test/users';
import { canOpenPlans, PLAN_TABS, planPath, planTabOf } from './planPaths';

const PLAN = '6d3c1a52-3b1e-4c1a-9a43-0d51e1d5b001';

describe('the plan page and its tabs', () => {
  it('gives each tab its own address, the Overview being /projects/{uuid} itself', () => {
    expect(planPath(PLAN)).toBe(`/projects/${PLAN}`);
    expect(planPath(PLAN, 'requests')).toBe(`/projects/${PLAN}/requests`);
    for (const tab of PLAN_TABS) {
      expect(planTabOf(planPath(PLAN, tab))).toBe(tab);
    }
    expect(planTabOf(`/projects/${PLAN}/unknown`)).toBe('overview');
  });

  it('routes every tab address to the plan page, /projects/{id}/requests included (old links keep working)', () => {
    for (const tab of PLAN_TABS) {
      expect(findRoute(planPath(PLAN, tab))?.page, tab).toBe('plan');
    }
  });

  it('offers plan links only to viewers the route lets in: never a freelancer, never without PROJECTS_READ', () => {
    expect(canOpenPlans(createAbility(manager))).toBe(true);
    expect(canOpenPlans(createAbility(freelancer))).toBe(false);
    expect(canOpenPlans(createAbility(buildUser('regular_user', ['TASKS_READ'])))).toBe(false);
    // The same rule as the route gate: a freelancer following an old link gets the permission page, not a 403 call.
    for (const tab of PLAN_TABS) {
      const route = findRoute(planPath(PLAN, tab));
      expect(route && decideAccess(route, freelancer), tab).toBe('forbidden');
    }
  });
});
