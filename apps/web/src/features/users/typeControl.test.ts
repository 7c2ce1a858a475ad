import { PERMISSIONS, type Permission } from '@portal/domain';
import { describe, expect, it } from 'vitest';
import type { Ability } from '../../auth/ability';
import { mayPickRoles, typeControl } from './typeControl';

const ability = (type: Ability['type'], permissions: readonly Permission[]): Ability => ({
  can: (p) => permissions.includes(p),
  type,
  isRegularUser: type === 'regular_user',
  isSuperUser: false,
  mayListPlans: type === 'regular_user' && permissions.includes('PROJECTS_READ'),
});
const managerPermissions = PERMISSIONS.filter((p) => !p.startsWith('ROLES_') && !p.startsWith('GROUPS_'));

describe('typeControl', () => {
  it("fixes an existing person's type for someone without role administration (the manager of issue 17)", () => {
    expect(typeControl(ability('regular_user', managerPermissions), 'freelancer')).toEqual({
      disabled: true,
      options: ['freelancer'],
    });
  });

  it('offers every type to staff with role administration', () => {
    expect(typeControl(ability('regular_user', PERMISSIONS), 'freelancer')).toEqual({
      disabled: false,
      options: ['regular_user', 'freelancer', 'contact'],
    });
  });

  it('never offers a type that reaches further than the actor’s own', () => {
    expect(typeControl(ability('freelancer', PERMISSIONS), 'contact').options).toEqual(['freelancer', 'contact']);
    expect(typeControl(ability('freelancer', PERMISSIONS), null).options).toEqual(['freelancer']);
  });

  it('lets a new person be of any type up to the creator’s own, without role administration', () => {
    expect(typeControl(ability('regular_user', managerPermissions), null)).toEqual({
      disabled: false,
      options: ['regular_user', 'freelancer', 'contact'],
    });
  });
});

describe('mayPickRoles', () => {
  it('needs both reading roles and changing them', () => {
    expect(mayPickRoles(ability('regular_user', ['ROLES_READ']))).toBe(false);
    expect(mayPickRoles(ability('regular_user', ['ROLES_READ', 'ROLES_UPDATE']))).toBe(true);
    expect(mayPickRoles(ability('regular_user', managerPermissions))).toBe(false);
  });
});
