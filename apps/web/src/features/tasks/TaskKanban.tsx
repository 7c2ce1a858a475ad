import { FlagFilled } from '@ant-design/icons';
import type { TaskListItem, TaskStatus } from '@portal/domain';
import { memo, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { PersonNames } from '../people/PersonName';
import { isoToUsDate } from '../timelogs/timeEntry';
import { applyOrder, type Orderable, planDrop } from './kanbanOrder';
import { groupByStatus } from './taskFilters';
import { PRIORITY_OPTIONS, taskStatusLabel } from './taskRules';

export interface KanbanMove {
  uuid: string;
  status: TaskStatus;
  /** Every sort_order write of the drop: the moved card, plus neighbours when the column was renumbered. */
  writes: Orderable[];
}

interface DropTarget {
  status: string;
  index: number;
}

/** A card is plain markup (no antd components) so a board of 1,000 stays quick to render and to drag over. */
interface CardProps {
  task: TaskListItem;
  index: number;
  status: string;
  onOpen(uuid: string): void;
  onDragOverCard(status: string, index: number, after: boolean): void;
}

const KanbanCard = memo(function KanbanCard({ task, index, status, onOpen, onDragOverCard }: CardProps) {
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: a native drag-and-drop source; its title button opens the task
    <div
      className="kanban-card"
      draggable
      data-testid="kanban-card"
      data-uuid={task.uuid}
      onDragStart={(event) => {
        event.dataTransfer.setData('text/plain', task.uuid);
        event.dataTransfer.effectAllowed = 'move';
      }}
      onDragOver={(event) => {
        event.preventDefault();
        const box = event.currentTarget.getBoundingClientRect();
        onDragOverCard(status, index, event.clientY > box.top + box.height / 2);
      }}
      onDoubleClick={() => onOpen(task.uuid)}
    >
      <button type="button" className="kanban-card-title" onClick={() => onOpen(task.uuid)}>
        <FlagFilled style={{ color: PRIORITY_OPTIONS[task.priority]?.colour }} /> {task.title}
      </button>
      <div className="kanban-card-meta">
        <span>{task.project.title}</span>
        {task.end_date ? <span>Due {isoToUsDate(task.end_date)}</span> : null}
      </div>
      {task.responsibles.length ? (
        <div className="kanban-card-people">
          <PersonNames people={task.responsibles} />
        </div>
      ) : null}
    </div>
  );
}, sameCard);

/** A refetched list brings new objects for every task; a card re-renders only when what it shows changed. */
function sameCard(a: CardProps, b: CardProps): boolean {
  if (a.index !== b.index || a.status !== b.status || a.onOpen !== b.onOpen || a.onDragOverCard !== b.onDragOverCard) {
    return false;
  }
  const x = a.task;
  const y = b.task;
  return (
    x === y ||
    (x.uuid === y.uuid &&
      x.title === y.title &&
      x.priority === y.priority &&
      x.end_date === y.end_date &&
      x.project.title === y.project.title &&
      x.responsibles.map((p) => p.name).join() === y.responsibles.map((p) => p.name).join())
  );
}

const KanbanColumn = memo(function KanbanColumn({
  status,
  cards,
  dropIndex,
  onOpen,
  onDragOverCard,
  onDragOverEnd,
  onDrop,
}: {
  status: string;
  cards: TaskListItem[];
  /** Where the dragged card would land in this column, or null when the pointer is elsewhere. */
  dropIndex: number | null;
  onOpen(uuid: string): void;
  onDragOverCard(status: string, index: number, after: boolean): void;
  onDragOverEnd(status: string, length: number): void;
  onDrop(status: string, uuid: string): void;
}) {
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: a native drag-and-drop target
    <div
      className={dropIndex === null ? 'kanban-column' : 'kanban-column kanban-column-over'}
      data-testid={`kanban-column-${status}`}
      onDragOver={(event) => {
        event.preventDefault();
        event.dataTransfer.dropEffect = 'move';
        if (
          event.target === event.currentTarget ||
          (event.target as HTMLElement).classList.contains('kanban-column-body')
        ) {
          onDragOverEnd(status, cards.length);
        }
      }}
      onDrop={(event) => {
        event.preventDefault();
        const uuid = event.dataTransfer.getData('text/plain');
        if (uuid) {
          onDrop(status, uuid);
        }
      }}
    >
      <div className="kanban-column-head">
        {taskStatusLabel(status)} <span className="kanban-count">{cards.length}</span>
      </div>
      <div className="kanban-column-body">
        {cards.map((task, index) => (
          <div key={task.uuid}>
            {dropIndex === index ? <div className="kanban-drop-line" /> : null}
            <KanbanCard task={task} index={index} status={status} onOpen={onOpen} onDragOverCard={onDragOverCard} />
          </div>
        ))}
        {dropIndex === cards.length ? <div className="kanban-drop-line" /> : null}
      </div>
    </div>
  );
});

