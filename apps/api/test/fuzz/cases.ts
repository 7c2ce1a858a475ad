import {
  BAD_UUIDS,
  DEEP_LEVELS,
  deepJson,
  HOSTILE_NUMBERS,
  HOSTILE_STRINGS,
  MALFORMED_QUERIES,
  type Random,
  wrongValue,
} from './values';

/** The parts of an OpenAPI 3 document the fuzzer reads. */
export type Schema = {
  type?: string;
  format?: string;
  enum?: unknown[];
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  properties?: Record<string, Schema>;
  additionalProperties?: Schema | boolean;
  required?: string[];
  items?: Schema;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  nullable?: boolean;
};
type Parameter = { in: string; name: string; required?: boolean; schema?: Schema };
type OperationObject = {
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
};
export type OpenApi = { paths: Record<string, Record<string, OperationObject>> };

export type Operation = {
  method: string;
  /** The OpenAPI path, e.g. /api/tasks/{uuid}. */
  path: string;
  pathParams: string[];
  query: Parameter[];
  body: Schema | undefined;
};

export type FuzzCase = {
  method: string;
  url: string;
  /** A string is sent as is (raw JSON text or garbage); anything else is sent as JSON. */
  payload?: unknown;
  contentType?: string;
  /** What the case is trying, for the failure report. */
  kind: string;
};

/** A real object's id for each path parameter (by the collection segment before it), so bodies reach the handlers. */
export type KnownIds = Map<string, string>;

export function operationsOf(doc: OpenApi): Operation[] {
  const operations: Operation[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const parameters = op.parameters ?? [];
      operations.push({
        method: method.toUpperCase(),
        path,
        pathParams: [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1] as string),
        query: parameters.filter((p) => p.in === 'query'),
        body: op.requestBody?.content?.['application/json']?.schema,
      });
    }
  }
  // Deletes last, so the objects the other operations aim at exist while they run.
  return operations.sort((a, b) => Number(a.method === 'DELETE') - Number(b.method === 'DELETE'));
}

/** The collection a path parameter names: /api/tasks/{uuid} → tasks; {taskUuid} → tasks; {userUuid} → users. */
export function collectionOf(path: string, param: string): string {
  if (/^task/i.test(param)) {
    return 'tasks';
  }
  if (/^user/i.test(param)) {
    return 'users';
  }
  const before = path.split(`{${param}}`)[0]?.split('/').filter(Boolean).at(-1) ?? '';
  return before === 'request' ? 'requests' : before;
}

const alternatives = (schema: Schema) => schema.anyOf ?? schema.oneOf;

/** A value the schema accepts (or nearly: patterns are not honoured), drawn at random. */
export function validValue(random: Random, schema: Schema | undefined, known: KnownIds, depth = 0): unknown {
  if (!schema || depth > 6) {
    return 'x';
  }
  const options = alternatives(schema);
  if (options?.length) {
    return validValue(random, random.pick(options), known, depth + 1);
  }
  if (schema.allOf?.length) {
    return validValue(random, schema.allOf[0], known, depth + 1);
  }
  if (schema.enum?.length) {
    return random.pick(schema.enum);
  }
  if (schema.nullable && random.chance(0.1)) {
    return null;
  }
  switch (schema.type) {
    case 'integer':
    case 'number': {
      const min = schema.minimum ?? 0;
      const max = Math.min(schema.maximum ?? min + 100, min + 1000);
      return min + random.int(Math.max(1, max - min + 1));
    }
    case 'boolean':
      return random.chance(0.5);
    case 'array':
      return Array.from({ length: random.int(3) }, () => validValue(random, schema.items, known, depth + 1));
    case 'object': {
      const value: Record<string, unknown> = {};
      for (const [name, property] of Object.entries(schema.properties ?? {})) {
        if (schema.required?.includes(name) || random.chance(0.6)) {
          value[name] = validValue(random, property, known, depth + 1);
        }
      }
      return value;
    }
    default:
      return validString(random, schema, known);
  }
}

function validString(random: Random, schema: Schema, known: KnownIds): string {
  switch (schema.format) {
    case 'uuid':
      return random.chance(0.7) && known.size ? random.pick([...known.values()]) : crypto.randomUUID();
    case 'date':
      return '2026-03-14';
    case 'date-time':
      return '2026-03-14T10:00:00.000Z';
    case 'email':
      return `fuzz${random.int(1e6)}@fuzz.test`;
    case 'uri':
      return 'https://example.test/a';
  }
  const length = Math.max(schema.minLength ?? 1, Math.min(schema.maxLength ?? 12, 12));
  return random.chance(0.5) ? 'f'.repeat(length) : random.pick(HOSTILE_STRINGS);
}

/** Replaces one value somewhere inside `value` (descending into objects and arrays) with a hostile one. */
function mutateSomewhere(random: Random, value: unknown, schema: Schema | undefined): unknown {
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    const keys = Object.keys(value);
    const copy = { ...(value as Record<string, unknown>) };
    if (keys.length === 0 || random.chance(0.15)) {
      copy[random.pick(['__proto__', 'constructor', 'x'.repeat(300), 'id', 'uuid', '\u0000'])] = wrongValue(
        random,
        undefined,
      );
      return copy;
    }
    const key = random.pick(keys);
    const inner = schema?.properties?.[key];
    copy[key] = random.chance(0.6) ? wrongValue(random, inner?.type) : mutateSomewhere(random, copy[key], inner);
    return copy;
  }
  if (Array.isArray(value) && value.length && random.chance(0.5)) {
    const copy = [...value];
    copy[random.int(copy.length)] = wrongValue(random, schema?.items?.type);
    return copy;
  }
  return wrongValue(random, schema?.type);
}

