import { describe, expect, it } from 'vitest';
import { zipFileName } from './zipFileName';

describe('zipFileName', () => {
  it("saves the at-once zip under the server's name", () => {
    expect(zipFileName('attachment; filename="selected-files-2026-11-27.zip"')).toBe('selected-files-2026-11-27.zip');
  });
  it('falls back to files.zip without a name', () => {
    expect(zipFileName(null)).toBe('files.zip');
  });
});
