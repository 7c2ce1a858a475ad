import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import type { Question, QuestionType } from '@portal/domain';
import { Button, Checkbox, Form, Input, Select, Space, Switch } from 'antd';
import { useState } from 'react';
import {
  addOption,
  BUILDER_TYPES,
  hasOptions,
  moveOption,
  nameProblem,
  relabelOption,
  removeOption,
  renameQuestion,
  ruleSources,
  setRule,
  updateQuestion,
} from './builderModel';

type Edit = (questions: Question[]) => void;

function OptionsEditor({ questions, index, onChange }: { questions: Question[]; index: number; onChange: Edit }) {
  const options = questions[index]?.options ?? [];
  return (
    <fieldset className="fb-options" data-testid="fb-options">
      <legend className="fb-legend">Options</legend>
      {options.map((option, position) => (
        <Space.Compact key={option.value} className="fb-option">
          <Input
            value={option.label}
            aria-label={`Option ${position + 1}`}
            onChange={(event) => onChange(relabelOption(questions, index, position, event.target.value))}
            data-testid={`fb-option-${position}`}
          />
          <Button
            icon={<ArrowUpOutlined />}
            aria-label={`Move option ${position + 1} up`}
            disabled={position === 0}
            onClick={() => onChange(moveOption(questions, index, position, position - 1))}
          />
          <Button
            icon={<ArrowDownOutlined />}
            aria-label={`Move option ${position + 1} down`}
            disabled={position === options.length - 1}
            onClick={() => onChange(moveOption(questions, index, position, position + 1))}
          />
          <Button
            icon={<DeleteOutlined />}
            aria-label={`Remove option ${position + 1}`}
            disabled={options.length <= 1}
            onClick={() => onChange(removeOption(questions, index, position))}
          />
        </Space.Compact>
      ))}
      <Button icon={<PlusOutlined />} onClick={() => onChange(addOption(questions, index))} data-testid="fb-option-add">
        Add option
      </Button>
    </fieldset>
  );
}

/** "Show only when <earlier question> is <one of its options>": the builder's face of the visibility rule. */
function RuleEditor({ questions, index, onChange }: { questions: Question[]; index: number; onChange: Edit }) {
  const question = questions[index];
  const sources = ruleSources(questions, index);
  const rule = question?.visible;
  const source = sources.find((q) => q.name === rule?.field);
  if (sources.length === 0 && !rule) {
    return null;
  }
  return (
    <fieldset className="fb-rule" data-testid="fb-rule">
      <legend className="fb-legend">Show this question</legend>
      <Select
        className="fb-rule-field"
        aria-label="Show this question"
        value={rule?.field ?? ''}
        onChange={(field: string) =>
          onChange(
            setRule(
              questions,
              index,
              field ? { field, values: [sources.find((q) => q.name === field)?.options?.[0]?.value ?? ''] } : null,
            ),
          )
        }
        options={[
          { value: '', label: 'Always' },
          ...sources.map((q) => ({ value: q.name, label: `When “${q.label || q.name}” is answered with` })),
        ]}
        data-testid="fb-rule-field"
      />
      {rule && source ? (
        <Select
          mode="multiple"
          className="fb-rule-values"
          aria-label="Any of these answers"
          value={rule.values.filter((v): v is string => v !== null)}
          onChange={(values: string[]) => onChange(setRule(questions, index, { ...rule, values }))}
          options={(source.options ?? []).map((o) => ({ value: o.value, label: o.label }))}
          data-testid="fb-rule-values"
        />
      ) : null}
    </fieldset>
  );
}

function NameField({ questions, index, onChange }: { questions: Question[]; index: number; onChange: Edit }) {
  const current = questions[index]?.name ?? '';
  const [draft, setDraft] = useState(current);
  const problem = draft === current ? null : nameProblem(questions, index, draft);
  return (
    <Form.Item
      label="Answer key"
      htmlFor="fb-name"
      validateStatus={problem ? 'error' : undefined}
      help={
        problem ??
        'Answers are stored under this key; a request question or a client field with the same key is filled from it'
      }
    >
      <Input
        id="fb-name"
        value={draft}
        onChange={(event) => setDraft(event.target.value)}
        onBlur={() =>
          problem || draft === current ? setDraft(current) : onChange(renameQuestion(questions, index, draft))
        }
        data-testid="fb-name"
      />
    </Form.Item>
  );
}

/** The selected question's settings: label, type, required, placeholder, options, answer key and its rule. */
export function QuestionEditor({
  questions,
  index,
  onChange,
}: {
  questions: Question[];
  index: number;
  onChange: Edit;
}) {
  const question = questions[index];
  if (!question) {
    return null;
  }
  const patch = (change: Partial<Question>) => onChange(updateQuestion(questions, index, change));
  const answerable = question.type !== 'header' && question.type !== 'formGroup';
  return (
    <Form layout="vertical" component="div" className="fb-editor" data-testid="fb-editor">
      <Form.Item label={question.type === 'header' ? 'Heading' : 'Question'} htmlFor="fb-label">
        <Input.TextArea
          id="fb-label"
          autoSize={{ minRows: 1, maxRows: 4 }}
          value={question.label}
          maxLength={500}
          onChange={(event) => patch({ label: event.target.value })}
          data-testid="fb-label"
        />
      </Form.Item>
      {question.type === 'formGroup' ? null : (
        <Form.Item label="Type" htmlFor="fb-type">
          <Select<QuestionType>
            id="fb-type"
            value={question.type}
            onChange={(type) => patch({ type, mode: undefined, inputType: type === 'input' ? 'text' : undefined })}
            options={BUILDER_TYPES.map((t) => ({ value: t.type, label: t.label }))}
            data-testid="fb-type"
          />
        </Form.Item>
      )}
      {question.type === 'input' ? (
        <Form.Item label="Kind of answer" htmlFor="fb-input-type">
          <Select
            id="fb-input-type"
            value={question.inputType ?? 'text'}
            onChange={(inputType) => patch({ inputType })}
            options={[
              { value: 'text', label: 'Text' },
              { value: 'email', label: 'E-mail address' },
              { value: 'tel', label: 'Phone number' },
              { value: 'url', label: 'Web address' },
              { value: 'number', label: 'Number' },
            ]}
          />
        </Form.Item>
      ) : null}
      {question.type === 'input' || question.type === 'textArea' ? (
        <Form.Item label="Placeholder" htmlFor="fb-placeholder">
          <Input
            id="fb-placeholder"
            value={question.placeholder ?? ''}
            maxLength={200}
            onChange={(event) => patch({ placeholder: event.target.value || undefined })}
          />
        </Form.Item>
      ) : null}
      {question.type === 'select' ? (
        <Form.Item>
          <Checkbox
            checked={question.mode === 'multiple'}
            onChange={(event) => patch({ mode: event.target.checked ? 'multiple' : undefined })}
          >
            Several answers may be picked
          </Checkbox>
        </Form.Item>
      ) : null}
      {hasOptions(question.type) ? <OptionsEditor questions={questions} index={index} onChange={onChange} /> : null}
      {answerable ? (
        <Form.Item label="Required" htmlFor="fb-required">
          <Switch
            id="fb-required"
            checked={Boolean(question.required)}
            onChange={(required) =>
              patch({ required: required || undefined, optionalLabel: required ? undefined : true })
            }
            data-testid="fb-required"
          />
        </Form.Item>
      ) : null}
      <RuleEditor questions={questions} index={index} onChange={onChange} />
      {answerable ? <NameField key={question.name} questions={questions} index={index} onChange={onChange} /> : null}
    </Form>
  );
}
