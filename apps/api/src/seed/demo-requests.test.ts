import { parseDescription, REQUEST_STATUSES, validateAnswers } from '@portal/domain';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getTestApp } from '../../test/test-app';
import { requests, requestUsers } from '../db/schema';
import { DEMO_REQUESTS } from './demo-requests';
import { REQUEST_TYPES } from './request-types';

let close: () => Promise<void>;
let db: Awaited<ReturnType<typeof getTestApp>>['db'];

beforeAll(async () => {
  ({ close, db } = await getTestApp({ demo: true }));
});
afterAll(() => close());

describe('demo requests seed', () => {
  it('gives every demo request answers valid for its type’s form', () => {
    const today = '2026-11-22';
    for (const demo of DEMO_REQUESTS) {
      const type = REQUEST_TYPES.find((t) => t.id === demo.type);
      expect(type, demo.subject).toBeDefined();
      expect(type?.disabled ?? false, demo.subject).toBe(false);
      const errors = validateAnswers(type?.form ?? [], demo.answers(today), {
        submitting: demo.status !== 'draft',
        today,
      });
      expect(errors, demo.subject).toEqual({});
    }
  });

  it('seeds about thirty requests in every status and temperature, on several types', async () => {
    const rows = await db.select().from(requests);
    expect(rows.length).toBe(DEMO_REQUESTS.length);
    expect(rows.length).toBeGreaterThanOrEqual(30);
    expect([...new Set(rows.map((r) => r.status))].sort()).toEqual([...REQUEST_STATUSES].sort());
    expect([...new Set(rows.map((r) => r.temperature))].sort()).toEqual([1, 2, 3, null]);
    expect(new Set(rows.map((r) => r.requestTypeId)).size).toBeGreaterThanOrEqual(15);
    expect(rows.every((r) => r.projectId !== null && r.requesterId !== null)).toBe(true);
    const [brief] = rows.filter((r) => r.subject === 'Whitening package launch campaign');
    expect(parseDescription(brief?.description).answers.campaign_type).toBe('hybrid');
  });

  it('keeps time_spent equal to the logged minutes, and assigns owners and followers', async () => {
    const [newsletter] = await db.select().from(requests).where(eq(requests.subject, 'January patient newsletter'));
    expect(newsletter?.timeSpent).toBe(45);
    const [people] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(requestUsers)
      .where(eq(requestUsers.requestId, newsletter?.id ?? 0));
    expect(people?.n).toBe(2);
  });
});
