import {
  type Answers,
  type AnswerValue,
  FORM_HONEYPOT_FIELD,
  flattenQuestions,
  MESSAGES,
  type PublicForm,
} from '@portal/domain';
import { useQuery } from '@tanstack/react-query';
import { Alert, Result, Skeleton, Typography } from 'antd';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useParams } from 'react-router';
import { ApiError, describeError } from '../../api/errors';
import { type ControlProps, UploadSlotContext } from '../requests/form/QuestionRendererForm';
import { FormFill } from './FormFill';
import { PublicUploadControl } from './PublicUploadControl';
import { getPublicForm, savePublicDraft, submitPublicAnswer } from './publicApi';
import { answerErrorsOf, deviceKey } from './publicForm';
import './forms.css';

/** How long typing pauses before the partial answer is saved. */
const DRAFT_DELAY_MS = 800;

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/** The public pages' frame: the app's look on its own, outside the signed-in layout (also the onboarding page's). */
export function PublicFrame({ children }: { children: React.ReactNode }) {
  return (
    <main className="pf-page">
      <div className="pf-brand">
        <img src="/logo.svg" alt="" width={32} height={32} />
        <span>Agency Portal</span>
      </div>
      <div className="pf-card">{children}</div>
    </main>
  );
}

/** Embedded in another public page (a client's onboarding page): no frame of its own, a smaller title. */
function Bare({ children }: { children: React.ReactNode }) {
  return <div className="pf-embedded">{children}</div>;
}

/** Why a link cannot be answered: revoked, expired, closed, or no such link (the server's own words). */
function LinkProblem({ error, embedded }: { error: unknown; embedded?: boolean }) {
  const gone = error instanceof ApiError && (error.status === 404 || error.status === 410);
  const Frame = embedded ? Bare : PublicFrame;
  return (
    <Frame>
      <Result
        status={gone ? 'warning' : 'error'}
        title={gone ? (error as ApiError).body.message || MESSAGES.formLinkNotFound : describeError(error)}
        data-testid="pf-link-problem"
      />
    </Frame>
  );
}

