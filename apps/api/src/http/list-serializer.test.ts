import { requestListResponseSchema, taskListResponseSchema } from '@portal/domain';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { listBytesSerializerCompiler, listSerializerCompiler } from './list-serializer';

const person = { uuid: '00000000-0000-4000-8000-000000000001', name: 'Ann "A" Lee', type: 'regular_user' };
const row = {
  uuid: '00000000-0000-4000-8000-000000000002',
  title: 'Fix <the> \u2028 "thing"',
  project: {
    uuid: '00000000-0000-4000-8000-000000000003',
    title: 'Plan',
    status: 'active',
    kind: 'other',
    personal: false,
  },
  priority: 1,
  status: 'todo',
  start_date: '2026-11-01',
  end_date: null,
  estimated_time_min: 30,
  estimated_time: null,
  responsibles: [person],
  followers: [],
  recurrence_type: null,
  seed: null,
  parent: { uuid: '00000000-0000-4000-8000-000000000004', title: 'Parent' },
  creator: { uuid: person.uuid, name: person.name },
  created_at: '2026-11-29T07:26:11.742Z',
  sort_order: 2.5,
  requests_count: 1,
  request: { uuid: '00000000-0000-4000-8000-000000000005', subject: 'Ask', status: 'new' },
  subtasks_count: 3,
};

const meta = { total: 2, current_page: 1, last_page: 1, per_page: 50 };

const compile = (compiler: typeof listSerializerCompiler, httpStatus: string) =>
  compiler({ schema: taskListResponseSchema, method: 'GET', url: '/api/tasks', httpStatus });
const zodWrite = (data: unknown) =>
  serializerCompiler({ schema: taskListResponseSchema, method: 'GET', url: '/api/tasks' })(data);

describe('listSerializerCompiler', () => {
  it('writes what the zod serializer writes, byte for byte', () => {
    const data = { data: [row, { ...row, parent: null, request: null }], meta };
    expect(compile(listSerializerCompiler, '200')(data)).toBe(zodWrite(data));
  });

  it('writes the same JSON with an optional property (with=tags), which comes after the required ones', () => {
    const data = { data: [{ ...row, tags: [{ name: 'x' }] }], meta };
    const written = compile(listSerializerCompiler, '200')(data);
    expect(JSON.parse(written)).toEqual(JSON.parse(zodWrite(data)));
    expect(written).toContain('"subtasks_count":3,"tags":[{"name":"x"}]}');
  });

  it('leaves out every property the schema does not name', () => {
    const data = {
      data: [{ ...row, password: 'x', project: { ...row.project, owner_id: 7 }, parent: { ...row.parent, secret: 2 } }],
      meta: { ...meta, secret: 1 },
      debug: true,
    };
    const written = compile(listSerializerCompiler, '200')(data);
    expect(written).not.toMatch(/secret|password|owner_id|debug/);
    expect(written).toBe(zodWrite(data));
    const bytes = compile(listBytesSerializerCompiler, '200')(data) as unknown as Buffer;
    expect(bytes.toString()).toBe(written);
  });

  it('hands the routes the same JSON as UTF-8 bytes for a 200 answer, and other answers as zod writes them', () => {
    const data = { data: [row, { ...row, parent: null, request: null }], meta };
    const written = compile(listBytesSerializerCompiler, '200')(data) as unknown as Buffer;
    expect(Buffer.isBuffer(written)).toBe(true);
    expect(written.equals(Buffer.from(zodWrite(data)))).toBe(true);
    expect(compile(listBytesSerializerCompiler, '404')(data)).toBe(zodWrite(data));
  });

  it('writes non-Latin-1 text, an empty page and pages larger than its first buffer the same way', () => {
    const bytes = (data: unknown) => compile(listBytesSerializerCompiler, '200')(data) as unknown as Buffer;
    const curly = { data: [row, { ...row, title: 'It\u2019s \u{1F680} done' }, row], meta };
    expect(bytes(curly).equals(Buffer.from(zodWrite(curly)))).toBe(true);
    const empty = { data: [], meta: { ...meta, total: 0 } };
    expect(bytes(empty).equals(Buffer.from(zodWrite(empty)))).toBe(true);
    // ~3 MB: the scratch buffer starts at 1 MB and must grow without losing what it holds.
    const long = { ...row, title: '\u00e9'.repeat(900), parent: { uuid: row.uuid, title: '\u2019'.repeat(900) } };
    const big = { data: Array.from({ length: 1000 }, () => long), meta };
    const written = bytes(big);
    expect(written.length).toBeGreaterThan(3 << 20);
    expect(written.equals(Buffer.from(zodWrite(big)))).toBe(true);
    // A second answer after the growth is whole too (the buffer is reused).
    expect(bytes(curly).equals(Buffer.from(zodWrite(curly)))).toBe(true);
  });

  it("writes the requests list's optional totals after its rows, present or not", () => {
    const compileRequests = (compiler: typeof listSerializerCompiler) =>
      compiler({ schema: requestListResponseSchema, method: 'GET', url: '/api/requests', httpStatus: '200' });
    const zodRequests = (data: unknown) =>
      serializerCompiler({ schema: requestListResponseSchema, method: 'GET', url: '/api/requests' })(data);
    const bytes = compileRequests(listBytesSerializerCompiler) as unknown as (d: unknown) => Buffer;
    for (const data of [
      { data: [], meta },
      { data: [], meta, total_time: 90, count_per_temp: { 1: 1, 2: 0, 3: 2 }, secret: true },
    ]) {
      expect(bytes(data).toString()).toBe(compileRequests(listSerializerCompiler)(data));
      expect(JSON.parse(bytes(data).toString())).toEqual(JSON.parse(zodRequests(data)));
    }
  });
});
