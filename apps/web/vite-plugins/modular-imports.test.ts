import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { isBrightModule } from './modular-imports';

const presets = createRequire(import.meta.url).resolve('antd/es/color-picker/components/ColorPresets.js');

describe('isBrightModule', () => {
  it("cuts isBright and its one import out of the installed antd's presets panel, and nothing else", () => {
    const module = isBrightModule(readFileSync(presets, 'utf8'));
    expect(module).toMatch(
      /^import \{ Color as RcColor \} from '@rc-component\/color-picker';\nexport const isBright = /,
    );
    expect(module).not.toContain('Collapse');
    expect(module).not.toContain('React');
  });

  it('fails the build when antd changes the module', () => {
    expect(() => isBrightModule("export function isBright() {}\nimport Collapse from '../../collapse';")).toThrow(
      /isBright/,
    );
  });
});