function Answering({
  token,
  form,
  device,
  embedded,
  onAnswered,
}: {
  token: string;
  form: PublicForm;
  device: string;
  embedded?: boolean;
  onAnswered?(): void;
}) {
  const Frame = embedded ? Bare : PublicFrame;
  const [answers, setAnswers] = useState<Answers>(form.draft?.values ?? {});
  const [messages, setMessages] = useState<Record<string, string>>({});
  const [general, setGeneral] = useState<string | null>(null);
  const [savedAt, setSavedAt] = useState<string | null>(form.draft?.saved_at ?? null);
  const [draftFailed, setDraftFailed] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [thanks, setThanks] = useState<{ text: string | null } | null>(null);
  const honeypot = useRef<HTMLInputElement>(null);
  const timer = useRef<number | undefined>(undefined);
  const names = useMemo(() => new Set(flattenQuestions(form.questions).map((q) => q.name)), [form.questions]);
  // Upload questions send files through the link's own pre-signed flow (no session here).
  const uploading = useRef(0);
  const uploadSlot = useCallback(
    (props: ControlProps) => (
      <PublicUploadControl
        {...props}
        token={token}
        device={device}
        onBusy={(change) => {
          uploading.current += change;
        }}
      />
    ),
    [token, device],
  );
  useEffect(() => () => window.clearTimeout(timer.current), []);

  const saveDraft = (values: Answers) => {
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => {
      savePublicDraft(token, { device_key: device, values })
        .then((saved) => {
          setSavedAt(saved.saved_at);
          setDraftFailed(false);
        })
        .catch(() => setDraftFailed(true));
    }, DRAFT_DELAY_MS);
  };
  const change = (name: string, value: AnswerValue) => {
    setAnswers((current) => {
      const next = { ...current, [name]: value };
      saveDraft(next);
      return next;
    });
  };
  const submit = async (values: Answers) => {
    if (uploading.current > 0) {
      setGeneral('Please wait until your files have finished uploading.');
      return;
    }
    window.clearTimeout(timer.current);
    setSubmitting(true);
    setGeneral(null);
    try {
      const done = await submitPublicAnswer(token, {
        values,
        device_key: device,
        [FORM_HONEYPOT_FIELD]: honeypot.current?.value || undefined,
      });
      setThanks({ text: done.thank_you_text });
      onAnswered?.();
    } catch (error) {
      if (error instanceof ApiError && error.status === 422) {
        const mapped = answerErrorsOf(error.fieldErrors, names);
        setMessages(mapped.byQuestion);
        setGeneral(mapped.other[0] ?? (Object.keys(mapped.byQuestion).length ? null : describeError(error)));
      } else {
        setGeneral(describeError(error));
      }
    } finally {
      setSubmitting(false);
    }
  };

  if (thanks) {
    return (
      <Frame>
        <Result
          status="success"
          title="Thank you!"
          subTitle={<span className="fb-pre">{thanks.text || 'Your answer has been sent.'}</span>}
          data-testid="pf-thanks"
        />
      </Frame>
    );
  }
  return (
    <Frame>
      <Typography.Title level={embedded ? 2 : 1} className="pf-title">
        {form.name}
      </Typography.Title>
      {form.customer_name ? (
        <Typography.Paragraph type="secondary">For {form.customer_name}</Typography.Paragraph>
      ) : null}
      {form.description ? <Typography.Paragraph className="fb-pre">{form.description}</Typography.Paragraph> : null}
      {general ? <Alert type="error" showIcon message={general} className="pf-general" data-testid="pf-error" /> : null}
      <UploadSlotContext.Provider value={uploadSlot}>
        <FormFill
          questions={form.questions}
          answers={answers}
          onChange={change}
          messages={messages}
          onMessages={setMessages}
          onSubmit={(values) => void submit(values)}
          submitting={submitting}
        />
      </UploadSlotContext.Provider>
      {/* The honeypot: people never see or reach it; a bot filling every field gives itself away. */}
      <div className="pf-honeypot" aria-hidden="true">
        <label>
          Leave this empty
          <input ref={honeypot} type="text" name={FORM_HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" />
        </label>
      </div>
      <p className="pf-saved" aria-live="polite" data-testid="pf-saved">
        {draftFailed
          ? 'Your answers could not be saved for later; they will still be sent.'
          : savedAt
            ? `Saved on this device at ${new Date(savedAt).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' })}: you can come back to this link to finish.`
            : ''}
      </p>
    </Frame>
  );
}

/** /f/:token: a form opened from its share link, outside the signed-in app (no account needed). */
export function PublicFormPage() {
  const { token = '' } = useParams();
  return <PublicFormByToken token={token} />;
}

/**
 * A share link's form inside another public page (the client's onboarding page shows its information form so):
 * the same page, drafts, uploads and checks, without a frame of its own; `onAnswered` after a sent answer.
 */
export function EmbeddedPublicForm({ token, onAnswered }: { token: string; onAnswered(): void }) {
  return <PublicFormByToken token={token} embedded onAnswered={onAnswered} />;
}

function PublicFormByToken({
  token,
  embedded,
  onAnswered,
}: {
  token: string;
  embedded?: boolean;
  onAnswered?(): void;
}) {
  const device = useMemo(() => deviceKey(storage()), []);
  const form = useQuery({
    queryKey: ['public-form', token, device],
    queryFn: ({ signal }) => getPublicForm(token, device, signal),
    retry: false,
    refetchOnWindowFocus: false,
    staleTime: Number.POSITIVE_INFINITY,
    meta: { silentError: true },
  });
  if (form.isLoading) {
    const Frame = embedded ? Bare : PublicFrame;
    return (
      <Frame>
        <Skeleton active />
      </Frame>
    );
  }
  if (!form.data) {
    return <LinkProblem error={form.error} embedded={embedded} />;
  }
  return <Answering token={token} form={form.data} device={device} embedded={embedded} onAnswered={onAnswered} />;
}
