import type { Answers, AnswerValue, RequestDetail, RequestForm } from '@portal/domain';
import { isAnswerEmpty, MESSAGES, optionalButEmpty, validateAnswers, wizardSteps } from '@portal/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, message, Typography } from 'antd';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { ApiError } from '../../../api/errors';
import { useAbility } from '../../../auth/useAbility';
import { reportError, reportSuccess } from '../../../shell/feedback';
import { ConfirmButton } from '../../common/ConfirmButton';
import { localIsoDate } from '../../timelogs/timeEntry';
import { uploadsRunning, waitForRunningUploads } from '../../uploads/activity';
import { requestKey, updateRequest } from '../detail/api';
import { REQUESTS_KEY } from '../list/api';
import { createRequest, deleteRequest } from './api';
import { CatalogueIcon } from './CatalogueIcon';
import { BriefRequestContext } from './CollaborativeBrief';
import { editorFacts, knownQuestionNames } from './editorFacts';
import { AnswerForm, AnswerWizard } from './QuestionRendererForm';
import type { FieldMessage } from './QuestionRendererTypes';
import { firstStepWithError, isWizardForm, stepErrors } from './questionTree';
import { RequestFormPanel, useRequestPlans } from './RequestFormPanel';
import { RequestPrintSummary } from './RequestPrintSummary';
import { type PanelDraft, requestPayload, validatePanel } from './requestDraft';
import { type MappedServerErrors, mapServerErrors } from './serverErrors';
import './requestForm.css';

/** What the editor opens with: the type and its form, the answers and the panel's fields. */
export interface EditorSource {
  typeId: number | null;
  typeName: string | null;
  typeIcon: string | null;
  form: RequestForm;
  answers: Answers;
  panel: PanelDraft;
}

type Attempt = 'draft' | 'submit' | 'save';
type SaveKind = Attempt;

const NO_SERVER_ERRORS: MappedServerErrors = { answers: {}, panel: {}, other: [] };

/** Puts the first field with a message in view (doc 2 §5: the form scrolls to the first invalid field). */
function scrollToFirstMessage(root: HTMLElement | null) {
  const field = root?.querySelector('.ant-form-item-has-error, .ant-form-item-has-warning');
  field?.scrollIntoView({ block: 'center', behavior: 'smooth' });
}

/**
 * The request form (doc 2 §2) in create, view and edit modes: header, questionnaire and side panel with Save draft,
 * Submit and Discard. `request` absent = a new request (create or duplicate); a draft is edited in place; a
 * submitted request shows read-only until Edit. Freelancers only ever see it read-only.
 */
