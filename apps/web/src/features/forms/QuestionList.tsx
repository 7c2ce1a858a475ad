import { CopyOutlined, DeleteOutlined, HolderOutlined } from '@ant-design/icons';
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
import type { Question } from '@portal/domain';
import { Button, Tag, Tooltip } from 'antd';
import { duplicateQuestion, moveQuestion, removeQuestion, typeLabel } from './builderModel';
import { QuestionEditor } from './QuestionEditor';

interface ListProps {
  questions: Question[];
  onChange(questions: Question[]): void;
  selected: string | null;
  onSelect(name: string | null): void;
  problems: Record<number, string>;
  readOnly: boolean;
}

function QuestionCard({ index, ...props }: ListProps & { index: number }) {
  const question = props.questions[index] as Question;
  const sortable = useSortable({ id: question.name, disabled: props.readOnly });
  const open = props.selected === question.name;
  const problem = props.problems[index];
  const title = question.label.trim() || 'Untitled question';
  return (
    <li
      ref={sortable.setNodeRef}
      style={{ transform: CSS.Transform.toString(sortable.transform), transition: sortable.transition }}
      className={`fb-card${open ? ' fb-card-open' : ''}${sortable.isDragging ? ' fb-card-dragging' : ''}${problem ? ' fb-card-problem' : ''}`}
      data-testid={`fb-question-${question.name}`}
    >
      <div className="fb-card-head">
        {props.readOnly ? null : (
          <button
            type="button"
            className="fb-handle"
            aria-label={`Move “${title}”`}
            {...sortable.attributes}
            {...sortable.listeners}
            data-testid="fb-handle"
          >
            <HolderOutlined />
          </button>
        )}
        <button
          type="button"
          className="fb-card-title"
          aria-expanded={open}
          onClick={() => props.onSelect(open ? null : question.name)}
          data-testid="fb-question-open"
        >
          <span className="fb-card-number">{index + 1}.</span>
          <span className="fb-card-label">{title}</span>
          <Tag className="fb-card-type">{typeLabel(question.type)}</Tag>
          {question.visible ? <Tag color="blue">Conditional</Tag> : null}
          {question.required ? <Tag>Required</Tag> : null}
        </button>
        {props.readOnly ? null : (
          <span className="fb-card-actions">
            <Tooltip title="Duplicate">
              <Button
                type="text"
                icon={<CopyOutlined />}
                aria-label={`Duplicate “${title}”`}
                onClick={() => props.onChange(duplicateQuestion(props.questions, index))}
                data-testid="fb-duplicate"
              />
            </Tooltip>
            <Tooltip title="Remove">
              <Button
                type="text"
                danger
                icon={<DeleteOutlined />}
                aria-label={`Remove “${title}”`}
                onClick={() => {
                  props.onChange(removeQuestion(props.questions, index));
                  if (open) {
                    props.onSelect(null);
                  }
                }}
                data-testid="fb-remove"
              />
            </Tooltip>
          </span>
        )}
      </div>
      {problem ? (
        <div className="fb-card-problem-text" role="alert">
          {problem}
        </div>
      ) : null}
      {open && !props.readOnly ? (
        <div className="fb-card-body">
          <QuestionEditor questions={props.questions} index={index} onChange={props.onChange} />
        </div>
      ) : null}
    </li>
  );
}

/**
 * The form's questions in order. Each moves by dragging its handle, or from the keyboard: focus the handle, Space to
 * lift, arrow keys to move, Space to drop, Escape to cancel (dnd-kit's KeyboardSensor, which also announces the
 * moves to screen readers).
 */
export function QuestionList(props: ListProps) {
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const names = props.questions.map((q) => q.name);
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (over && active.id !== over.id) {
      props.onChange(moveQuestion(props.questions, names.indexOf(String(active.id)), names.indexOf(String(over.id))));
    }
  };
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      accessibility={{
        screenReaderInstructions: {
          draggable:
            'To move a question, press Space, then the arrow keys; press Space again to drop it, or Escape to cancel.',
        },
      }}
    >
      <SortableContext items={names} strategy={verticalListSortingStrategy}>
        <ol className="fb-list" data-testid="fb-questions">
          {props.questions.map((question, index) => (
            <QuestionCard key={question.name} index={index} {...props} />
          ))}
        </ol>
      </SortableContext>
    </DndContext>
  );
}
