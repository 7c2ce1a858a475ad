import {
  ANSWERABLE_QUESTION_TYPES,
  flattenQuestions,
  formatUsd,
  isCoherentForm,
  MAX_PRICE_CENTS,
  MESSAGES,
  matchesCatalogueSearch,
  ORDER_MESSAGES,
  parseUsdToCents,
  type RequestForm,
  type RequestType,
  type RequestTypeWriteInput,
  requestFormSchema,
  type ServiceSells,
} from '@portal/domain';

/** What the service modal edits: the estimate as 'h:mm' text and the questionnaire as JSON text. */
export interface ServiceValues {
  name: string;
  description: string;
  icon: string | undefined;
  imageUrl: string;
  tags: string[];
  timeEstimated: string;
  disabled: boolean;
  form: string;
  /** The order catalogue (issue 20): the price as typed dollars, what it sells, a retainer's reload as 'h:mm'. */
  price: string;
  sells: ServiceSells;
  planReload: string;
  /** The product type's uuid (issue 22: discount codes can be scoped to product types); undefined is none. */
  productType: string | undefined;
}

/** The API caps an estimate at 1,000,000 minutes (requestTypeWriteSchema). */
const MAX_ESTIMATE_MINUTES = 1_000_000;

/** Minutes as 'h:mm' (90 → '1:30'); no estimate is ''. */
export function formatEstimate(minutes: number | null | undefined): string {
  if (minutes === null || minutes === undefined) {
    return '';
  }
  return `${Math.floor(minutes / 60)}:${String(minutes % 60).padStart(2, '0')}`;
}

/** 'h:mm' or whole hours ('2') as minutes; blank is no estimate. */
export function parseEstimate(text: string): { minutes: number | null } | { error: string } {
  const trimmed = text.trim();
  if (!trimmed) {
    return { minutes: null };
  }
  const match = /^(\d{1,5})(?::([0-5]\d))?$/.exec(trimmed);
  if (!match) {
    return { error: MESSAGES.invalidEstimate };
  }
  const minutes = Number(match[1]) * 60 + Number(match[2] ?? 0);
  return minutes > MAX_ESTIMATE_MINUTES ? { error: MESSAGES.invalidEstimate } : { minutes };
}

/** Typed dollars ('1,500' or '99.90') as cents; blank is no price (not for sale yet). */
export function parsePrice(text: string): { cents: number | null } | { error: string } {
  if (!text.trim()) {
    return { cents: null };
  }
  const cents = parseUsdToCents(text);
  if (cents === null) {
    return { error: 'Enter the price in dollars with at most two decimals, e.g. 1500 or 99.90' };
  }
  return cents > MAX_PRICE_CENTS ? { error: 'The price may not be greater than $1,000,000.00' } : { cents };
}

/** Cents as the price field shows them: 150000 → '1500.00'; no price is ''. */
export function formatPrice(cents: number | null | undefined): string {
  return cents === null || cents === undefined ? '' : formatUsd(cents).replace(/[$,]/g, '');
}

/** A retainer's reload amount ('h:mm' or whole hours) is required; other services have none. */
export function parseReload(sells: ServiceSells, text: string): { minutes: number | null } | { error: string } {
  if (sells !== 'retainer') {
    return { minutes: null };
  }
  const parsed = parseEstimate(text);
  if ('error' in parsed) {
    return parsed;
  }
  return parsed.minutes ? parsed : { error: ORDER_MESSAGES.retainerNeedsReload };
}

/** Where the first problem is, e.g. '0.options.1.value', so a long questionnaire can be fixed. */
function issuePath(path: readonly PropertyKey[]): string {
  return path.map(String).join('.');
}

/**
 * The questionnaire JSON as the domain's schema reads it, checked as the server checks it (each question, then
 * unique names and rules naming questions); blank means no questions.
 */
export function parseFormJson(text: string): { form: RequestForm } | { error: string } {
  if (!text.trim()) {
    return { form: [] };
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    return { error: `${MESSAGES.invalidForm}: ${error instanceof Error ? error.message : String(error)}` };
  }
  const parsed = requestFormSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue ? issuePath(issue.path) : '';
    return {
      error: issue ? `${MESSAGES.invalidForm}: ${where ? `${where}: ` : ''}${issue.message}` : MESSAGES.invalidForm,
    };
  }
  return isCoherentForm(parsed.data) ? { form: parsed.data } : { error: MESSAGES.invalidForm };
}

