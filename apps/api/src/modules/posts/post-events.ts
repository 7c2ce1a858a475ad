import type { Emit } from '../../events/domain-events';

/**
 * What posts' writes announce after commit: `post` (created, updated, deleted, publish, schedule, unpublish, restore) and
 * `post_category` (created, updated, deleted). Payloads carry public fields only — the title or name, the status,
 * and for an update the names of the fields sent (never their values) — which is what the activity log keeps and
 * what the /cms screens need to know to refetch (live/read-rules.ts: readers holding POSTS_READ).
 */
export function announcePost(
  emit: Emit,
  action: 'created' | 'updated' | 'deleted' | 'publish' | 'schedule' | 'unpublish' | 'restore',
  post: { uuid: string; title: string; status: string },
  actorId: number | null,
  fields?: string[],
): void {
  emit({
    model: 'post',
    action,
    id: post.uuid,
    actorId,
    payload: { title: post.title, status: post.status, ...(fields ? { fields } : {}) },
  });
}

export function announceCategory(
  emit: Emit,
  action: 'created' | 'updated' | 'deleted',
  category: { uuid: string; name: string },
  actorId: number | null,
): void {
  emit({ model: 'post_category', action, id: category.uuid, actorId, payload: { name: category.name } });
}

/** The names of the fields a PUT sent, as the trail records them (body_delta is "body", author_uuid "author" …). */
export function sentFields(input: Record<string, unknown>): string[] {
  return Object.keys(input)
    .filter((key) => input[key] !== undefined)
    .map((key) => key.replace(/_uuids?$/, '').replace(/_delta$/, ''))
    .map((key) => (key === 'cover_upload' ? 'cover' : key === 'category' ? 'categories' : key))
    .sort();
}
