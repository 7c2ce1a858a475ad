import type { FormQuestion } from '@portal/domain';
import { sql } from 'drizzle-orm';
import type { Database } from '../../apps/api/src/db/client';

/** The bench's form: 40 questions of every answerable kind, two of them uploads. */
export function benchQuestions(): FormQuestion[] {
  const options = ['One', 'Two', 'Three', 'Four'].map((label) => ({ label, value: label.toLowerCase() }));
  const questions: FormQuestion[] = [];
  for (let i = 0; i < 38; i++) {
    const name = `q${i}`;
    switch (i % 7) {
      case 0:
        questions.push({ name, label: `Text ${i}`, type: 'input', required: true });
        break;
      case 1:
        questions.push({ name, label: `E-mail ${i}`, type: 'input', inputType: 'email' });
        break;
      case 2:
        questions.push({ name, label: `Choice ${i}`, type: 'radio', options });
        break;
      case 3:
        questions.push({ name, label: `Choices ${i}`, type: 'checkbox', options, max: 3 });
        break;
      case 4:
        questions.push({ name, label: `Date ${i}`, type: 'date' });
        break;
      case 5:
        questions.push({ name, label: `Amount ${i}`, type: 'input', mask: 'currency' });
        break;
      default:
        questions.push({ name, label: `Notes ${i}`, type: 'textArea', visible: { field: 'q2', values: ['two'] } });
    }
  }
  questions.push({ name: 'logo', label: 'Logo', type: 'upload' }, { name: 'brief', label: 'Brief', type: 'upload' });
  return questions;
}

/** Values answering every question of benchQuestions (the follow-ups shown), files given by the caller. */
export function benchValues(files: [string, string]): Record<string, unknown> {
  const values: Record<string, unknown> = { logo: [files[0]], brief: [files[1]] };
  for (const q of benchQuestions()) {
    if (q.type === 'upload') {
      continue;
    }
    values[q.name] =
      q.type === 'radio'
        ? 'two'
        : q.type === 'checkbox'
          ? ['one', 'three']
          : q.type === 'date'
            ? '2099-06-15'
            : q.mask === 'currency'
              ? '1250.50'
              : q.inputType === 'email'
                ? 'person@example.test'
                : `A considered answer to ${q.label}, long enough to look like real text.`;
  }
  return values;
}

/**
 * SEED_FORMS=1: a published "Bench intake" form (40 questions) owned by the demo admin, and 100,000 answers to it
 * spread over the demo clients and the last year, set-based in one statement.
 */
export async function seedFormAnswers(db: Database): Promise<void> {
  const questions = JSON.stringify(benchQuestions());
  await db.execute(sql`
    with owner as (select id from users where email = 'admin@demo.test'),
    form as (
      insert into forms (name, status, is_public, questions, owner_id, answers_count)
      select 'Bench intake', 'published', true, ${questions}::jsonb, owner.id, 100000 from owner
      returning id, questions),
    version as (
      insert into form_versions (form_id, number, questions)
      select id, 1, questions from form returning id, form_id),
    clients as (select array_agg(id order by id) as ids from customers)
    insert into form_answers (form_id, form_version_id, customer_id, values, completion, source, created_at)
    select version.form_id, version.id, clients.ids[1 + (n % greatest(array_length(clients.ids, 1), 1))],
      '{"q0": "Seeded answer"}'::jsonb, (n % 101), case when n % 3 = 0 then 'staff' else 'link' end,
      now() - make_interval(secs => n * 315)
    from version, clients, generate_series(1, 100000) as n`);
  // What autovacuum does after a bulk insert (insert-driven vacuum): the visibility map lets deep pages walk the
  // index without reading the table.
  await db.execute(sql`vacuum analyze form_answers`);
}
