import type { Answers, AnswerValue, RequestForm } from '@portal/domain';
import { MESSAGES, wizardSteps } from '@portal/domain';
import { Button, Empty, Form, Steps, Typography } from 'antd';
import type { CSSProperties, ReactNode } from 'react';
import { QuestionField } from './QuestionRenderer';
import type { FieldMessage } from './QuestionRendererTypes';
import { neighbourStep, type QuestionNode, shownStep, visibleTree } from './questionTree';

export interface AnswerFormProps {
  form: RequestForm;
  answers: Answers;
  onChange(name: string, value: AnswerValue): void;
  messages: Readonly<Record<string, FieldMessage>>;
  readOnly: boolean;
  today: string;
}

function groupStyle(node: QuestionNode): CSSProperties | undefined {
  const layout = node.question.layout;
  if (layout?.type === 'grid') {
    // The column count goes through a variable so narrow screens can fall back to one column.
    return { '--rq-columns': layout.columns ?? 2 } as CSSProperties;
  }
  return undefined;
}

function NodeView({ node, ...props }: Omit<AnswerFormProps, 'form'> & { node: QuestionNode }) {
  const { question } = node;
  if (question.type === 'formGroup') {
    const layout = question.layout?.type ?? 'column';
    return (
      <fieldset className="rq-group" data-testid={`question-${question.name}`}>
        {question.label ? <legend className="rq-group-label">{question.label}</legend> : null}
        <div className={`rq-group-body rq-layout-${layout}`} style={groupStyle(node)}>
          {node.children.map((child) => (
            <NodeView key={child.question.name} node={child} {...props} />
          ))}
        </div>
      </fieldset>
    );
  }
  return (
    <QuestionField
      question={question}
      value={props.answers[question.name]}
      onChange={props.onChange}
      readOnly={props.readOnly}
      message={props.messages[question.name]}
      today={props.today}
    />
  );
}

/** A type without questions shows 'No form request' (doc 2 §2). */
function NoForm() {
  return <Empty description={MESSAGES.noFormRequest} data-testid="no-form-request" />;
}

/**
 * The questionnaire on one page: only the questions whose visibility rule matches the answers (re-evaluated on every
 * change), formGroups laid out as rows, columns or a grid.
 */
export function AnswerForm(props: AnswerFormProps) {
  if (props.form.length === 0) {
    return <NoForm />;
  }
  const tree = visibleTree(props.form, props.answers);
  return (
    <Form layout="vertical" component="div" className="rq-form" data-testid="request-answers">
      {tree.map((node) => (
        <NodeView key={node.question.name} node={node} {...props} />
      ))}
    </Form>
  );
}

/**
 * The multi-step wizard variant (doc 2 §2): one step per page with Back and Next, Submit on the last one. Steps
 * whose questions are all hidden are not offered (the domain's `wizardSteps`), so Back and Next skip them.
 */
export function AnswerWizard(
  props: AnswerFormProps & {
    step: number;
    onStepChange(step: number): void;
    /** Checks the page before Next; false keeps the user on it (its messages show). */
    canLeave(questionNames: string[]): boolean;
    submit: ReactNode;
  },
) {
  const steps = wizardSteps(props.form, props.answers);
  const current = shownStep(steps, props.step);
  if (!current) {
    return <NoForm />;
  }
  const position = steps.indexOf(current);
  const back = neighbourStep(steps, current.index, -1);
  const next = neighbourStep(steps, current.index, 1);
  return (
    <div className="rq-wizard" data-testid="request-wizard">
      <Steps
        size="small"
        current={position}
        items={steps.map((s) => ({ key: s.index, title: s.title }))}
        className="rq-wizard-steps"
      />
      <Typography.Title level={5} data-testid="request-wizard-title">
        {current.title}
      </Typography.Title>
      <Form layout="vertical" component="div" className="rq-form" data-testid="request-answers">
        {current.questions.map((question) => (
          <NodeView key={question.name} node={{ question, children: [] }} {...props} />
        ))}
      </Form>
      <div className="rq-wizard-actions">
        <Button
          disabled={back === null}
          onClick={() => back !== null && props.onStepChange(back)}
          data-testid="request-wizard-back"
        >
          Back
        </Button>
        {next === null ? (
          props.submit
        ) : (
          <Button
            type="primary"
            onClick={() => {
              if (props.readOnly || props.canLeave(current.questions.map((q) => q.name))) {
                props.onStepChange(next);
              }
            }}
            data-testid="request-wizard-next"
          >
            Next
          </Button>
        )}
      </div>
    </div>
  );
}

export type { ControlProps, FieldMessage } from './QuestionRendererTypes';
export { questionDomId, UploadSlotContext } from './QuestionRendererTypes';