/**
 * The kanban tab (doc 2 §2): a column per status (completed and cancelled left out), cards moved by native drag and
 * drop between and within columns. The board moves the card at once; the parent saves status and sort_order.
 */
export function TaskKanban({
  rows,
  columns,
  onOpen,
  onMove,
}: {
  rows: TaskListItem[];
  columns: TaskStatus[];
  onOpen(uuid: string): void;
  onMove(move: KanbanMove): void;
}) {
  const [cards, setCards] = useState(rows);
  useEffect(() => setCards(rows), [rows]);
  const [target, setTarget] = useState<DropTarget | null>(null);
  const targetRef = useRef<DropTarget | null>(null);
  const groups = useMemo(() => groupByStatus(cards, columns), [cards, columns]);

  const setDropTarget = useCallback((next: DropTarget | null) => {
    const current = targetRef.current;
    if (current?.status === next?.status && current?.index === next?.index) {
      return;
    }
    targetRef.current = next;
    setTarget(next);
  }, []);
  const onDragOverCard = useCallback(
    (status: string, index: number, after: boolean) => setDropTarget({ status, index: after ? index + 1 : index }),
    [setDropTarget],
  );
  const onDragOverEnd = useCallback(
    (status: string, length: number) => {
      if (targetRef.current?.status !== status) {
        setDropTarget({ status, index: length });
      }
    },
    [setDropTarget],
  );
  const groupsRef = useRef(groups);
  groupsRef.current = groups;
  // Kept in a ref so the columns' drop handler stays the same object across renders (they are memoised).
  const onMoveRef = useRef(onMove);
  onMoveRef.current = onMove;
  const onOpenRef = useRef(onOpen);
  onOpenRef.current = onOpen;
  const openCard = useCallback((uuid: string) => onOpenRef.current(uuid), []);
  const onDrop = useCallback(
    (status: string, uuid: string) => {
      const column = groupsRef.current.get(status) ?? [];
      const index = targetRef.current?.status === status ? targetRef.current.index : column.length;
      setDropTarget(null);
      const from = column.findIndex((c) => c.uuid === uuid);
      // Dropping a card right where it is changes nothing.
      if (from !== -1 && (index === from || index === from + 1)) {
        return;
      }
      // The index counts the column with the card still in it; planDrop counts without it.
      const withoutIndex = from !== -1 && index > from ? index - 1 : index;
      const writes = planDrop(column, uuid, withoutIndex);
      setCards((current) =>
        applyOrder(
          current.map((c) => (c.uuid === uuid ? { ...c, status: status as TaskStatus } : c)),
          writes,
        ),
      );
      onMoveRef.current({ uuid, status: status as TaskStatus, writes });
    },
    [setDropTarget],
  );

  if (cards.length === 0 && rows.length === 0) {
    return null;
  }
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: ends a native drag anywhere on the board
    <div className="kanban-board" data-testid="tasks-kanban" onDragEnd={() => setDropTarget(null)}>
      {columns.map((status) => (
        <KanbanColumn
          key={status}
          status={status}
          cards={groups.get(status) ?? []}
          dropIndex={target?.status === status ? target.index : null}
          onOpen={openCard}
          onDragOverCard={onDragOverCard}
          onDragOverEnd={onDragOverEnd}
          onDrop={onDrop}
        />
      ))}
    </div>
  );
}
