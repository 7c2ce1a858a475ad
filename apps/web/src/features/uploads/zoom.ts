/** Doc 2 §9: images zoom up to 4x. */
export const MAX_ZOOM = 4;
export const MIN_ZOOM = 1;
export const ZOOM_STEP = 1.25;

export function clampZoom(scale: number): number {
  return Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, Math.round(scale * 100) / 100));
}

/** Keeps a panned image from leaving its frame: the offset is limited by how much the zoom enlarged it. */
export function clampOffset(
  offset: { x: number; y: number },
  scale: number,
  frame: { width: number; height: number },
): { x: number; y: number } {
  const maxX = ((scale - 1) * frame.width) / 2;
  const maxY = ((scale - 1) * frame.height) / 2;
  return { x: Math.min(maxX, Math.max(-maxX, offset.x)), y: Math.min(maxY, Math.max(-maxY, offset.y)) };
}
