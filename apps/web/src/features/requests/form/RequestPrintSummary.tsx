import type { Answers, RequestForm } from '@portal/domain';
import { isAnswerable, visibleQuestions } from '@portal/domain';
import { createPortal } from 'react-dom';
import { answerText } from './answerText';

/**
 * The printable summary (doc 2 §2), headed 'Plan: {project}'. Hidden on screen; the print stylesheet shows only it
 * when the panel's Print button calls window.print(). It lives directly in <body> so the page layout around the
 * form does not offset it on paper.
 */
export function RequestPrintSummary({
  planTitle,
  facts,
  form,
  answers,
}: {
  planTitle: string;
  facts: { label: string; value: string }[];
  form: RequestForm;
  answers: Answers;
}) {
  const questions = visibleQuestions(form, answers).filter(isAnswerable);
  return createPortal(
    <section className="rq-print" data-testid="request-print-summary">
      <h1>Plan: {planTitle}</h1>
      <dl>
        {facts.map((fact) => (
          <div key={fact.label} className="rq-print-row">
            <dt>{fact.label}</dt>
            <dd>{fact.value}</dd>
          </div>
        ))}
      </dl>
      <dl>
        {questions.map((question) => (
          <div key={question.name} className="rq-print-row">
            <dt>{question.label}</dt>
            <dd>{answerText(question, answers[question.name])}</dd>
          </div>
        ))}
      </dl>
    </section>,
    document.body,
  );
}
