import type { AnswerValue, Question } from '@portal/domain';
import { Form, Typography } from 'antd';
import type { ReactNode } from 'react';
import { CheckboxControl, RadioControl, SelectControl } from './QuestionRendererChoices';
import { DateControl, InputControl, TextAreaControl, TextEditorControl, UploadControl } from './QuestionRendererInputs';
import { type ControlProps, type FieldMessage, questionDomId } from './QuestionRendererTypes';

function Control(props: ControlProps): ReactNode {
  switch (props.question.type) {
    case 'input':
      return <InputControl {...props} />;
    case 'textArea':
      return <TextAreaControl {...props} />;
    case 'textEditor':
      return <TextEditorControl {...props} />;
    case 'select':
      return <SelectControl {...props} />;
    case 'radio':
      return <RadioControl {...props} />;
    case 'checkbox':
      return <CheckboxControl {...props} />;
    case 'date':
      return <DateControl {...props} />;
    case 'upload':
      return <UploadControl {...props} />;
    default:
      return null;
  }
}

function FieldLabel({ question }: { question: Question }) {
  return (
    <span className="rq-label">
      {question.label}
      {question.optionalLabel ? <span className="rq-optional"> (optional)</span> : null}
    </span>
  );
}

/**
 * One question of the questionnaire (doc 2 §3): its label ('(optional)' when marked so), its control and the
 * message under it. A header is a heading only; formGroups are laid out by the form.
 */
export function QuestionField({
  question,
  value,
  onChange,
  readOnly,
  message,
  today,
}: {
  question: Question;
  value: AnswerValue | undefined;
  onChange(name: string, value: AnswerValue): void;
  readOnly: boolean;
  message?: FieldMessage;
  today: string;
}) {
  if (question.type === 'header') {
    return (
      <Typography.Title level={5} className="rq-header" data-testid={`question-${question.name}`}>
        {question.label}
      </Typography.Title>
    );
  }
  const id = questionDomId(question.name);
  return (
    <div
      className={`rq-field${question.marginX ? ' rq-field-indented' : ''}`}
      data-testid={`question-${question.name}`}
    >
      <Form.Item
        label={question.label ? <FieldLabel question={question} /> : undefined}
        htmlFor={id}
        required={Boolean(question.required || question.submitRequired)}
        validateStatus={message?.level}
        help={message ? <span data-testid={`question-${question.name}-message`}>{message.text}</span> : undefined}
      >
        <Control
          question={question}
          value={value}
          onChange={(next) => onChange(question.name, next)}
          readOnly={readOnly}
          id={id}
          today={today}
        />
      </Form.Item>
    </div>
  );
}
