import { CopyOutlined, DeleteOutlined } from '@ant-design/icons';
import type { Question } from '@portal/domain';
import { Button, Tag, Tooltip } from 'antd';
import { SortableList, useSortableItem } from '../../components/SortableList';
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
  const sortable = useSortableItem(question.name, props.readOnly);
  const open = props.selected === question.name;
  const problem = props.problems[index];
  const title = question.label.trim() || 'Untitled question';
  return (
    <li
      ref={sortable.ref}
      style={sortable.style}
      className={`fb-card${open ? ' fb-card-open' : ''}${sortable.isDragging ? ' fb-card-dragging' : ''}${problem ? ' fb-card-problem' : ''}`}
      data-testid={`fb-question-${question.name}`}
    >
      <div className="fb-card-head">
        {props.readOnly ? null : sortable.handle(`Move “${title}”`, 'fb-handle', 'fb-handle')}
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

/** The form's questions in order, each movable by its handle or from the keyboard (components/SortableList). */
export function QuestionList(props: ListProps) {
  const names = props.questions.map((q) => q.name);
  return (
    <SortableList
      ids={names}
      noun="a question"
      onMove={(from, to) => props.onChange(moveQuestion(props.questions, from, to))}
    >
      <ol className="fb-list" data-testid="fb-questions">
        {props.questions.map((question, index) => (
          <QuestionCard key={question.name} index={index} {...props} />
        ))}
      </ol>
    </SortableList>
  );
}
