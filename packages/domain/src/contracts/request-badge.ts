/**
 * The list's page of one for the sidebar's new-request badge (doc 1 §7). In a module of its own, without zod: the
 * badge is on the web app's first screen, and a constant beside the request schemas brought them (and zod) along.
 */
export const NEW_REQUEST_BADGE_QUERY = {
  'page[size]': '1',
  'filters[projects_requests.status][]': 'new',
  'project_type[]': ['retainer', 'hosting'],
} as const;
