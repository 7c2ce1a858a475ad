import { PERMISSIONS, type Permission, type SignedInUser, type UserType } from '@portal/domain';

/** Signed-in users shaped like the demo accounts, for unit tests. */
export function buildUser(
  type: UserType,
  permissions: readonly Permission[],
  overrides: Partial<SignedInUser> = {},
): SignedInUser {
  return {
    uuid: '00000000-0000-4000-8000-000000000001',
    name: 'Test User',
    email: 'test@demo.test',
    phone: null,
    job_title: null,
    roles: [],
    permissions: permissions.map((name) => ({ name })),
    contact: { uuid: '00000000-0000-4000-8000-000000000002', type },
    preferences: { sms_notifications: null, push_notifications: '0', theme: 'system' },
    push_tokens: [],
    is_super_user: false,
    mfa_enrolment_required: false,
    ...overrides,
  };
}

export const admin = buildUser('regular_user', PERMISSIONS, { is_super_user: true });

/** A staff manager: every permission, but not one of the super users. */
export const manager = buildUser('regular_user', PERMISSIONS);

export const freelancer = buildUser('freelancer', [
  'DASHBOARD_READ',
  'COMMENTS_READ',
  'TASKS_READ',
  'TASKS_CREATE',
  'PROJECTS_READ',
  'TIMELOG_READ',
  'REQUEST_READ',
  'CONTACTS_READ',
]);

export const clientContact = buildUser('contact', ['REQUEST_READ']);
