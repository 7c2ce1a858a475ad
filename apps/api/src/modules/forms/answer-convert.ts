import {
  type AnswerConverted,
  type AnswerConvertInput,
  type Answers,
  answersSchema,
  customerInputSchema,
  flattenQuestions,
  isAnswerable,
  MESSAGES,
  requestFormSchema,
} from '@portal/domain';
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { customers, formAnswers, forms, projects, requestTypes } from '../../db/schema';
import type { Principal } from '../../http/access';
import { AppError, forbidden, validationError } from '../../http/errors';
import { createCustomer } from '../customers/customers.service';
import { createRequest } from '../requests/create-request';
import { describeRequest, requestEvent } from '../requests/request-events';
import { findAnswerRow } from './answer-queries';

const alreadyConverted = () => new AppError(422, MESSAGES.answerAlreadyConverted, { code: 'already_converted' });

/** The client's only active plan that takes requests (doc 2 §2: active retainers), or a 422 asking for one. */
async function onlyActivePlan(ctx: AppContext, customerId: number | null): Promise<string> {
  if (customerId === null) {
    throw validationError({ project_uuid: [MESSAGES.answerNeedsCustomer] });
  }
  const plans = await ctx.db
    .select({ uuid: projects.uuid })
    .from(projects)
    .where(
      and(
        eq(projects.customerId, customerId),
        eq(projects.status, 'active'),
        eq(projects.isRetainer, true),
        ne(projects.kind, 'personal'),
      ),
    )
    .limit(2);
  if (plans.length !== 1 || !plans[0]) {
    throw validationError({ project_uuid: [MESSAGES.answerNoActivePlan] });
  }
  return plans[0].uuid;
}

/**
 * The values that fill the request type's questionnaire: answers to questions of the same name that the
 * questionnaire asks (files stay with the answer: a file has one holder).
 */
function matchingAnswers(typeForm: unknown, values: Answers): Answers {
  const form = requestFormSchema.safeParse(typeForm);
  if (!form.success) {
    return {};
  }
  const names = new Set(
    flattenQuestions(form.data)
      .filter((q) => isAnswerable(q) && q.type !== 'upload')
      .map((q) => q.name),
  );
  return Object.fromEntries(Object.entries(values).filter(([name]) => names.has(name)));
}

/**
 * POST answers/{uuid}/convert {to: request}: a draft request made by the requests module's own create rules (plan,
 * type and answers checked there, errors answered as its 422s), announced as POST requests announces it.
 */
async function toRequest(ctx: AppContext, principal: Principal, uuid: string, input: AnswerConvertInput) {
  if (!principal.permissions.has('REQUEST_CREATE')) {
    throw forbidden();
  }
  const answer = await findAnswerRow(ctx.db, uuid);
  if (answer.requestId !== null) {
    throw alreadyConverted();
  }
  const [form] = await ctx.db
    .select({ name: forms.name, requestTypeId: forms.requestTypeId })
    .from(forms)
    .where(eq(forms.id, answer.formId));
  const typeId = input.request_type_id ?? form?.requestTypeId ?? null;
  if (typeId === null) {
    throw validationError({ request_type_id: [MESSAGES.required] });
  }
  const [type] = await ctx.db.select({ form: requestTypes.form }).from(requestTypes).where(eq(requestTypes.id, typeId));
  const planUuid = input.project_uuid ?? (await onlyActivePlan(ctx, answer.customerId));
  const values = answersSchema.safeParse(answer.values);
  const viewer = { userId: principal.userId, type: principal.type };
  const requestId = await createRequest(
    ctx.db,
    {
      status: 'draft',
      subject: form?.name ?? 'Form answer',
      project_id: planUuid,
      request_type_id: typeId,
      answers: matchingAnswers(type?.form, values.success ? values.data : {}),
    },
    viewer,
    ctx.config.agencyTimeZone,
    ctx.storage,
  );
  const linked = await ctx.db
    .update(formAnswers)
    .set({ requestId })
    .where(and(eq(formAnswers.id, answer.id), isNull(formAnswers.requestId)))
    .returning({ id: formAnswers.id });
  const described = await describeRequest(ctx.db, { id: requestId });
  if (described) {
    ctx.events.publish([requestEvent(described, 'created', principal.userId, null)]);
  }
  if (linked.length === 0 || !described) {
    // Another conversion of the same answer won the race; this request stays as a draft of its own.
    throw alreadyConverted();
  }
  return { to: 'request' as const, uuid: described.uuid, link: `/requests/${described.uuid}` };
}

/** The first non-empty text among these question names. */
function firstText(values: Answers, names: string[]): string | undefined {
  for (const name of names) {
    const value = values[name];
    if (typeof value === 'string' && value.trim()) {
      return value.trim();
    }
  }
  return undefined;
}

/**
 * POST answers/{uuid}/convert {to: customer}: a new client from a new-client form (company name, e-mail, phone,
 * website), through the customers module's own rules; the answer is attached to the new client if it had none.
 */
async function toCustomer(ctx: AppContext, principal: Principal, uuid: string) {
  if (!principal.permissions.has('CUSTOMERS_CREATE')) {
    throw forbidden();
  }
  const answer = await findAnswerRow(ctx.db, uuid);
  if (answer.convertedCustomerId !== null) {
    throw alreadyConverted();
  }
  const parsedValues = answersSchema.safeParse(answer.values);
  const values = parsedValues.success ? parsedValues.data : {};
  const businessName = firstText(values, ['business_name', 'company_name', 'company']);
  if (!businessName) {
    throw validationError({ to: [MESSAGES.answerNeedsBusinessName] });
  }
  const input = customerInputSchema.safeParse({
    business_name: businessName,
    email: firstText(values, ['email', 'contact_email']) ?? null,
    phone: firstText(values, ['phone', 'contact_phone']) ?? null,
    website: firstText(values, ['website', 'website_url']) ?? null,
  });
  if (!input.success) {
    const errors: Record<string, string[]> = {};
    for (const issue of input.error.issues) {
      const key = `values.${String(issue.path[0] ?? 'business_name')}`;
      errors[key] = [...(errors[key] ?? []), issue.message];
    }
    throw validationError(errors);
  }
  const customer = await createCustomer(ctx.db, input.data, { userId: principal.userId, storage: ctx.storage });
  const [created] = await ctx.db.select({ id: customers.id }).from(customers).where(eq(customers.uuid, customer.uuid));
  const linked = await ctx.db
    .update(formAnswers)
    .set({
      convertedCustomerId: created?.id ?? null,
      customerId: sql`coalesce(${formAnswers.customerId}, ${created?.id ?? null})`,
    })
    .where(and(eq(formAnswers.id, answer.id), isNull(formAnswers.convertedCustomerId)))
    .returning({ id: formAnswers.id });
  ctx.events.publish([
    {
      model: 'customer',
      action: 'created',
      id: customer.uuid,
      actorId: principal.userId,
      payload: { name: customer.business_name },
    },
  ]);
  if (linked.length === 0) {
    // Another conversion of the same answer won the race; this client stays, as one made by hand would.
    throw alreadyConverted();
  }
  return { to: 'customer' as const, uuid: customer.uuid, link: `/clients?client_uuid=${customer.uuid}` };
}

export async function convertAnswer(
  ctx: AppContext,
  principal: Principal,
  uuid: string,
  input: AnswerConvertInput,
): Promise<AnswerConverted> {
  return input.to === 'request' ? toRequest(ctx, principal, uuid, input) : toCustomer(ctx, principal, uuid);
}