/** Every string of a valid value replaced by a hostile string, every number by an edge number; types kept. */
function hostileLeaves(random: Random, value: unknown): unknown {
  if (typeof value === 'string') {
    return random.chance(0.3) ? value : random.pick(HOSTILE_STRINGS);
  }
  if (typeof value === 'number') {
    return random.pick(HOSTILE_NUMBERS);
  }
  if (Array.isArray(value)) {
    return value.map((v) => hostileLeaves(random, v));
  }
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, hostileLeaves(random, v)]));
  }
  return value;
}

/** Percent-encodes the UTF-8 bytes (lone surrogates become U+FFFD, which encodeURIComponent refuses to do). */
function percentEncode(text: string): string {
  return [...Buffer.from(text, 'utf8')]
    .map((byte) =>
      /[A-Za-z0-9_.~-]/.test(String.fromCharCode(byte))
        ? String.fromCharCode(byte)
        : `%${byte.toString(16).padStart(2, '0')}`,
    )
    .join('');
}

/** page[size]=1 style: objects and arrays in the bracket notation the API parses. */
function encodeQuery(name: string, value: unknown, out: string[]): void {
  if (Array.isArray(value)) {
    for (const item of value) {
      encodeQuery(`${name}[]`, item, out);
    }
  } else if (value && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) {
      encodeQuery(`${name}[${key}]`, inner, out);
    }
  } else {
    out.push(`${percentEncode(name).replace(/%5b/g, '[').replace(/%5d/g, ']')}=${percentEncode(String(value))}`);
  }
}

function pathValue(random: Random, op: Operation, param: string, known: KnownIds): string {
  const real = known.get(collectionOf(op.path, param));
  if (real && random.chance(0.6)) {
    return real;
  }
  const bad = random.pick(BAD_UUIDS);
  return bad.includes('%') ? bad : percentEncode(bad);
}

function queryString(random: Random, op: Operation, known: KnownIds): string {
  const parts: string[] = [];
  for (const param of op.query) {
    if (!param.required && random.chance(0.4)) {
      continue;
    }
    const value = random.chance(0.5)
      ? validValue(random, param.schema, known)
      : mutateSomewhere(random, validValue(random, param.schema, known), param.schema);
    encodeQuery(param.name, value, parts);
  }
  if (random.chance(0.35)) {
    parts.push(random.pick(MALFORMED_QUERIES));
  }
  return parts.length ? `?${parts.join('&')}` : '';
}

/** One random hostile request for the operation. */
export function makeCase(random: Random, op: Operation, known: KnownIds): FuzzCase {
  let url = op.path;
  for (const param of op.pathParams) {
    url = url.replace(`{${param}}`, pathValue(random, op, param, known));
  }
  url += queryString(random, op, known);
  if (!op.body && op.method !== 'POST' && op.method !== 'PUT') {
    return { method: op.method, url, kind: 'query' };
  }
  const valid = validValue(random, op.body, known);
  const roll = random.next();
  if (roll < 0.1) {
    return {
      method: op.method,
      url,
      payload: deepJson(DEEP_LEVELS, random.pick(['array', 'object'] as const)),
      kind: 'deep nesting',
    };
  }
  if (roll < 0.18 && valid && typeof valid === 'object' && !Array.isArray(valid)) {
    // Deep nesting inside an otherwise valid body, where a field's schema (or a delta validator) must stop it.
    const keys = Object.keys(valid);
    const key = keys.length ? random.pick(keys) : 'x';
    const text = JSON.stringify({ ...valid, [key]: '__DEEP__' }).replace(
      '"__DEEP__"',
      deepJson(DEEP_LEVELS, random.pick(['array', 'object'] as const)),
    );
    return { method: op.method, url, payload: text, kind: `deep nesting in ${key}` };
  }
  if (roll < 0.24) {
    return {
      method: op.method,
      url,
      payload: random.pick(['{"a":', '{"a":1}}', 'nul', '\u0000', '', '[1,]', '{"a":"\\ud800"}', '1e999']),
      kind: 'malformed JSON',
    };
  }
  if (roll < 0.28) {
    return {
      method: op.method,
      url,
      payload: 'a=1&b[]=2',
      contentType: random.pick(['text/plain', 'application/x-www-form-urlencoded', 'application/xml']),
      kind: 'wrong content type',
    };
  }
  if (roll < 0.38) {
    return { method: op.method, url, payload: wrongValue(random, 'object'), kind: 'wrong body type' };
  }
  if (roll < 0.55) {
    return { method: op.method, url, payload: hostileLeaves(random, valid), kind: 'hostile leaves' };
  }
  if (roll < 0.7) {
    return { method: op.method, url, payload: valid, kind: 'valid' };
  }
  return { method: op.method, url, payload: mutateSomewhere(random, valid, op.body), kind: 'one wrong field' };
}
