import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify/types/schema';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { type ZodType, z } from 'zod';

type JsonSchema = { [key: string]: unknown; anyOf?: JsonSchema[]; type?: unknown; const?: unknown };

const isNullBranch = (branch: JsonSchema) => branch.type === 'null' && Object.keys(branch).length === 1;
const isConstBranch = (branch: JsonSchema, type: unknown) =>
  'const' in branch && branch.type === type && Object.keys(branch).length === 2;

/**
 * The same schema with zod's two common unions in forms fast-json-stringify writes without choosing a branch:
 * `X | null` (anyOf [X, {type: null}]) as X with type [X's type, null], and a union of constants of one type (the
 * task priority 0 | 1 | 2) as that type. For an anyOf, fast-json-stringify validates the value against each branch
 * with ajv (uuid patterns included) before writing it: ~0.5 ms of a 1,000-task page. The properties written, and
 * so the allow-list, are the same; other unions are left to fast-json-stringify as they are.
 */
function withPlainUnions(node: unknown): unknown {
  if (Array.isArray(node)) {
    return node.map(withPlainUnions);
  }
  if (node === null || typeof node !== 'object') {
    return node;
  }
  const { anyOf, ...rest } = node as JsonSchema;
  if (anyOf?.length === 2) {
    const nullAt = anyOf.findIndex(isNullBranch);
    const other = anyOf[1 - nullAt];
    if (nullAt >= 0 && other && typeof other.type === 'string' && !other.anyOf) {
      return withPlainUnions({ ...rest, ...other, type: [other.type, 'null'] });
    }
  }
  const first = anyOf?.[0];
  if (anyOf && first && typeof first.type === 'string' && anyOf.every((b) => isConstBranch(b, first.type))) {
    return { ...rest, type: first.type, enum: anyOf.map((b) => b.const) };
  }
  return Object.fromEntries(Object.entries(node).map(([key, value]) => [key, withPlainUnions(value)]));
}

/** The JSON schema fast-json-stringify compiles for a zod output schema. */
const jsonSchemaOf = (schema: ZodType) =>
  withPlainUnions(z.toJSONSchema(schema, { io: 'output', target: 'draft-7' })) as object;

/**
 * The serializer of the big list routes (tasks, requests): their 200 answer through fast-json-stringify compiled
 * from the route's zod output schema, other statuses through the zod serializer every route uses. It writes only the
 * schema's properties, so the answer stays allow-listed, and the same JSON as zod's encode + JSON.stringify wrote
 * (list-serializer.test.ts): byte for byte, except that an optional property (the tasks' `tags`) comes after the
 * required ones. It does not re-check values (enums, uuid formats) that the handler built from typed rows. Zod's
 * encode of a 1,000-task page took ~5.5 ms of CPU, the compiled writer ~2.6 ms.
 */
export const listSerializerCompiler: FastifySerializerCompiler<unknown> = (route) => {
  const schema = route.schema as ZodType;
  if (route.httpStatus !== '200') {
    return serializerCompiler({ ...route, schema });
  }
  const write = fastJson(jsonSchemaOf(schema));
  return (data: unknown) => write(data);
};

/**
 * Where list answers are written as UTF-8 before their exact-size copy is handed out. One per process: serializing
 * is synchronous, so no two answers share it at once. It grows to the largest answer written (a 1,000-task page is
 * ~750 KB) and stays.
 */
let scratch = Buffer.allocUnsafe(1 << 20);

/** Room for `chars` more UTF-16 units from `at` (at most 3 UTF-8 bytes each), growing the scratch if needed. */
function reserve(at: number, chars: number): void {
  const needed = at + chars * 3;
  if (needed > scratch.length) {
    const grown = Buffer.allocUnsafe(Math.max(needed, scratch.length * 2));
    scratch.copy(grown, 0, 0, at);
    scratch = grown;
  }
}

function put(text: string, at: number): number {
  reserve(at, text.length);
  return at + scratch.write(text, at);
}

/**
 * The list routes' serializer: the 200 answer as UTF-8 bytes, written row by row. Handed one string of a 1,000-task
 * page (735 KB, built by concatenation), Fastify measured its UTF-8 length for content-length and the socket then
 * encoded it once more; encoding it once as bytes still cost ~3 ms of CPU, because one curly quote in one title makes
 * the whole flattened string two bytes a character. Each row is written with the row schema's compiled writer and
 * encoded on its own into the scratch buffer (~2.9 ms for the page instead of ~5.4). The bytes are the same as
 * listSerializerCompiler's (`data` comes first in both list schemas, and the rest of the answer is written by the
 * schema without it), still allow-listed by the schema; they are measured by their length, written as they are and
 * compressed without another copy.
 */
export const listBytesSerializerCompiler: FastifySerializerCompiler<unknown> = (route) => {
  if (route.httpStatus !== '200') {
    return listSerializerCompiler(route);
  }
  const schema = route.schema as z.ZodObject;
  const rows = schema.shape.data;
  if (!(rows instanceof z.ZodArray) || Object.keys(schema.shape)[0] !== 'data') {
    throw new Error(`${route.url}: the list bytes serializer needs an object schema whose first property is data[]`);
  }
  const writeRow = fastJson(jsonSchemaOf(rows.element as ZodType));
  const writeRest = fastJson(jsonSchemaOf(schema.omit({ data: true })));
  return (answer: unknown) => {
    const { data } = answer as { data: unknown[] };
    let at = put('{"data":[', 0);
    for (let i = 0; i < data.length; i++) {
      at = put(i === 0 ? writeRow(data[i]) : `,${writeRow(data[i])}`, at);
    }
    const rest = writeRest(answer);
    at = put(rest === '{}' ? ']}' : `],${rest.slice(1)}`, at);
    const bytes = Buffer.allocUnsafe(at);
    scratch.copy(bytes, 0, 0, at);
    // Fastify sends a Buffer from a serializer as it is; its type only names strings.
    return bytes as unknown as string;
  };
};
