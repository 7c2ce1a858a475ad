import { z } from 'zod';

/** POST broadcasting/auth (doc 1 §7): may this socket join this live channel? */
export const broadcastingAuthSchema = z.object({
  socket_id: z.string().min(1).max(100),
  channel_name: z.string().min(1).max(200),
});

/** `auth` signs `<socket_id>:<channel_name>`; a socket may present it when it subscribes. */
export const broadcastingAuthResponseSchema = z.object({ auth: z.string() });

/** The live channels' names (doc 1 §7). */
export const LIVE_CHANNELS = {
  modelChanges: 'model.changes',
  project: (uuid: string) => `project.${uuid}`,
  users: (uuid: string) => `users.${uuid}`,
  version: 'version',
} as const;

/** Socket event names: model.changes, task.move, budget, notification, mention.change, version.update. */
export type LiveEventName =
  | 'model.changes'
  | 'task.move'
  | 'budget'
  | 'notification'
  | 'mention.change'
  | 'version.update';

/** What model.changes and task.move carry; `payload.ref_token` is the writing client's token (or null). */
export type LiveModelChange = {
  model:
    | 'task'
    | 'comment'
    | 'upload'
    | 'request'
    | 'timelog'
    | 'requesttimelog'
    | 'onboarding'
    | 'content_item'
    | 'post'
    | 'post_category';
  action: string;
  id: string;
  payload: { ref_token: string | null } & Record<string, unknown>;
};

/** budget on project.{uuid}, notification and mention.change on users.{uuid}. */
export type LiveUserEvent = {
  action: string;
  id: string;
  payload: { ref_token: string | null } & Record<string, unknown>;
};

export type LiveVersionEvent = { version: string; build_hash: string };
