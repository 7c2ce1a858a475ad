import type { AnswerValue, Question, QuestionOption } from '@portal/domain';
import { toggleOption, toggleRadio } from '@portal/domain';
import { Select, Typography } from 'antd';
import type { CSSProperties } from 'react';
import { CatalogueIcon } from './CatalogueIcon';
import type { ControlProps } from './QuestionRendererTypes';

function asList(value: AnswerValue | undefined): string[] {
  return Array.isArray(value) ? value : [];
}

function asText(value: AnswerValue | undefined): string | null {
  return typeof value === 'string' && value !== '' ? value : null;
}

/** The option's picture: its image, else its icon (an @ant-design/icons name in the catalogue). */
function OptionArt({ option }: { option: QuestionOption }) {
  if (option.imageUrl) {
    return <img className="rq-option-image" src={option.imageUrl} alt="" />;
  }
  return option.icon ? (
    <span className="rq-option-icon" aria-hidden="true">
      <CatalogueIcon name={option.icon} />
    </span>
  ) : null;
}

/** A question's layout arranges its options: in a row, a column, or a grid of n columns. */
function optionsStyle(question: Question): CSSProperties | undefined {
  const layout = question.layout;
  return layout?.type === 'grid' ? ({ '--rq-columns': layout.columns ?? 2 } as CSSProperties) : undefined;
}

/**
 * Options drawn as buttons: simple (a list with radio or check marks), pill (chips) and square (cards with the
 * option's picture). Buttons rather than native radios because clicking the chosen radio must clear it (doc 2 §5).
 */
function OptionButtons({
  question,
  selected,
  many,
  readOnly,
  onPick,
}: {
  question: Question;
  selected: readonly string[];
  many: boolean;
  readOnly: boolean;
  onPick(value: string): void;
}) {
  const mode = question.mode === 'pill' || question.mode === 'square' ? question.mode : 'simple';
  const full = many && question.max !== undefined && selected.length >= question.max;
  return (
    <fieldset
      className={`rq-options rq-options-${mode} rq-layout-${question.layout?.type ?? 'auto'}${question.scroll ? ' rq-options-scroll' : ''}`}
      style={optionsStyle(question)}
      aria-label={question.label}
    >
      {(question.options ?? []).map((option) => {
        const checked = selected.includes(option.value);
        // At the maximum, further choices are refused (toggleOption); a unique option still replaces them all.
        const blocked = !checked && full && !option.unique;
        return (
          <button
            key={option.value}
            type="button"
            aria-pressed={checked}
            disabled={readOnly || blocked}
            className={`rq-option${checked ? ' rq-option-checked' : ''}`}
            onClick={() => onPick(option.value)}
            data-testid={`option-${question.name}-${option.value}`}
          >
            {mode === 'simple' ? <span className={`rq-mark rq-mark-${many ? 'check' : 'radio'}`} /> : null}
            {mode === 'square' ? <OptionArt option={option} /> : null}
            {mode !== 'square' && option.icon ? <CatalogueIcon name={option.icon} /> : null}
            <span className="rq-option-label">{option.label}</span>
          </button>
        );
      })}
    </fieldset>
  );
}

function MaxHint({ question }: { question: Question }) {
  return question.max !== undefined ? (
    <Typography.Text type="secondary" className="rq-hint">
      Choose up to {question.max}
    </Typography.Text>
  ) : null;
}

/** A multiple select (dropdown), following the same unique-option and maximum rules as checkboxes. */
function MultipleSelect({ question, value, onChange, readOnly, id }: ControlProps) {
  const selected = asList(value);
  return (
    <>
      <Select
        id={id}
        mode="multiple"
        allowClear
        disabled={readOnly}
        placeholder={question.placeholder}
        value={selected}
        onSelect={(picked: string) => onChange(toggleOption(question, selected, picked))}
        onDeselect={(dropped: string) => onChange(toggleOption(question, selected, dropped))}
        onClear={() => onChange([])}
        options={(question.options ?? []).map((o) => ({ value: o.value, label: o.label }))}
        optionFilterProp="label"
        style={{ width: '100%' }}
        data-testid={`select-${question.name}`}
      />
      <MaxHint question={question} />
    </>
  );
}

/** select: a dropdown (simple), a multiple select, or option buttons in pill and square modes. */
export function SelectControl(props: ControlProps) {
  const { question, value, onChange, readOnly, id } = props;
  if (question.mode === 'multiple') {
    return <MultipleSelect {...props} />;
  }
  if (question.mode === 'pill' || question.mode === 'square') {
    return <RadioControl {...props} />;
  }
  return (
    <Select
      id={id}
      allowClear
      disabled={readOnly}
      placeholder={question.placeholder}
      value={asText(value) ?? undefined}
      onChange={(picked: string | undefined) => onChange(picked ?? null)}
      options={(question.options ?? []).map((o) => ({ value: o.value, label: o.label }))}
      showSearch={{ optionFilterProp: 'label' }}
      style={{ width: '100%' }}
      data-testid={`select-${question.name}`}
    />
  );
}

export function RadioControl({ question, value, onChange, readOnly }: ControlProps) {
  const current = asText(value);
  return (
    <OptionButtons
      question={question}
      selected={current ? [current] : []}
      many={false}
      readOnly={readOnly}
      onPick={(picked) => onChange(toggleRadio(current, picked))}
    />
  );
}

/** checkbox: option buttons with the maximum and unique rules, or a dropdown in multiple mode. */
export function CheckboxControl(props: ControlProps) {
  const { question, value, onChange, readOnly } = props;
  if (question.mode === 'multiple') {
    return <MultipleSelect {...props} />;
  }
  const selected = asList(value);
  return (
    <>
      <OptionButtons
        question={question}
        selected={selected}
        many
        readOnly={readOnly}
        onPick={(picked) => onChange(toggleOption(question, selected, picked))}
      />
      <MaxHint question={question} />
    </>
  );
}
