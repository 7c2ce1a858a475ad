export const REQUEST_TABS = ['overview', 'comments', 'tasks', 'activity', 'timelogs'] as const;
export type RequestTab = (typeof REQUEST_TABS)[number];

/**
 * The open tab: ?tab=… when given, else Comments when a comment is to be highlighted (target_comment_id), else Tasks
 * on /requests/{uuid}/tasks, else Overview. Overview is there on a phone too: it holds the brief and its answers,
 * which the narrow layout's facts header does not (doc 2 §2 hid it; issue 19 brings it back).
 */
export function activeTab(pathname: string, params: URLSearchParams): RequestTab {
  const asked = params.get('tab') ?? (params.get('target_comment_id') ? 'comments' : null);
  return (REQUEST_TABS as readonly string[]).includes(asked ?? '')
    ? (asked as RequestTab)
    : pathname.endsWith('/tasks')
      ? 'tasks'
      : 'overview';
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * /requests/{uuid}/tasks?uuid=create (doc 2 §2) as the task drawer's parameters: the creator, in the request's plan,
 * with the request preselected. Other parameters are kept; null when the address asks for no creator.
 */
export function taskCreatorParams(
  params: URLSearchParams,
  request: { uuid: string; projectUuid: string | null },
): URLSearchParams | null {
  const asked = params.get('uuid') ?? '';
  const uploadId = UUID.test(asked) ? asked : null;
  if (asked !== 'create' && !uploadId) {
    return null;
  }
  const next = new URLSearchParams(params);
  next.delete('uuid');
  if (uploadId) {
    // ?uuid=<upload id>: the creator starts with that file attached (a copy of it, see CreateTaskDrawer).
    next.set('task_upload', uploadId);
  }
  next.set('task_uuid', 'create');
  next.set('task_request', request.uuid);
  if (request.projectUuid) {
    next.set('task_project', request.projectUuid);
  }
  return next;
}
