import { type Answers, type FormQuestion, validateFormAnswer } from '@portal/domain';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getTestApp } from '../../test/test-app';
import { formAnswers, forms, formVersions } from '../db/schema';

let close: () => Promise<void>;
let db: Awaited<ReturnType<typeof getTestApp>>['db'];

beforeAll(async () => {
  ({ close, db } = await getTestApp({ demo: true }));
});
afterAll(() => close());

describe('demo forms seed', () => {
  it('publishes two forms with answers from demo clients and leaves one a draft', async () => {
    const rows = await db
      .select({ id: forms.id, name: forms.name, status: forms.status, count: forms.answersCount })
      .from(forms)
      .orderBy(asc(forms.id));
    expect(rows.map(({ name, status, count }) => ({ name, status, count }))).toEqual([
      { name: 'New client information', status: 'published', count: 2 },
      { name: 'Quarterly client feedback', status: 'published', count: 2 },
      { name: 'Brand questionnaire', status: 'draft', count: 0 },
    ]);
  });

  it('stores answers the shared engine accepts for their version, each for a client', async () => {
    const answers = await db
      .select({ values: formAnswers.values, questions: formVersions.questions, customerId: formAnswers.customerId })
      .from(formAnswers)
      .innerJoin(formVersions, eq(formVersions.id, formAnswers.formVersionId));
    expect(answers).toHaveLength(4);
    for (const answer of answers) {
      expect(answer.customerId).not.toBeNull();
      expect(validateFormAnswer(answer.questions as FormQuestion[], answer.values as Answers, '2026-11-27')).toEqual(
        {},
      );
    }
  });
});
