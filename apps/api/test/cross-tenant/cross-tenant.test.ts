import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer } from '../factories';
import { getTestApp, type TestApp } from '../test-app';
import { type Probe, REGISTRY } from './registry';
import { buildWorld, type World } from './world';

/**
 * Cross-tenant suite: for every route a staff member may call whose path takes an object id, a freelancer (and,
 * where visibility restricts staff too, a manager) asking for an object outside their visibility gets 404 — as if
 * it did not exist. Generated from the app's route map: a new route with an id and no entry in registry.ts fails.
 */
let app: TestApp;
let close: () => Promise<void>;
let world: World;

beforeAll(async () => {
  const built = await getTestApp();
  ({ app, close } = built);
  world = await buildWorld(built.db);
});
afterAll(() => close());

type Route = { key: string; method: string; url: string; types: string[] };

function idRoutes(accessMap: Map<string, string>): Route[] {
  return [...accessMap.entries()]
    .map(([key, access]) => {
      const [method = '', url = ''] = key.split(' ');
      const types = /types=([a-z_|]+)/.exec(access)?.[1]?.split('|') ?? [];
      return { key, method, url, types };
    })
    .filter((r) => r.url.includes('/:') && (r.types.includes('freelancer') || r.types.includes('regular_user')));
}

function fill(url: string, params: Record<string, string>): string {
  return url.replace(/:([A-Za-z_]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) {
      throw new Error(`the probe gives no value for :${name} in ${url}`);
    }
    return encodeURIComponent(value);
  });
}

const UNKNOWN = '00000000-0000-4000-8000-000000000000';

/** The answer to the probe, as a failure line when it is not the expected one (all failures are listed at once). */
async function probeFailure(route: Route, probe: Probe, token: string, who: string): Promise<string | null> {
  const call = (params: Record<string, string>) =>
    app.inject({
      method: route.method as 'GET',
      url: fill(route.url, params) + (probe.query ? `?${probe.query}` : ''),
      headers: bearer(token),
      ...(probe.payload ? { payload: probe.payload } : {}),
    });
  const expected = probe.status ?? 404;
  const res = await call(probe.params);
  if (res.statusCode !== expected) {
    return `${who} → ${route.key}: ${res.statusCode} (expected ${expected}) ${res.body.slice(0, 160)}`;
  }
  if (expected === 403) {
    const unknown = await call(Object.fromEntries(Object.keys(probe.params).map((name) => [name, UNKNOWN])));
    if (unknown.statusCode !== 403) {
      return `${who} → ${route.key}: 403 for a hidden object but ${unknown.statusCode} for an unknown one (an oracle)`;
    }
  }
  return null;
}

describe('cross-tenant: objects outside a caller’s visibility answer 404', () => {
  it('has a registry entry for every staff route that takes an object id', () => {
    const missing = idRoutes(app.accessMap)
      .filter((route) => !REGISTRY[route.key])
      .map((route) => route.key);
    expect(
      missing,
      `These routes take an object id but have no entry in apps/api/test/cross-tenant/registry.ts. Add one per route: ` +
        `'freelancer' (and 'manager' where visibility restricts staff) building an object the caller must not see, ` +
        `using the world in world.ts or inserting your own rows — or 'unrestricted' with the reason every such ` +
        `caller may see every such object.`,
    ).toEqual([]);
  });

  it('has no stale entries (routes that no longer exist)', () => {
    const live = new Set(app.accessMap.keys());
    expect(Object.keys(REGISTRY).filter((key) => !live.has(key))).toEqual([]);
  });

  it('probes real objects: their owner reads every GET probe (so a 404 below is about visibility)', async () => {
    const vacuous: string[] = [];
    for (const route of idRoutes(app.accessMap).filter((r) => r.method === 'GET')) {
      const entry = REGISTRY[route.key];
      for (const build of [entry?.freelancer, entry?.manager]) {
        if (build) {
          const probe = await build(world);
          const res = await app.inject({
            url: fill(route.url, probe.params) + (probe.query ? `?${probe.query}` : ''),
            headers: bearer(world.owner.token),
          });
          if (res.statusCode === 404) {
            vacuous.push(`${route.key} ${JSON.stringify(probe.params)}`);
          }
        }
      }
    }
    expect(vacuous).toEqual([]);
  });

  it('answers 404 to a freelancer for every object outside their plans', async () => {
    const failures: string[] = [];
    for (const route of idRoutes(app.accessMap)) {
      const entry = REGISTRY[route.key];
      if (entry?.freelancer && route.types.includes('freelancer')) {
        failures.push(
          (await probeFailure(route, await entry.freelancer(world), world.freelancer.token, 'freelancer')) ?? '',
        );
      }
    }
    expect(failures.filter(Boolean)).toEqual([]);
  });

  it("answers 404 to a manager for another person's objects and what is in someone else's personal plan", async () => {
    const failures: string[] = [];
    for (const route of idRoutes(app.accessMap)) {
      const entry = REGISTRY[route.key];
      if (entry?.manager && route.types.includes('regular_user')) {
        failures.push((await probeFailure(route, await entry.manager(world), world.manager.token, 'manager')) ?? '');
      }
    }
    expect(failures.filter(Boolean)).toEqual([]);
  });
});
