import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import type { Principal } from '../http/access';
import { projectChannelRoom, usersChannelRoom, VERSION_ROOM } from './rooms';

/**
 * The live channels of doc 1 §7: `model.changes` (private), `project.{uuid}` (private: the budget event),
 * `users.{uuid}` (private, only that user) and `version` (public). Laravel Echo spells private channels with a
 * `private-` prefix; both spellings name the same channel.
 */
export type Channel =
  | { kind: 'model.changes' }
  | { kind: 'project'; uuid: string }
  | { kind: 'users'; uuid: string }
  | { kind: 'version' };

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const PATTERN = new RegExp(`^(?:private-)?(?:(model\\.changes)|project\\.(${UUID})|users\\.(${UUID})|(version))$`, 'i');

export function parseChannel(name: string): Channel | null {
  const match = PATTERN.exec(name);
  if (!match) {
    return null;
  }
  if (match[1]) {
    return { kind: 'model.changes' };
  }
  if (match[2]) {
    return { kind: 'project', uuid: match[2].toLowerCase() };
  }
  if (match[3]) {
    return { kind: 'users', uuid: match[3].toLowerCase() };
  }
  return { kind: 'version' };
}

/** The single room of a channel; model.changes has one room per visibility class instead (live/rooms.ts). */
export function channelRoom(channel: Channel, principal: Principal | null): string | null {
  switch (channel.kind) {
    case 'project':
      return projectChannelRoom(channel.uuid);
    case 'users':
      return principal ? usersChannelRoom(principal.userId) : null;
    case 'version':
      return VERSION_ROOM;
    default:
      return null;
  }
}

/**
 * May this caller join the channel? The one rule for POST broadcasting/auth and for every socket join. Client
 * contacts receive nothing but the public version channel. A plan's channel carries its budget, which only staff
 * who may read plans see (the plan screens are PROJECTS_READ, regular users only); someone else's personal plan
 * is nobody else's business.
 */
export async function mayJoin(db: Database, principal: Principal | null, channel: Channel): Promise<boolean> {
  if (channel.kind === 'version') {
    return true;
  }
  if (!principal || (principal.type !== 'regular_user' && principal.type !== 'freelancer')) {
    return false;
  }
  switch (channel.kind) {
    case 'model.changes':
      return true;
    case 'users':
      return channel.uuid === principal.uuid;
    case 'project': {
      if (principal.type !== 'regular_user' || !principal.permissions.has('PROJECTS_READ')) {
        return false;
      }
      const found = await db.execute<{ ok: boolean }>(sql`
        select true as ok from projects
        where uuid = ${channel.uuid} and (kind <> 'personal' or project_manager_id = ${principal.userId})`);
      return found.rows.length > 0;
    }
  }
}
