import {
  flattenQuestions,
  isAnswerable,
  type Question,
  type RequestForm,
  requestFormSchema,
  validateAnswers,
  visibleQuestions,
  wizardSteps,
} from '@portal/domain';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getTestApp } from '../../test/test-app';
import { requestTypes } from '../db/schema';
import { REQUEST_TYPES, syncRequestTypes } from './request-types';

const CHOICE_TYPES: Question['type'][] = ['select', 'radio', 'checkbox'];
const byName = (name: string) => {
  const entry = REQUEST_TYPES.find((t) => t.name === name);
  if (!entry) {
    throw new Error(`no request type ${name}`);
  }
  return entry;
};
const question = (form: RequestForm, name: string) => flattenQuestions(form).find((q) => q.name === name);
const values = (q: Question | undefined) => (q?.options ?? []).map((o) => o.value);

describe('request type catalogue', () => {
  it('has the ids and estimates the spec names', () => {
    const table = REQUEST_TYPES.map((t) => [t.id, t.name, t.timeEstimated, t.disabled ?? false]);
    expect(table).toEqual(
      expect.arrayContaining([
        [8, 'Email Design', 60, false],
        [9, 'Illustration Design', 120, false],
        [10, 'Presentation Design', 180, false],
        [17, 'New Campaign', 900, false],
        [18, 'Ad Budget Adjustment', 60, false],
        [19, 'AI-Powered Marketing & Content Creation', 60, false],
        [20, 'AI Training & Planning', 60, false],
        [1, 'Social Media Creatives', 60, false],
        [2, 'Web Page', 60, false],
        [3, 'Ad Creatives', 60, false],
        [4, 'Marketing Consulting', 60, false],
        [5, 'Video Production', 120, false],
        [6, 'Ad Management', 600, false],
        [7, 'Social Media Management', 600, false],
        [11, 'Branding', 300, false],
        [12, 'Print Design', 180, false],
        [13, 'Merch Design', 180, false],
        [14, 'Marketing Strategy', null, false],
        [15, 'Casting Call', null, true],
        [16, 'Location Rentals', null, true],
      ]),
    );
    expect(REQUEST_TYPES).toHaveLength(20);
    expect(new Set(REQUEST_TYPES.map((t) => t.id)).size).toBe(REQUEST_TYPES.length);
    expect(new Set(REQUEST_TYPES.map((t) => t.name.toLowerCase())).size).toBe(REQUEST_TYPES.length);
  });

  describe.each(REQUEST_TYPES.map((t) => [t.name, t.form] as const))('%s form', (_name, form) => {
    const all = flattenQuestions(form);

    it('matches the question schema exactly (no unknown keys)', () => {
      const parsed = requestFormSchema.safeParse(form);
      expect(parsed.error?.issues).toBeUndefined();
      expect(parsed.data).toEqual(form);
    });

    it('starts with the project brief', () => {
      expect(form[0]).toMatchObject({ name: 'project_brief', type: 'textEditor', submitRequired: true });
    });

    it('uses every question name once', () => {
      const names = all.map((q) => q.name);
      expect(names.length - new Set(names).size).toBe(0);
    });

    it('points every visible rule at an earlier answerable question and its option values', () => {
      all.forEach((q, index) => {
        if (!q.visible) {
          return;
        }
        const target = all.slice(0, index).find((earlier) => earlier.name === q.visible?.field);
        expect(target && isAnswerable(target), `${q.name} → ${q.visible.field}`).toBe(true);
        const allowed = target?.options ? values(target) : [];
        for (const value of q.visible.values) {
          expect(value === null || allowed.includes(value), `${q.name}: ${value}`).toBe(true);
        }
      });
    });

    it('gives options only to choices, distinct values, and a max below the option count', () => {
      for (const q of all) {
        if (CHOICE_TYPES.includes(q.type)) {
          expect(q.options?.length, q.name).toBeGreaterThan(1);
          expect(new Set(values(q)).size, q.name).toBe(values(q).length);
        } else {
          expect(q.options, q.name).toBeUndefined();
        }
        if (q.max !== undefined) {
          expect(q.type === 'checkbox' || q.mode === 'multiple', q.name).toBe(true);
          expect(q.max, q.name).toBeLessThan(values(q).length);
        }
        expect(q.type === 'formGroup' ? (q.children?.length ?? 0) > 0 : q.children === undefined, q.name).toBe(true);
      }
    });

    it('accepts an empty draft', () => {
      // A draft only stops on required questions that are visible without any answer.
      const errors = validateAnswers(form, {}, { submitting: false, today: '2026-01-01' });
      const requiredUpFront = visibleQuestions(form, {})
        .filter((q) => q.required)
        .map((q) => q.name);
      expect(Object.keys(errors).sort()).toEqual(requiredUpFront.sort());
    });
  });

  it('asks New Campaign for its type, goal and a monthly budget from $3,000 to $50,000 or a custom amount', () => {
    const { form } = byName('New Campaign');
    expect(values(question(form, 'campaign_type'))).toEqual(['paid_media', 'organic', 'hybrid']);
    expect(values(question(form, 'primary_goal'))).toEqual([
      'drive_sales',
      'website_traffic',
      'boost_brand',
      'generate_leads',
      'educate_audience',
    ]);
    const budget = question(form, 'monthly_ad_budget');
    expect(budget?.options?.[0]?.label).toBe('$3,000');
    expect(budget?.options?.at(-2)?.label).toBe('$50,000');
    expect(budget?.options?.at(-1)?.value).toBe('custom');
    expect(question(form, 'custom_ad_budget')).toMatchObject({
      mask: 'currency',
      visible: { field: 'monthly_ad_budget', values: ['custom'] },
    });
  });

  it('shows New Campaign follow-ups by campaign type', () => {
    const { form } = byName('New Campaign');
    const shown = (answers: Record<string, string>) => visibleQuestions(form, answers).map((q) => q.name);
    expect(shown({ campaign_type: 'paid_media' })).toContain('monthly_ad_budget');
    expect(shown({ campaign_type: 'paid_media' })).not.toContain('organic_channels');
    expect(shown({ campaign_type: 'organic', monthly_ad_budget: 'custom' })).not.toContain('custom_ad_budget');
    expect(shown({ campaign_type: 'hybrid', monthly_ad_budget: 'custom' })).toEqual(
      expect.arrayContaining(['organic_channels', 'monthly_ad_budget', 'custom_ad_budget']),
    );
  });

  it('accepts a complete New Campaign submission', () => {
    const { form } = byName('New Campaign');
    const answers = {
      project_brief: { ops: [{ insert: 'Spring sale across Meta and Instagram\n' }] },
      campaign_type: 'hybrid',
      primary_goal: 'drive_sales',
      product_focus: 'The spring collection, code SPRING20',
      ad_platforms: ['meta'],
      monthly_ad_budget: 'custom',
      custom_ad_budget: 4000,
      organic_channels: ['instagram'],
      target_audience: 'Women 25–45 in Austin',
      start_date: '2026-03-01',
      kpis: ['roas', 'cpa'],
    };
    expect(validateAnswers(form, answers, { submitting: true, today: '2026-02-01' })).toEqual({});
  });

  it('asks Ad Budget Adjustment what to change and when, with a date only for a date', () => {
    const { form } = byName('Ad Budget Adjustment');
    expect(values(question(form, 'adjust_ad_budget'))).toEqual([
      'increase_budget',
      'decrease_budget',
      'increase_budget_all',
      'decrease_budget_all',
      'other',
    ]);
    expect(values(question(form, 'when_take_effect'))).toEqual(['immediately', 'date', 'other']);
    const shown = (when: string) => visibleQuestions(form, { when_take_effect: when }).map((q) => q.name);
    expect(shown('date')).toContain('effective_date');
    expect(shown('date')).not.toContain('when_other');
    expect(shown('other')).toContain('when_other');
    expect(shown('immediately')).not.toContain('effective_date');
    expect(question(form, 'effective_date')?.type).toBe('date');
  });

  it('gives Branding the multi-step wizard, skipping the current-brand step for a new brand', () => {
    const { form } = byName('Branding');
    expect(wizardSteps(form, { branding_scope: 'refresh' }).map((s) => s.title)).toEqual([
      'The brief',
      'Your business',
      'Current brand',
      'Deliverables',
      'Timing and budget',
    ]);
    expect(wizardSteps(form, { branding_scope: 'new_brand' }).map((s) => s.title)).not.toContain('Current brand');
  });
});

