import { describe, expect, it } from 'vitest';
import { formatFileSize, shownProgress, waitUntilIdle } from './uploadRules';

describe('upload progress', () => {
  it('never shows more than 90 until the server confirms the file', () => {
    expect(shownProgress(0.5, false)).toBe(50);
    expect(shownProgress(1, false)).toBe(90);
    expect(shownProgress(1, true)).toBe(100);
  });

  it('formats sizes for people', () => {
    expect(formatFileSize(512)).toBe('512 B');
    expect(formatFileSize(1536)).toBe('1.5 KB');
    expect(formatFileSize(25 * 1024 * 1024)).toBe('25 MB');
  });

  it('waits until nothing is uploading', async () => {
    let busy = true;
    setTimeout(() => {
      busy = false;
    }, 30);
    await waitUntilIdle(() => busy, 5);
    expect(busy).toBe(false);
  });
});
