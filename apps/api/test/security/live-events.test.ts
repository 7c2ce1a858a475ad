import { readdirSync, readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVENT_MODELS } from '../../src/events/event-kinds';
import { LIVE_READ_RULES } from '../../src/live/read-rules';
import { pngBytes, startStorage, uploadClient } from '../../src/modules/uploads/test-helpers';
import { bearer, buildActors, buildPlan } from '../factories';
import { getTestApp } from '../test-app';
import { liveEventCases } from './live-event-cases';

/**
 * Live events go only to people who may read what they announce. For every kind of event the code emits, one of
 * each shape a producer sends is published past a freelancer on the plan (who holds the default Freelancer role:
 * no COMMENTS_PRIVATE) and a client contact, each on every channel they may join; neither may receive it, while
 * an admin who may read it does (so the event did go out).
 */

let t: Awaited<ReturnType<typeof getTestApp>>;
let actors: Awaited<ReturnType<typeof buildActors>>;
let url: string;
let memberPlan: Awaited<ReturnType<typeof buildPlan>>;
let otherPlan: Awaited<ReturnType<typeof buildPlan>>;
const sockets: Socket[] = [];

let storage: Awaited<ReturnType<typeof startStorage>>;

beforeAll(async () => {
  storage = await startStorage('local');
  t = await getTestApp({ env: storage.env });
  actors = await buildActors(t.db);
  memberPlan = await buildPlan(t.db, { projectManagerId: actors.manager.id, members: [actors.freelancer.id] });
  otherPlan = await buildPlan(t.db, { projectManagerId: actors.manager.id });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  for (const socket of sockets) {
    socket.close();
  }
  await t.close();
  await storage.stop();
});

type Received = { name: string; id: string; data: unknown };

/** A socket of this token on every listed channel it may join, recording everything it receives. */
async function listener(token: string, channels: string[]) {
  const socket = connect(url, { path: '/socket.io', transports: ['websocket'], auth: { token } });
  sockets.push(socket);
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  const received: Received[] = [];
  socket.onAny((name: string, data: { id?: string }) => {
    if (name !== 'version.update') {
      received.push({ name, id: String(data?.id), data });
    }
  });
  for (const channel of channels) {
    await socket.emitWithAck('subscribe', { channel });
  }
  return received;
}