describe('syncing the catalogue', () => {
  let close: () => Promise<void>;
  let db: Awaited<ReturnType<typeof getTestApp>>['db'];
  beforeAll(async () => {
    ({ close, db } = await getTestApp());
  });
  afterAll(() => close());

  it('stores every missing entry under its id, keeps admins’ edits, and moves the id sequence past them', async () => {
    await syncRequestTypes(db);
    const rows = await db
      .select({ id: requestTypes.id, name: requestTypes.name, minutes: requestTypes.timeEstimated })
      .from(requestTypes)
      .orderBy(asc(requestTypes.id));
    expect(rows).toEqual(
      [...REQUEST_TYPES].sort((a, b) => a.id - b.id).map((t) => ({ id: t.id, name: t.name, minutes: t.timeEstimated })),
    );
    const [added] = await db.insert(requestTypes).values({ name: 'Podcast Editing' }).returning();
    expect(added?.id).toBe(21);
    // An admin's edit of a seeded entry survives the next start.
    await db.update(requestTypes).set({ name: 'Email Design (edited)', disabled: true }).where(eq(requestTypes.id, 8));
    await syncRequestTypes(db);
    const [edited] = await db.select().from(requestTypes).where(eq(requestTypes.id, 8));
    expect(edited).toMatchObject({ name: 'Email Design (edited)', disabled: true });
  });
});
