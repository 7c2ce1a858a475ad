/**
 * Parses the bracket notation the spec's call tables use (page[size]=50, filters[status][]=active,
 * search_term[0][field]=name) into nested objects, so zod schemas can validate `page.size` and `filters.status`.
 * Keys are limited in depth and count so a hostile query cannot make us allocate without bound.
 */
const MAX_DEPTH = 5;
const MAX_PARAMS = 200;
const FORBIDDEN_KEYS = new Set(['__proto__', 'prototype', 'constructor']);

type Node = { [key: string]: Node | string | Node[] | string[] };

function splitKey(key: string): string[] | null {
  const match = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(key);
  if (!match?.[1]) {
    return null;
  }
  const parts = [match[1]];
  for (const m of (match[2] ?? '').matchAll(/\[([^[\]]*)\]/g)) {
    parts.push(m[1] ?? '');
  }
  return parts.length > MAX_DEPTH + 1 ? null : parts;
}

function assign(target: Node, parts: string[], value: string): void {
  let node: Node = target;
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i] as string;
    if (FORBIDDEN_KEYS.has(part)) {
      return;
    }
    const last = i === parts.length - 1;
    const nextIsList = parts[i + 1] === '';
    if (last) {
      const existing = node[part];
      if (existing === undefined) {
        node[part] = value;
      } else if (Array.isArray(existing)) {
        (existing as string[]).push(value);
      } else if (typeof existing === 'string') {
        node[part] = [existing, value];
      }
      return;
    }
    if (nextIsList) {
      const existing = node[part];
      const list = Array.isArray(existing) ? (existing as string[]) : typeof existing === 'string' ? [existing] : [];
      list.push(value);
      node[part] = list;
      return;
    }
    const child = node[part];
    if (child === undefined || typeof child !== 'object' || Array.isArray(child)) {
      node[part] = Object.create(null) as Node;
    }
    node = node[part] as Node;
  }
}

export function parseQueryString(raw: string): Record<string, unknown> {
  const result = Object.create(null) as Node;
  const params = new URLSearchParams(raw);
  let count = 0;
  for (const [key, value] of params) {
    if (++count > MAX_PARAMS) {
      break;
    }
    const parts = splitKey(key);
    if (parts) {
      assign(result, parts, value);
    }
  }
  return { ...result };
}
