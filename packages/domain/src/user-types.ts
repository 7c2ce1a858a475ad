/** The three kinds of account (doc 1 §6). Contacts are client-side people and are blocked from the app. */
export const USER_TYPES = ['regular_user', 'freelancer', 'contact'] as const;
export type UserType = (typeof USER_TYPES)[number];

/** Types that may use the staff application at all. */
export const APP_USER_TYPES = ['regular_user', 'freelancer'] as const satisfies readonly UserType[];

export const USER_STATUSES = ['active', 'inactive'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

/**
 * A person's type decides how far their permissions reach (a freelancer's stop at their own plans), so changing it
 * is role administration: ROLES_UPDATE, and nobody gives a type that reaches further than their own. Staff reach
 * furthest; anyone else may give only their own type.
 */
export const TYPE_CHANGE_PERMISSION = 'ROLES_UPDATE';

export function mayGiveType(actorType: UserType, type: UserType): boolean {
  return actorType === 'regular_user' || actorType === type;
}
