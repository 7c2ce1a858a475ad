import {
  type Answers,
  type AnswerValue,
  pruneHiddenAnswers,
  type Question,
  validateFormAnswer,
  wizardSteps,
} from '@portal/domain';
import { Button } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { AnswerForm, AnswerWizard, type FieldMessage, questionDomId } from '../requests/form/QuestionRendererForm';
import { firstStepWithMessage, messagesFor } from './publicForm';
import '../requests/form/requestForm.css';

export interface FormFillProps {
  questions: Question[];
  answers: Answers;
  onChange(name: string, value: AnswerValue): void;
  /** Messages by question name: the browser's own check, or the server's 422. */
  messages: Record<string, string>;
  onMessages(messages: Record<string, string>): void;
  /** Called with the answers to store (hidden questions' answers dropped) once the shared engine accepts them. */
  onSubmit(values: Answers): void;
  submitting: boolean;
  submitLabel?: string;
}

const today = () => dayjs().format('YYYY-MM-DD');

function focusQuestion(name: string | undefined) {
  if (name) {
    // After the messages have rendered.
    requestAnimationFrame(() => document.getElementById(questionDomId(name))?.focus());
  }
}

/**
 * A form being answered, drawn by the request questionnaire's renderer (one page, or the wizard when questions
 * have steps) and checked by the same engine before it is sent; the server checks again and its messages land at
 * the same questions.
 */
export function FormFill(props: FormFillProps) {
  const [step, setStep] = useState(0);
  const shown: Record<string, FieldMessage> = Object.fromEntries(
    Object.entries(props.messages).map(([name, text]) => [name, { text, level: 'error' as const }]),
  );
  const check = (): Record<string, string> =>
    validateFormAnswer(props.questions, pruneHiddenAnswers(props.questions, props.answers), today());
  const submit = () => {
    const errors = check();
    props.onMessages(errors);
    const names = Object.keys(errors);
    if (names.length > 0) {
      const errorStep = firstStepWithMessage(wizardSteps(props.questions, props.answers), errors);
      if (errorStep !== null) {
        setStep(errorStep);
      }
      focusQuestion(names[0]);
      return;
    }
    props.onSubmit(pruneHiddenAnswers(props.questions, props.answers));
  };
  const submitButton = (
    <Button type="primary" size="large" loading={props.submitting} onClick={submit} data-testid="form-fill-submit">
      {props.submitLabel ?? 'Send'}
    </Button>
  );
  const common = {
    form: props.questions,
    answers: props.answers,
    onChange: (name: string, value: AnswerValue) => {
      props.onChange(name, value);
      if (props.messages[name]) {
        const { [name]: _cleared, ...rest } = props.messages;
        props.onMessages(rest);
      }
    },
    messages: shown,
    readOnly: false,
    today: today(),
  };
  if (props.questions.some((q) => q.step !== undefined)) {
    return (
      <AnswerWizard
        {...common}
        step={step}
        onStepChange={setStep}
        canLeave={(names) => {
          const errors = messagesFor(check(), names);
          props.onMessages({ ...props.messages, ...errors });
          focusQuestion(Object.keys(errors)[0]);
          return Object.keys(errors).length === 0;
        }}
        submit={submitButton}
      />
    );
  }
  return (
    <div className="form-fill" data-testid="form-fill">
      {props.questions.length > 0 ? <AnswerForm {...common} /> : null}
      <div className="form-fill-actions">{submitButton}</div>
    </div>
  );
}
