/**
 * Permission names (doc 1 §6). The shell uses upper-case names such as TASKS_READ and REQUEST_READ; the same naming
 * is applied to every family so that one table serves the API guards, the role editor and the web menus.
 */
export const PERMISSION_VERBS = ['READ', 'CREATE', 'UPDATE', 'DESTROY'] as const;
export type PermissionVerb = (typeof PERMISSION_VERBS)[number];

/** Family key (as the spec names it) → name prefix. request and timelog stay singular, as the shell spells them. */
export const PERMISSION_FAMILIES = {
  role: 'ROLES',
  user: 'USERS',
  group: 'GROUPS',
  customer: 'CUSTOMERS',
  contact: 'CONTACTS',
  request: 'REQUEST',
  project: 'PROJECTS',
  task: 'TASKS',
  charge: 'CHARGES',
  integration: 'INTEGRATIONS',
  service: 'SERVICES',
  product: 'PRODUCTS',
  product_type: 'PRODUCT_TYPES',
  post: 'POSTS',
  timelog: 'TIMELOG',
  comment: 'COMMENTS',
  comment_template: 'COMMENT_TEMPLATES',
  form: 'FORMS',
} as const;
export type PermissionFamily = keyof typeof PERMISSION_FAMILIES;
type Prefix = (typeof PERMISSION_FAMILIES)[PermissionFamily];

/** Single permissions outside the read/create/update/destroy families. */
export const STANDALONE_PERMISSIONS = [
  'DASHBOARD_READ',
  'LOGS_READ',
  'EMAIL_LOG_READ',
  'RESOURCES_READ',
  'ONBOARDING_READ',
  'ONBOARDING_UPDATE',
  // Log time on behalf of another user (doc 2 §6: the time-entry user picker, there a fixed staff list).
  'TIMELOG_FOR_OTHERS',
  // Private notes, call logs, e-mail logs and summaries on plans (doc 2 §6: "a permission check").
  'COMMENTS_PRIVATE',
  // Create personal API tokens for scripts (issue 23): a token acts as its owner, narrowed by its scope.
  'API_TOKENS_CREATE',
  // Manage webhooks (issue 23): an admin setting, given by migration to roles holding ROLES_UPDATE.
  'WEBHOOKS_MANAGE',
] as const;

export type FamilyPermission = `${Prefix}_${PermissionVerb}`;
export type Permission = FamilyPermission | (typeof STANDALONE_PERMISSIONS)[number];

export function familyPermission(family: PermissionFamily, verb: PermissionVerb): Permission {
  return `${PERMISSION_FAMILIES[family]}_${verb}`;
}

export const PERMISSIONS: readonly Permission[] = [
  ...STANDALONE_PERMISSIONS,
  ...(Object.keys(PERMISSION_FAMILIES) as PermissionFamily[]).flatMap((family) =>
    PERMISSION_VERBS.map((verb) => familyPermission(family, verb)),
  ),
];

export function isPermission(name: string): name is Permission {
  return (PERMISSIONS as readonly string[]).includes(name);
}

/** Groups permissions by family for the role editor; standalone ones under 'other'. */
export function groupPermissionsByFamily(names: readonly string[]): Record<string, string[]> {
  const groups: Record<string, string[]> = {};
  for (const name of names) {
    const family =
      (Object.keys(PERMISSION_FAMILIES) as PermissionFamily[]).find((f) =>
        PERMISSION_VERBS.some((v) => name === familyPermission(f, v)),
      ) ?? 'other';
    groups[family] ??= [];
    groups[family].push(name);
  }
  return groups;
}
