import { type Answers, answerCompletion, type FormQuestion } from '@portal/domain';
import { asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { customers, formAnswers, forms, formVersions, users } from '../db/schema';
import { createForm, publishForm } from '../modules/forms/form-commands';

type DemoAnswer = { customer: number; daysAgo: number; values: (company: string) => Answers };

/**
 * The demo's forms (issue 20), so /forms and /forms/submissions show what an agency would have after a few weeks:
 * the client information form and the NPS survey published with answers from demo clients, a brand questionnaire
 * still a draft. Built through the forms module's own create and publish, answers stored as a staff answer would be.
 */
const DEMO_FORMS: {
  name: string;
  blueprint: string;
  description: string;
  thanks: string;
  publish: boolean;
  answers: DemoAnswer[];
}[] = [
  {
    name: 'New client information',
    blueprint: 'client_information',
    description: 'Sent with every new client invite: who they are and how to reach them.',
    thanks: 'Thank you! Your account manager will be in touch within one business day.',
    publish: true,
    answers: [
      {
        customer: 0,
        daysAgo: 12,
        values: (company) => ({
          business_name: company,
          contact_name: 'Olivia Grant',
          email: 'olivia.grant@example.com',
          phone: '+12125550134',
          website: 'https://example.com',
          preferred_contact: 'e_mail',
        }),
      },
      {
        customer: 1,
        daysAgo: 6,
        values: (company) => ({
          business_name: company,
          contact_name: 'Marcus Hale',
          email: 'marcus.hale@example.com',
          preferred_contact: 'video_call',
        }),
      },
    ],
  },
  {
    name: 'Quarterly client feedback',
    blueprint: 'feedback_nps',
    description: 'Sent to every retainer client at the end of a quarter.',
    thanks: 'Thanks for your feedback — it goes straight to the team.',
    publish: true,
    answers: [
      {
        customer: 0,
        daysAgo: 3,
        values: () => ({ score: '9', reason: 'Fast turnaround on every request.', improve: 'More weekly updates.' }),
      },
      { customer: 2, daysAgo: 1, values: () => ({ score: '7', reason: 'Good work, but reviews take a while.' }) },
    ],
  },
  {
    name: 'Brand questionnaire',
    blueprint: 'brand_questionnaire',
    description: 'For brand identity projects, before the kick-off call.',
    thanks: 'Thank you — we will review your answers before the kick-off call.',
    publish: false,
    answers: [],
  },
];

export async function seedDemoForms(db: Database): Promise<void> {
  const [admin] = await db.select({ id: users.id }).from(users).where(eq(users.email, 'admin@demo.test'));
  if (!admin) {
    return;
  }
  const clients = await db
    .select({ id: customers.id, name: customers.businessName })
    .from(customers)
    .orderBy(asc(customers.id))
    .limit(3);
  for (const demo of DEMO_FORMS) {
    const uuid = await createForm(
      db,
      { name: demo.name, description: demo.description, thank_you_text: demo.thanks, blueprint_key: demo.blueprint },
      admin.id,
    );
    if (!demo.publish) {
      continue;
    }
    await publishForm(db, uuid, admin.id);
    const [form] = await db.select({ id: forms.id }).from(forms).where(eq(forms.uuid, uuid));
    const [version] = await db
      .select({ id: formVersions.id, questions: formVersions.questions })
      .from(formVersions)
      .where(eq(formVersions.formId, form?.id ?? 0));
    const answers = demo.answers.flatMap((answer) => {
      const client = clients[answer.customer];
      return client && form && version ? [{ answer, client, form, version }] : [];
    });
    for (const { answer, client, form: row, version: frozen } of answers) {
      const values = answer.values(client.name);
      const at = new Date(Date.now() - answer.daysAgo * 86_400_000);
      await db.insert(formAnswers).values({
        formId: row.id,
        formVersionId: frozen.id,
        customerId: client.id,
        values,
        completion: answerCompletion(frozen.questions as FormQuestion[], values),
        source: 'staff',
        submittedById: admin.id,
        createdAt: at,
      });
    }
    if (answers.length) {
      await db
        .update(forms)
        .set({ answersCount: sql`${forms.answersCount} + ${answers.length}` })
        .where(eq(forms.uuid, uuid));
    }
  }
}
