import { describe, expect, it } from 'vitest';
import { createAbility } from '../auth/ability';
import { admin, buildUser, freelancer, manager } from '../test/users';
import { NEW_MENU, visibleNavKeys, visibleNewMenu } from './navigation';

describe('sidebar visibility', () => {
  it('shows an admin (super user) every entry including Groups', () => {
    expect(visibleNavKeys(createAbility(admin))).toEqual([
      'dashboard',
      'mentions',
      'tasks',
      'plans',
      'timelog',
      'requests',
      'assistant',
      'admin',
      'users',
      'users-report',
      'groups',
      'email-logs',
      'activity-log',
    ]);
  });

  it('hides Groups from a manager who is not a super user, even with GROUPS_READ', () => {
    const keys = visibleNavKeys(createAbility(manager));
    expect(keys).toContain('admin');
    expect(keys).toContain('users');
    expect(keys).toContain('users-report');
    expect(keys).not.toContain('groups');
  });

  it('hides Plans and the Admin submenu from a freelancer, whatever their permissions', () => {
    expect(visibleNavKeys(createAbility(freelancer))).toEqual([
      'dashboard',
      'mentions',
      'tasks',
      'timelog',
      'requests',
      'assistant',
    ]);
  });

  it('shows each entry only with its permission', () => {
    const user = buildUser('regular_user', ['TASKS_READ', 'CONTACTS_READ']);
    expect(visibleNavKeys(createAbility(user))).toEqual(['tasks', 'assistant', 'admin', 'users']);
  });

  it('lists the e-mail log under EMAIL_LOG_READ and the activity log under LOGS_READ, for regular users only', () => {
    expect(visibleNavKeys(createAbility(buildUser('regular_user', ['EMAIL_LOG_READ'])))).toEqual([
      'assistant',
      'admin',
      'email-logs',
    ]);
    expect(visibleNavKeys(createAbility(buildUser('regular_user', ['LOGS_READ'])))).toEqual([
      'assistant',
      'admin',
      'activity-log',
    ]);
    expect(visibleNavKeys(createAbility(buildUser('freelancer', ['EMAIL_LOG_READ', 'LOGS_READ'])))).toEqual([
      'assistant',
    ]);
  });

  it('drops the Admin submenu when none of its entries is allowed', () => {
    const user = buildUser('regular_user', ['DASHBOARD_READ']);
    expect(visibleNavKeys(createAbility(user))).toEqual(['dashboard', 'assistant']);
  });
});

describe('New menu', () => {
  it('offers only the items whose screens exist', () => {
    expect(visibleNewMenu(createAbility(admin)).map((e) => e.key)).toEqual([
      'new-task',
      'new-plan',
      'new-client',
      'new-user',
      'new-invite',
      'new-request',
    ]);
    expect(visibleNewMenu(createAbility(freelancer)).map((e) => e.key)).toEqual(['new-task']);
  });

  it('applies permission and type rules to built items', () => {
    const built = NEW_MENU.map((entry) => ({ ...entry, built: true }));
    expect(visibleNewMenu(createAbility(admin), built).map((e) => e.key)).toEqual([
      'new-task',
      'new-plan',
      'new-client',
      'new-user',
      'new-invite',
      'new-request',
    ]);
    expect(visibleNewMenu(createAbility(freelancer), built).map((e) => e.key)).toEqual(['new-task']);
  });
});
