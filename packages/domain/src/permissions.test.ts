import { describe, expect, it } from 'vitest';
import { groupPermissionsByFamily, isPermission, PERMISSIONS } from './permissions';

describe('permission catalogue', () => {
  it('holds every name the shell uses', () => {
    for (const name of [
      'DASHBOARD_READ',
      'COMMENTS_READ',
      'TASKS_READ',
      'TASKS_CREATE',
      'PROJECTS_READ',
      'PROJECTS_CREATE',
      'PROJECTS_UPDATE',
      'TIMELOG_READ',
      'REQUEST_READ',
      'CONTACTS_READ',
      'CONTACTS_CREATE',
      'CUSTOMERS_CREATE',
      'GROUPS_READ',
    ]) {
      expect(isPermission(name), name).toBe(true);
    }
  });

  it('has read, create, update and destroy for each of the 18 families plus the standalone names', () => {
    // Standalone names: the seven of the spec plus COMMENTS_PRIVATE (plan-only comment types, issue 12) and
    // API_TOKENS_CREATE and WEBHOOKS_MANAGE (personal API tokens and webhooks, issue 23).
    expect(PERMISSIONS).toHaveLength(18 * 4 + 10);
    expect(PERMISSIONS).toContain('COMMENTS_PRIVATE');
    expect(PERMISSIONS).toContain('API_TOKENS_CREATE');
    expect(PERMISSIONS).toContain('WEBHOOKS_MANAGE');
    expect(new Set(PERMISSIONS).size).toBe(PERMISSIONS.length);
    expect(PERMISSIONS).toContain('COMMENT_TEMPLATES_DESTROY');
    expect(PERMISSIONS).toContain('ONBOARDING_UPDATE');
    expect(isPermission('MADE_UP_READ')).toBe(false);
  });

  it('groups names by family for the role editor', () => {
    const groups = groupPermissionsByFamily(['TASKS_READ', 'TASKS_CREATE', 'PRODUCT_TYPES_READ', 'LOGS_READ']);
    expect(groups).toEqual({
      task: ['TASKS_READ', 'TASKS_CREATE'],
      product_type: ['PRODUCT_TYPES_READ'],
      other: ['LOGS_READ'],
    });
  });
});
