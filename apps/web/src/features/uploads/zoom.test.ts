import { describe, expect, it } from 'vitest';
import { clampOffset, clampZoom, MAX_ZOOM } from './zoom';

describe('image zoom', () => {
  it('zooms between 1x and 4x', () => {
    expect(clampZoom(10)).toBe(MAX_ZOOM);
    expect(clampZoom(0.2)).toBe(1);
    expect(clampZoom(1.5625)).toBe(1.56);
  });

  it('pans only as far as the zoom enlarged the image', () => {
    expect(clampOffset({ x: 500, y: -500 }, 2, { width: 400, height: 300 })).toEqual({ x: 200, y: -150 });
    expect(clampOffset({ x: 50, y: 10 }, 1, { width: 400, height: 300 })).toEqual({ x: 0, y: 0 });
  });
});