/** The modal's starting values: a new service is enabled and has no questions. */
export function serviceValues(type: RequestType | null): ServiceValues {
  return {
    name: type?.name ?? '',
    description: type?.description ?? '',
    icon: type?.icon ?? undefined,
    imageUrl: type?.imageUrl ?? '',
    tags: type?.tags ?? [],
    timeEstimated: formatEstimate(type?.timeEstimated),
    disabled: type?.disabled ?? false,
    form: JSON.stringify(type?.form ?? [], null, 2),
    price: formatPrice(type?.price_cents),
    sells: type?.sells ?? 'one_off',
    planReload: formatEstimate(type?.plan_reload_minutes),
    productType: type?.product_type?.uuid,
  };
}

/** The POST/PUT body; only called once the form's validators passed, so the estimate and JSON parse. */
export function serviceBody(values: ServiceValues): RequestTypeWriteInput {
  const estimate = parseEstimate(values.timeEstimated);
  const form = parseFormJson(values.form);
  const price = parsePrice(values.price);
  const reload = parseReload(values.sells, values.planReload);
  if ('error' in estimate || 'error' in form || 'error' in price || 'error' in reload) {
    throw new Error('service values not validated');
  }
  return {
    name: values.name.trim(),
    description: values.description.trim() || null,
    icon: values.icon || null,
    imageUrl: values.imageUrl.trim() || null,
    tags: values.tags.map((t) => t.trim()).filter(Boolean),
    timeEstimated: estimate.minutes,
    disabled: values.disabled,
    form: form.form,
    price_cents: price.cents,
    sells: values.sells,
    plan_reload_minutes: reload.minutes,
    product_type_uuid: values.productType ?? null,
  };
}

/** Questions someone answers: headers and groups are layout. */
export function countQuestions(form: readonly RequestForm[number][]): number {
  const answerable: readonly string[] = ANSWERABLE_QUESTION_TYPES;
  return flattenQuestions(form).filter((q) => answerable.includes(q.type)).length;
}

/** The search box matches the name or a tag, ignoring case and tolerating typos (the catalogue's one rule). */
export function matchesSearch(type: Pick<RequestType, 'name' | 'tags'>, term: string): boolean {
  return matchesCatalogueSearch({ name: type.name, tags: type.tags }, term);
}

/** The API's names of the order fields, as the modal names them. */
const API_FIELD_NAMES: Record<string, keyof ServiceValues> = {
  price_cents: 'price',
  plan_reload_minutes: 'planReload',
  product_type_uuid: 'productType',
};

const FIELDS: readonly string[] = [
  'name',
  'description',
  'icon',
  'imageUrl',
  'tags',
  'timeEstimated',
  'disabled',
  'form',
  'price',
  'sells',
  'planReload',
  'productType',
] satisfies (keyof ServiceValues)[];

/**
 * A 422's errors (keys as the API names them: `name`, `form.0.options.1.value`, `tags.2`) under the modal's fields;
 * a nested key is shown on its field with its path, so the JSON can be fixed. Anything else is reported as a whole.
 */
export function serviceFieldErrors(errors: Readonly<Record<string, readonly string[]>>): {
  fields: { name: keyof ServiceValues; errors: string[] }[];
  other: string[];
} {
  const byField = new Map<keyof ServiceValues, string[]>();
  const other: string[] = [];
  for (const [key, messages] of Object.entries(errors)) {
    const [apiHead = '', ...rest] = key.split('.');
    const head = API_FIELD_NAMES[apiHead] ?? apiHead;
    if (!FIELDS.includes(head)) {
      other.push(...messages);
      continue;
    }
    const field = head as keyof ServiceValues;
    const path = rest.join('.');
    byField.set(field, [...(byField.get(field) ?? []), ...messages.map((m) => (path ? `${path}: ${m}` : m))]);
  }
  return { fields: [...byField].map(([name, list]) => ({ name, errors: list })), other };
}
