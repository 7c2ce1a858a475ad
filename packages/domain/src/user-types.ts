/** The three kinds of account (doc 1 §6). Contacts are client-side people and are blocked from the app. */
export const USER_TYPES = ['regular_user', 'freelancer', 'contact'] as const;
export type UserType = (typeof USER_TYPES)[number];

/** Types that may use the staff application at all. */
export const APP_USER_TYPES = ['regular_user', 'freelancer'] as const satisfies readonly UserType[];

export const USER_STATUSES = ['active', 'inactive'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];
