import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildActors, buildPlan } from '../../test/factories';
import { getTestApp } from '../../test/test-app';
import { buildTask } from '../modules/tasks/test-helpers';
import { buildInstance, hasRedis, openEditor, REDIS_SERVER, startRedis } from './test-support';

if (!hasRedis) {
  console.warn(
    `scale-out tests skipped: ${REDIS_SERVER} is not installed (apt-get install redis-server; CI installs it)`,
  );
}

/** Two instances of the app on one PostgreSQL, sharing a real Redis, as behind a load balancer. */
describe.skipIf(!hasRedis)('two instances with REDIS_URL', () => {
  let redis: Awaited<ReturnType<typeof startRedis>>;
  let a: Awaited<ReturnType<typeof getTestApp>>;
  let b: Awaited<ReturnType<typeof buildInstance>>;
  let urlA: string;
  let actors: Awaited<ReturnType<typeof buildActors>>;
  let plan: Awaited<ReturnType<typeof buildPlan>>;
  const closers: (() => void)[] = [];

  beforeAll(async () => {
    redis = await startRedis();
    a = await getTestApp({ env: { REDIS_URL: redis.url } });
    await a.app.listen({ port: 0, host: '127.0.0.1' });
    urlA = `http://127.0.0.1:${(a.app.server.address() as { port: number }).port}`;
    b = await buildInstance(a.db, { REDIS_URL: redis.url });
    actors = await buildActors(a.db);
    plan = await buildPlan(a.db, { projectManagerId: actors.manager.id });
  });

  afterAll(async () => {
    for (const close of closers) {
      close();
    }
    await b?.close();
    await a?.close();
    await redis?.stop();
  });

  it('delivers an event raised on instance A to a socket connected to instance B', async () => {
    const socket: Socket = connect(b.url, { transports: ['websocket'], auth: { token: actors.manager.token } });
    closers.push(() => socket.close());
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    expect(await socket.emitWithAck('subscribe', { channel: 'private-model.changes' })).toEqual({ ok: true });
    const received = new Promise<{ id: string; payload: { title: string } }>((resolve) =>
      socket.once('model.changes', resolve),
    );

    const created = await a.app.inject({
      method: 'POST',
      url: '/api/tasks',
      headers: bearer(actors.admin.token),
      payload: { title: 'Raised on A', project_id: plan.uuid },
    });
    expect(created.statusCode).toBe(200);
    const event = await received;
    expect(event).toMatchObject({ id: created.json().data.uuid, payload: { title: 'Raised on A' } });
  });

  it('lets two editors on different instances converge on one document', async () => {
    const task = await buildTask(a.db, { projectId: plan.id, descriptionDelta: { ops: [{ insert: 'Shared\n' }] } });
    const name = `task.${task.uuid}.description`;
    const onA = await openEditor(urlA, name, actors.admin.token);
    const onB = await openEditor(b.url, name, actors.manager.token);
    closers.push(
      () => onA.close(),
      () => onB.close(),
    );
    expect(onA.synced && onB.synced).toBe(true);
    expect(onB.text.toString()).toBe('Shared');

    onA.text.insert(0, 'A ');
    onB.text.insert(onB.text.length, ' B');
    const end = Date.now() + 5000;
    while (Date.now() < end && !(onA.text.toString() === 'A Shared B' && onB.text.toString() === 'A Shared B')) {
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    expect(onA.text.toString()).toBe('A Shared B');
    expect(onB.text.toString()).toBe('A Shared B');
  });
});
