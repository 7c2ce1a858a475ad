import { HolderOutlined } from '@ant-design/icons';
import {
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  useDraggable,
  useDroppable,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import {
  CONTENT_STATUS_LABELS,
  CONTENT_STATUSES,
  type ContentItem,
  type ContentStatus,
  PLATFORM_RULES,
} from '@portal/domain';
import { Button, Space, Tag } from 'antd';

function Card({ item, onOpen }: { item: ContentItem; onOpen(item: ContentItem): void }) {
  const { attributes, listeners, setNodeRef, transform } = useDraggable({ id: item.uuid });
  const style = transform ? { transform: `translate(${transform.x}px, ${transform.y}px)` } : undefined;
  return (
    <div ref={setNodeRef} style={style} className="content-card" data-testid="content-card" data-uuid={item.uuid}>
      <Space size={4} wrap>
        <button
          type="button"
          className="content-card-handle"
          aria-label={`Move ${PLATFORM_RULES[item.platform].label} post`}
          {...attributes}
          {...listeners}
        >
          <HolderOutlined />
        </button>
        <Tag>{PLATFORM_RULES[item.platform].label}</Tag>
        {item.scheduled_at ? <small>{new Date(item.scheduled_at).toLocaleString()}</small> : null}
      </Space>
      <p className="content-card-caption">{item.caption || '(no caption)'}</p>
      <Button size="small" type="link" onClick={() => onOpen(item)} data-testid="content-card-open">
        Open
      </Button>
    </div>
  );
}

function Column({
  status,
  items,
  onOpen,
}: {
  status: ContentStatus;
  items: ContentItem[];
  onOpen(item: ContentItem): void;
}) {
  const { setNodeRef, isOver } = useDroppable({ id: status });
  return (
    <section
      ref={setNodeRef}
      className={`content-board-column${isOver ? ' is-over' : ''}`}
      data-testid={`content-column-${status}`}
      aria-label={CONTENT_STATUS_LABELS[status]}
    >
      <h2>
        {CONTENT_STATUS_LABELS[status]} <span>({items.length})</span>
      </h2>
      {items.map((item) => (
        <Card key={item.uuid} item={item} onOpen={onOpen} />
      ))}
    </section>
  );
}

/**
 * The board by status: a card dropped on a column asks the server for that status (PUT); on a refusal the card stays
 * where the server says it is and its message shows (the caller refetches either way).
 */
export function ContentBoard({
  items,
  onMove,
  onOpen,
}: {
  items: ContentItem[];
  onMove(item: ContentItem, status: ContentStatus): void;
  onOpen(item: ContentItem): void;
}) {
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor),
  );
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    const item = items.find((i) => i.uuid === active.id);
    const status = over?.id as ContentStatus | undefined;
    if (item && status && status !== item.status) {
      onMove(item, status);
    }
  };
  return (
    <DndContext sensors={sensors} onDragEnd={onDragEnd}>
      <div className="content-board" data-testid="content-board">
        {CONTENT_STATUSES.map((status) => (
          <Column key={status} status={status} items={items.filter((i) => i.status === status)} onOpen={onOpen} />
        ))}
      </div>
    </DndContext>
  );
}
