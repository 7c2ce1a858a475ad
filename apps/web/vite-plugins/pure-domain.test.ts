import { describe, expect, it } from 'vitest';
import { redirectFor } from './modular-imports';
import { markTopLevelConstantsPure } from './pure-domain';

describe('markTopLevelConstantsPure', () => {
  it('wraps top-level initialisers that call something in an annotated arrow call, keeping their value', () => {
    const source = [
      "import { z } from 'zod';",
      'export const LIMIT = 10;',
      "export const statusSchema = z.enum(['a', 'b']).optional();",
      'const local = new Set([1]);',
      'export const helper = (x) => x + 1;',
      'export function f() { const inner = z.string(); return inner; }',
    ].join('\n');

    const out = markTopLevelConstantsPure(source, '/packages/domain/src/x.js')?.code ?? '';

    expect(out).toContain("export const statusSchema = /* @__PURE__ */ (() => (z.enum(['a', 'b']).optional()))();");
    expect(out).toContain('const local = /* @__PURE__ */ (() => (new Set([1])))();');
    expect(out).toContain('export const LIMIT = 10;');
    expect(out).toContain('export const helper = (x) => x + 1;');
    // Only module-level constants: a function's own constants run when it is called.
    expect(out).toContain('const inner = z.string();');
  });

  it('leaves a module without such constants untouched', () => {
    expect(markTopLevelConstantsPure("export const A = 'a';\nexport type T = string;", '/x.ts')).toBeNull();
  });
});

describe('redirectFor', () => {
  it("sends antd's form context to the one @rc-component/form file it needs, and nothing else", () => {
    const context = '/work/main/node_modules/antd/es/form/context.js';
    expect(redirectFor('@rc-component/form', context)).toBe('@rc-component/form/es/FormContext.js');
    expect(redirectFor('@rc-component/form', '/work/main/node_modules/antd/es/form/Form.js')).toBeNull();
    expect(redirectFor('@rc-component/util', context)).toBeNull();
    expect(redirectFor('@rc-component/form', undefined)).toBeNull();
  });
});