const settle = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('live events reach only people who may read what they announce', () => {
  it('declares a read rule for every kind of event the code emits', () => {
    // The type keys the table by kind; this catches a kind smuggled past it (a cast, a computed name).
    const source = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../src');
    const emitted = new Set<string>();
    const walk = (dir: string) => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        const full = path.join(dir, entry.name);
        if (entry.isDirectory()) {
          walk(full);
        } else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts')) {
          for (const line of readFileSync(full, 'utf8').split('\n')) {
            // model: 'task', and model: cond ? 'timelog' : 'requesttimelog'
            for (const [, first, second] of line.matchAll(
              /\bmodel:\s*(?:[\w.]+\s*\?\s*)?'([a-z_]+)'(?:\s*:\s*'([a-z_]+)')?/g,
            )) {
              for (const name of [first, second]) {
                if (name) {
                  emitted.add(name);
                }
              }
            }
          }
        }
      }
    };
    walk(source);
    expect(emitted.size).toBeGreaterThan(5);
    for (const model of emitted) {
      expect(EVENT_MODELS, `event kind "${model}" emitted in apps/api/src`).toContain(model);
    }
    for (const model of EVENT_MODELS) {
      expect(LIVE_READ_RULES[model], model).toBeDefined();
      expect(liveEventCases({ actors, memberPlan, otherPlan })[model].length, `cases for ${model}`).toBeGreaterThan(0);
    }
  });

  it('sends no event of any kind to a freelancer or contact who may not read its object', async () => {
    const all = Object.values(liveEventCases({ actors, memberPlan, otherPlan })).flat();
    const freelancer = await listener(actors.freelancer.token, [
      'private-model.changes',
      `private-users.${actors.freelancer.uuid}`,
      `private-project.${memberPlan.uuid}`,
      'version',
    ]);
    const contact = await listener(actors.contact.token, [
      'private-model.changes',
      `private-users.${actors.contact.uuid}`,
      `private-project.${memberPlan.uuid}`,
      'version',
    ]);
    const admin = await listener(actors.admin.token, [
      'private-model.changes',
      `private-users.${actors.admin.uuid}`,
      `private-project.${memberPlan.uuid}`,
    ]);
    // A control the freelancer may read, sent last: once it arrived, everything before it was routed.
    const control = crypto.randomUUID();
    t.app.ctx.events.publish([
      ...all.map((c) => c.event),
      { model: 'task', action: 'updated', id: control, actorId: null, projectId: memberPlan.id },
    ]);
    const end = Date.now() + 5000;
    while (!(freelancer.some((r) => r.id === control) && admin.some((r) => r.id === control)) && Date.now() < end) {
      await settle(20);
    }
    await settle(200);

    expect(freelancer.map((r) => r.id)).toEqual([control]);
    expect(contact).toEqual([]);
    const adminIds = new Set(admin.map((r) => r.id));
    for (const { event, adminReceives } of all) {
      expect(adminIds.has(event.id), `${event.model} ${event.action} ${JSON.stringify(event.payload ?? {})}`).toBe(
        adminReceives,
      );
    }
  });

  it('does not announce a private note on their plan to a freelancer (POST plan comment, type private)', async () => {
    const freelancer = await listener(actors.freelancer.token, ['private-model.changes']);
    const admin = await listener(actors.admin.token, ['private-model.changes']);
    const note = await t.app.inject({
      method: 'POST',
      url: `/api/projects/${memberPlan.uuid}/comments`,
      headers: bearer(actors.admin.token),
      payload: { text: 'Client is price sensitive', type: 'private' },
    });
    expect(note.statusCode, note.body).toBe(200);
    const visible = await t.app.inject({
      method: 'POST',
      url: `/api/projects/${memberPlan.uuid}/comments`,
      headers: bearer(actors.admin.token),
      payload: { text: 'Kick-off on Monday', type: 'comment' },
    });
    expect(visible.statusCode, visible.body).toBe(200);
    const end = Date.now() + 5000;
    while (freelancer.length === 0 && Date.now() < end) {
      await settle(20);
    }
    await settle(200);
    expect(admin.map((r) => r.id)).toEqual(expect.arrayContaining([note.json().data.uuid, visible.json().data.uuid]));
    expect(freelancer.map((r) => r.id)).toEqual([visible.json().data.uuid]);
  });

  it('announces the files of a private note (attached, deleted) to its readers only', async () => {
    const freelancer = await listener(actors.freelancer.token, ['private-model.changes']);
    const admin = await listener(actors.admin.token, ['private-model.changes']);
    const files = uploadClient(t.app);
    const uuid = await files.upload(actors.admin.token, 'pricing.png', await pngBytes());
    const note = await t.app.inject({
      method: 'POST',
      url: `/api/projects/${memberPlan.uuid}/comments`,
      headers: bearer(actors.admin.token),
      payload: { text: 'Internal pricing', type: 'private', uploads: [uuid] },
    });
    expect(note.statusCode, note.body).toBe(200);
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/uploads/${uuid}`,
      headers: bearer(actors.admin.token),
    });
    expect(removed.statusCode, removed.body).toBe(200);
    const end = Date.now() + 5000;
    while (
      !admin.some((r) => r.id === uuid && (r.data as { action: string }).action === 'deleted') &&
      Date.now() < end
    ) {
      await settle(20);
    }
    await settle(200);
    expect(admin.filter((r) => r.id === uuid).map((r) => (r.data as { action: string }).action)).toEqual(
      expect.arrayContaining(['attached', 'deleted']),
    );
    expect(freelancer).toEqual([]);
  });
});
