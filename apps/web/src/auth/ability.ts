import type { Permission, SignedInUser, UserType } from '@portal/domain';

/**
 * What the signed-in user may do, read from what the server sent (user.permissions, contact.type, is_super_user).
 * The web app never derives rights from role names.
 */
export interface Ability {
  can(permission: Permission): boolean;
  readonly type: UserType | null;
  readonly isRegularUser: boolean;
  readonly isSuperUser: boolean;
  /** Plan lists (GET projects, projects/lite) are a staff right: regular users with PROJECTS_READ (doc 1 §3). */
  readonly mayListPlans: boolean;
}

export function createAbility(user: SignedInUser | null | undefined): Ability {
  const permissions = new Set((user?.permissions ?? []).map((p) => p.name));
  return {
    can: (permission) => permissions.has(permission),
    type: user?.contact.type ?? null,
    isRegularUser: user?.contact.type === 'regular_user',
    isSuperUser: user?.is_super_user === true,
    mayListPlans: user?.contact.type === 'regular_user' && permissions.has('PROJECTS_READ'),
  };
}