export function RequestEditor({
  source,
  request,
  onChangeType,
}: {
  source: EditorSource;
  request?: RequestDetail;
  onChangeType?(): void;
}) {
  const ability = useAbility();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const root = useRef<HTMLDivElement>(null);
  const [answers, setAnswers] = useState<Answers>(source.answers);
  const [panel, setPanel] = useState<PanelDraft>(source.panel);
  const [attempt, setAttempt] = useState<Attempt | null>(null);
  const [waitingForUploads, setWaitingForUploads] = useState(false);
  const [server, setServer] = useState<MappedServerErrors>(NO_SERVER_ERRORS);
  const [warned, setWarned] = useState<string[]>([]);
  const [editing, setEditing] = useState(false);
  const [step, setStep] = useState(0);
  const [scrollTick, setScrollTick] = useState(0);
  const today = localIsoDate(new Date());

  const isNew = !request;
  const isDraft = isNew || request.status === 'draft';
  const mayWrite = isNew
    ? ability.isRegularUser && ability.can('REQUEST_CREATE')
    : ability.type !== 'freelancer' && ability.can('REQUEST_UPDATE');
  const readOnly = !mayWrite || (!isDraft && !editing);
  const { form } = source;
  const wizard = isWizardForm(form);

  useEffect(() => {
    if (scrollTick > 0) {
      // After the messages have rendered.
      window.requestAnimationFrame(() => scrollToFirstMessage(root.current));
    }
  }, [scrollTick]);

  // A submitted request is checked as submitted (the server does the same for every later edit).
  const submittingCheck = attempt === 'submit' || attempt === 'save';
  const answerErrors = attempt ? validateAnswers(form, answers, { submitting: submittingCheck, today }) : {};
  const panelErrors = attempt ? validatePanel(panel, submittingCheck) : {};
  const messages: Record<string, FieldMessage> = {};
  for (const name of warned) {
    if (isAnswerEmpty(answers[name])) {
      messages[name] = { text: MESSAGES.optionalButCheck, level: 'warning' };
    }
  }
  for (const [name, text] of Object.entries({ ...server.answers, ...answerErrors })) {
    messages[name] = { text, level: 'error' };
  }
  const allPanelErrors = { ...server.panel, ...panelErrors };

  const invalidate = (saved?: RequestDetail) => {
    if (saved) {
      queryClient.setQueryData(requestKey(saved.uuid), saved);
    }
    void queryClient.invalidateQueries({ queryKey: REQUESTS_KEY });
  };

  const save = useMutation({
    mutationFn: async (kind: SaveKind) => {
      const status = kind === 'submit' ? 'new' : kind === 'draft' ? 'draft' : undefined;
      const payload = requestPayload({ typeId: source.typeId, form, answers, panel, status });
      if (!request) {
        return createRequest(payload);
      }
      // The type stays; its form is the one stored with the request.
      const { request_type_id: _type, ...update } = payload;
      return updateRequest(request.uuid, update);
    },
    meta: { silentError: true },
    onSuccess: (saved, kind) => {
      invalidate(saved);
      setAttempt(null);
      setWarned([]);
      setEditing(false);
      reportSuccess(kind === 'submit' ? MESSAGES.requestSubmitted : MESSAGES.changesUpdated);
      if (isNew) {
        void navigate(`/requests/${saved.uuid}`);
      }
    },
    onError: (error) => {
      if (error instanceof ApiError && error.status === 422 && Object.keys(error.fieldErrors).length > 0) {
        setServer(mapServerErrors(error.fieldErrors, knownQuestionNames(form)));
        setScrollTick((n) => n + 1);
      }
      // The catalogue's text as well (doc 2 §8): the one message, or 'Some fields need your attention…'.
      reportError(error);
    },
  });

  const discard = useMutation({
    mutationFn: async () => {
      if (request) {
        await deleteRequest(request.uuid);
      }
    },
    meta: { silentError: true },
    onSuccess: () => {
      if (request) {
        queryClient.removeQueries({ queryKey: requestKey(request.uuid) });
        invalidate();
        reportSuccess(MESSAGES.draftDeleted);
      }
      void navigate('/requests');
    },
    onError: reportError,
  });

  const changeAnswer = (name: string, value: AnswerValue) => {
    setAnswers((current) => ({ ...current, [name]: value }));
    setServer((current) => {
      if (!(name in current.answers)) {
        return current;
      }
      const { [name]: _dropped, ...rest } = current.answers;
      return { ...current, answers: rest };
    });
  };
  const changePanel = (next: PanelDraft) => {
    setPanel(next);
    setServer((current) => ({ ...current, panel: {} }));
  };

  /** Shows where the problems are: the wizard moves to the first page with one, then the field is scrolled to. */
  const showProblems = (names: Record<string, string>) => {
    if (wizard) {
      const target = firstStepWithError(wizardSteps(form, answers), names);
      if (target !== null) {
        setStep(target);
      }
    }
    setScrollTick((n) => n + 1);
  };

  const run = (kind: SaveKind) => {
    // Doc 2 §5: upload fields block sending while files upload; the send goes ahead once they are done.
    if (uploadsRunning()) {
      void message.warning({ content: MESSAGES.waitForUploads, key: 'wait-for-uploads' });
      setWaitingForUploads(true);
      void waitForRunningUploads().then(() => {
        setWaitingForUploads(false);
        message.destroy('wait-for-uploads');
        run(kind);
      });
      return;
    }
    setAttempt(kind);
    setServer(NO_SERVER_ERRORS);
    const submitting = kind !== 'draft';
    const errors = validateAnswers(form, answers, { submitting, today });
    const problems = Object.keys(errors).length > 0 || Object.keys(validatePanel(panel, submitting)).length > 0;
    if (problems) {
      showProblems(errors);
      return;
    }
    if (kind === 'submit') {
      // The alert-submit (doc 2 §5): empty questions that were not marked optional are pointed out once; a second
      // Submit sends the brief as it is.
      const unchecked = optionalButEmpty(form, answers).filter((name) => !warned.includes(name));
      if (unchecked.length > 0) {
        setWarned((current) => [...current, ...unchecked]);
        showProblems(Object.fromEntries(unchecked.map((name) => [name, MESSAGES.optionalButCheck])));
        return;
      }
    }
    save.mutate(kind);
  };

  const busy = save.isPending || discard.isPending || waitingForUploads;
  const submitButton = (
    <Button
      type="primary"
      loading={save.isPending && save.variables === 'submit'}
      disabled={busy}
      onClick={() => run('submit')}
      data-testid="request-submit"
    >
      Submit
    </Button>
  );
  const discardButton = (
    <ConfirmButton
      question={MESSAGES.confirmDiscardDraft}
      onConfirm={() => discard.mutate()}
      testId="request-discard"
      danger
      loading={discard.isPending}
      disabled={busy}
    >
      Discard
    </ConfirmButton>
  );
  let actions: ReactNode = null;
  if (mayWrite && isDraft) {
    actions = (
      <>
        <Button
          loading={save.isPending && save.variables === 'draft'}
          disabled={busy}
          onClick={() => run('draft')}
          data-testid="request-save-draft"
        >
          Save draft
        </Button>
        {wizard ? null : submitButton}
        {discardButton}
      </>
    );
  } else if (mayWrite && editing) {
    actions = (
      <>
        <Button type="primary" loading={save.isPending} onClick={() => run('save')} data-testid="request-save">
          Save changes
        </Button>
        <Button
          disabled={busy}
          onClick={() => {
            setAnswers(source.answers);
            setPanel(source.panel);
            setAttempt(null);
            setServer(NO_SERVER_ERRORS);
            setEditing(false);
          }}
          data-testid="request-cancel-edit"
        >
          Cancel
        </Button>
      </>
    );
  } else if (mayWrite) {
    actions = (
      <Button onClick={() => setEditing(true)} data-testid="request-edit">
        Edit
      </Button>
    );
  }

  const plans = useRequestPlans(false, request);
  const planTitle = plans.find((p) => p.uuid === panel.projectId)?.title ?? request?.project?.title ?? '—';
  const answerProps = { form, answers, onChange: changeAnswer, messages, readOnly, today };

  return (
    <BriefRequestContext.Provider value={request?.uuid ?? null}>
      <div className="rq-editor" ref={root} data-testid="request-form">
        <div className="rq-main">
          <div className="rq-form-header">
            <span className="rq-type-icon">
              <CatalogueIcon name={source.typeIcon} />
            </span>
            <div>
              <Typography.Title level={4} style={{ margin: 0 }} data-testid="request-form-type">
                {source.typeName ?? 'Request'}
              </Typography.Title>
              {onChangeType && !busy ? (
                <Button type="link" size="small" className="rq-change-type" onClick={onChangeType}>
                  Choose another type
                </Button>
              ) : null}
            </div>
          </div>
          {wizard ? (
            <AnswerWizard
              {...answerProps}
              step={step}
              onStepChange={setStep}
              canLeave={(names) => {
                // Next asks for what even a draft needs; Submit later checks the rest and returns to that page.
                const errors = validateAnswers(form, answers, { submitting: false, today });
                const page = wizardSteps(form, answers).find((s) => s.questions.some((q) => names.includes(q.name)));
                if (page && Object.keys(stepErrors(page, errors)).length > 0) {
                  setAttempt((current) => current ?? 'draft');
                  setScrollTick((n) => n + 1);
                  return false;
                }
                // The next page starts clean: its questions are not marked before the user has had a go at them.
                setAttempt(null);
                return true;
              }}
              submit={mayWrite && isDraft ? submitButton : null}
            />
          ) : (
            <AnswerForm {...answerProps} />
          )}
        </div>
        <aside className="rq-side">
          <RequestFormPanel
            panel={panel}
            onChange={changePanel}
            errors={allPanelErrors}
            readOnly={readOnly}
            request={request}
            actions={actions}
            form={form}
            answers={answers}
          />
        </aside>
        <RequestPrintSummary
          planTitle={planTitle}
          facts={editorFacts({ typeName: source.typeName, panel, request })}
          form={form}
          answers={answers}
        />
      </div>
    </BriefRequestContext.Provider>
  );
}
