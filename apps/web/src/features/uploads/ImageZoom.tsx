import { CompressOutlined, ZoomInOutlined, ZoomOutOutlined } from '@ant-design/icons';
import { Button, Space, Tooltip } from 'antd';
import { type PointerEvent, useRef, useState, type WheelEvent } from 'react';
import { clampOffset, clampZoom, MAX_ZOOM, MIN_ZOOM, ZOOM_STEP } from './zoom';

/** An image that zooms (buttons, wheel, double-click) up to 4x and pans by dragging while zoomed. */
export function ImageZoom({ src, alt }: { src: string; alt: string }) {
  const frame = useRef<HTMLDivElement>(null);
  const [scale, setScale] = useState(1);
  const [offset, setOffset] = useState({ x: 0, y: 0 });
  const drag = useRef<{ x: number; y: number; from: { x: number; y: number } } | null>(null);

  const frameSize = () => ({ width: frame.current?.clientWidth ?? 0, height: frame.current?.clientHeight ?? 0 });
  const zoomTo = (next: number) => {
    const clamped = clampZoom(next);
    setScale(clamped);
    setOffset((current) => clampOffset(current, clamped, frameSize()));
  };
  const onWheel = (event: WheelEvent) => {
    zoomTo(event.deltaY < 0 ? scale * 1.1 : scale / 1.1);
  };
  const onPointerDown = (event: PointerEvent) => {
    if (scale > 1) {
      drag.current = { x: event.clientX, y: event.clientY, from: offset };
      event.currentTarget.setPointerCapture(event.pointerId);
    }
  };
  const onPointerMove = (event: PointerEvent) => {
    const start = drag.current;
    if (start) {
      const moved = { x: start.from.x + event.clientX - start.x, y: start.from.y + event.clientY - start.y };
      setOffset(clampOffset(moved, scale, frameSize()));
    }
  };

  return (
    <div className="image-zoom">
      <Space className="image-zoom-controls">
        <Tooltip title="Zoom out">
          <Button
            icon={<ZoomOutOutlined />}
            aria-label="Zoom out"
            data-testid="zoom-out"
            disabled={scale <= MIN_ZOOM}
            onClick={() => zoomTo(scale / ZOOM_STEP)}
          />
        </Tooltip>
        <span className="image-zoom-level" data-testid="zoom-level">
          {Math.round(scale * 100)}%
        </span>
        <Tooltip title="Zoom in">
          <Button
            icon={<ZoomInOutlined />}
            aria-label="Zoom in"
            data-testid="zoom-in"
            disabled={scale >= MAX_ZOOM}
            onClick={() => zoomTo(scale * ZOOM_STEP)}
          />
        </Tooltip>
        <Tooltip title="Fit">
          <Button
            icon={<CompressOutlined />}
            aria-label="Fit"
            data-testid="zoom-reset"
            onClick={() => {
              setScale(1);
              setOffset({ x: 0, y: 0 });
            }}
          />
        </Tooltip>
      </Space>
      {/* biome-ignore lint/a11y/noStaticElementInteractions: wheel and drag are shortcuts; the buttons above are the keyboard path */}
      <div
        ref={frame}
        className={`image-zoom-frame${scale > 1 ? ' image-zoom-pannable' : ''}`}
        onWheel={onWheel}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={() => {
          drag.current = null;
        }}
        onDoubleClick={() => zoomTo(scale > 1 ? 1 : 2)}
        data-testid="image-zoom-frame"
      >
        <img
          src={src}
          alt={alt}
          draggable={false}
          data-testid="file-viewer-image"
          style={{ transform: `translate(${offset.x}px, ${offset.y}px) scale(${scale})` }}
        />
      </div>
    </div>
  );
}
