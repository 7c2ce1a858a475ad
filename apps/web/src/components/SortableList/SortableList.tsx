import { HolderOutlined } from '@ant-design/icons';
import {
  closestCenter,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import {
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import type { CSSProperties, ReactNode } from 'react';

/**
 * One vertical list whose items move by dragging their handle, or from the keyboard: focus the handle, Space to
 * lift, arrow keys to move, Space to drop, Escape to cancel. dnd-kit's KeyboardSensor announces each move to screen
 * readers; `noun` names what moves in those instructions ("a question", "a step").
 *
 * The list reports a move as (from, to) indexes of `ids`; the owner applies it to its own model, so a list that
 * saves each move (requirements) and one that edits a draft (form questions) share this one component.
 */
export function SortableList({
  ids,
  noun,
  onMove,
  children,
}: {
  ids: string[];
  noun: string;
  onMove(from: number, to: number): void;
  children: ReactNode;
}) {
  const sensors = useSensors(
    // A click on the handle (4 px of slack) is not a drag, so handles can sit next to buttons.
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (over && active.id !== over.id) {
      onMove(ids.indexOf(String(active.id)), ids.indexOf(String(over.id)));
    }
  };
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      accessibility={{
        screenReaderInstructions: {
          draggable: `To move ${noun}, press Space, then the arrow keys; press Space again to drop it, or Escape to cancel.`,
        },
      }}
    >
      <SortableContext items={ids} strategy={verticalListSortingStrategy}>
        {children}
      </SortableContext>
    </DndContext>
  );
}

/** What an item of a SortableList spreads on its element and its handle. */
export function useSortableItem(id: string, disabled: boolean) {
  const sortable = useSortable({ id, disabled });
  const style: CSSProperties = {
    transform: CSS.Transform.toString(sortable.transform),
    transition: sortable.transition,
  };
  return {
    ref: sortable.setNodeRef,
    style,
    isDragging: sortable.isDragging,
    handle: (label: string, className: string, testId: string) => (
      <button
        type="button"
        className={className}
        aria-label={label}
        {...sortable.attributes}
        {...sortable.listeners}
        data-testid={testId}
      >
        <HolderOutlined />
      </button>
    ),
  };
}
