import { mayGiveType, TYPE_CHANGE_PERMISSION, USER_TYPES, type UserType } from '@portal/domain';
import type { Ability } from '../../auth/ability';

/**
 * The Type select as the server rules it (contact-commands.ts): a new person may get any type up to the creator's
 * own; an existing person's type changes only with the role-administration permission, and again only up to one's
 * own type. From the signed-in user's permissions and type, never from role names.
 */
export function typeControl(ability: Ability, current: UserType | null): { disabled: boolean; options: UserType[] } {
  const mayGive = (type: UserType) => ability.type !== null && mayGiveType(ability.type, type);
  if (current === null) {
    return { disabled: false, options: USER_TYPES.filter(mayGive) };
  }
  if (!ability.can(TYPE_CHANGE_PERMISSION)) {
    return { disabled: true, options: [current] };
  }
  return { disabled: false, options: USER_TYPES.filter((t) => t === current || mayGive(t)) };
}

/** Picking roles needs the role list (ROLES_READ) and the right to change someone's roles (ROLES_UPDATE). */
export function mayPickRoles(ability: Ability): boolean {
  return ability.can('ROLES_READ') && ability.can(TYPE_CHANGE_PERMISSION);
}
