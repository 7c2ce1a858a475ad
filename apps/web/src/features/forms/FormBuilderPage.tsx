import { ArrowLeftOutlined, PlusOutlined, ShareAltOutlined } from '@ant-design/icons';
import { type Answers, type FormDetail, type FormUpdateInput, MESSAGES, type Question } from '@portal/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Dropdown, Empty, Form, Input, Result, Skeleton, Space, Switch, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useEffect, useMemo, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { ApiError } from '../../api/errors';
import { useAbility } from '../../auth/useAbility';
import { reportError, reportSuccess } from '../../shell/feedback';
import { ConfirmButton } from '../common/ConfirmButton';
import { PageHeader } from '../common/PageHeader';
import { AnswerForm } from '../requests/form/QuestionRendererForm';
import { deleteForm, FORMS_KEY, formKey, getForm, publishForm, updateForm } from './api';
import { addQuestion, BUILDER_TYPES, builderProblems } from './builderModel';
import { FormStatusTag } from './FormStatusTag';
import { QuestionList } from './QuestionList';
import { ShareLinkDialog } from './ShareLinkDialog';
import './forms.css';

interface Draft {
  name: string;
  description: string;
  thank_you_text: string;
  is_public: boolean;
  questions: Question[];
}

function draftOf(form: FormDetail): Draft {
  return {
    name: form.name,
    description: form.description ?? '',
    thank_you_text: form.thank_you_text ?? '',
    is_public: form.is_public,
    questions: form.questions,
  };
}

/** Only what changed goes to PUT forms/{uuid}. */
function changes(saved: Draft, draft: Draft): FormUpdateInput {
  const body: FormUpdateInput = {};
  if (draft.name !== saved.name) {
    body.name = draft.name;
  }
  if (draft.description !== saved.description) {
    body.description = draft.description || null;
  }
  if (draft.thank_you_text !== saved.thank_you_text) {
    body.thank_you_text = draft.thank_you_text || null;
  }
  if (draft.is_public !== saved.is_public) {
    body.is_public = draft.is_public;
  }
  if (JSON.stringify(draft.questions) !== JSON.stringify(saved.questions)) {
    body.questions = draft.questions;
  }
  return body;
}

/** What the form's header says about its versions. */
function versionText(form: FormDetail): string {
  if (!form.latest_version) {
    return 'Never published';
  }
  return `Version ${form.latest_version.number}${form.has_unpublished_changes ? ', with unpublished changes' : ''}`;
}

/** The builder: settings and questions on the left, the form as people will see it on the right. */
function Builder({ form }: { form: FormDetail }) {
  const ability = useAbility();
  const editable = ability.can('FORMS_UPDATE') && form.status !== 'archived';
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  // The server's copy changes only when the form was saved (by anyone): a refetch of the same version (window focus,
  // a new share link) must not throw away what is being typed.
  // biome-ignore lint/correctness/useExhaustiveDependencies: updated_at says when the form's content changed
  const saved = useMemo(() => draftOf(form), [form.updated_at]);
  const [draft, setDraft] = useState<Draft>(saved);
  const [selected, setSelected] = useState<string | null>(null);
  const [previewAnswers, setPreviewAnswers] = useState<Answers>({});
  const [sharing, setSharing] = useState(false);
  const [nameError, setNameError] = useState<string | null>(null);
  useEffect(() => setDraft(saved), [saved]);

  const body = changes(saved, draft);
  const dirty = Object.keys(body).length > 0;
  const problems = builderProblems(draft.questions);
  const blocked = Object.keys(problems).length > 0 || draft.name.trim() === '';
  const onSaved = (next: FormDetail) => {
    queryClient.setQueryData(formKey(form.uuid), next);
    void queryClient.invalidateQueries({ queryKey: FORMS_KEY });
  };
  const onError = (error: unknown) => {
    if (error instanceof ApiError && error.fieldErrors.name) {
      setNameError(error.fieldErrors.name[0] ?? null);
    }
    reportError(error);
  };
  const save = useMutation({
    mutationFn: () => updateForm(form.uuid, body),
    onSuccess: (next) => {
      onSaved(next);
      reportSuccess(MESSAGES.changesUpdated);
    },
    onError,
  });
  const publish = useMutation({
    mutationFn: async () => {
      if (dirty) {
        await updateForm(form.uuid, body);
      }
      return publishForm(form.uuid);
    },
    onSuccess: (next) => {
      onSaved(next);
      reportSuccess(`Published version ${next.latest_version?.number ?? ''}`.trim());
    },
    onError,
  });
  const archive = useMutation({
    mutationFn: (archived: boolean) => updateForm(form.uuid, { archived }),
    onSuccess: onSaved,
    onError,
  });
  const remove = useMutation({
    mutationFn: () => deleteForm(form.uuid),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: FORMS_KEY });
      reportSuccess(MESSAGES.deleted);
      void navigate('/forms');
    },
    onError,
  });

  const setQuestions = (questions: Question[]) => {
    // A renamed question keeps its card open: follow it by position when its old name is gone.
    if (selected && !questions.some((q) => q.name === selected) && questions.length === draft.questions.length) {
      const index = draft.questions.findIndex((q) => q.name === selected);
      setSelected(questions[index]?.name ?? null);
    }
    setDraft((d) => ({ ...d, questions }));
  };
  const add = (type: Question['type']) => {
    const next = addQuestion(draft.questions, type);
    setQuestions(next);
    setSelected(next.at(-1)?.name ?? null);
  };

  const actions = (
    <Space wrap>
      {editable ? (
        <>
          <Button
            onClick={() => save.mutate()}
            disabled={!dirty || blocked}
            loading={save.isPending}
            data-testid="fb-save"
          >
            Save draft
          </Button>
          <Button
            type="primary"
            onClick={() => publish.mutate()}
            // A version without questions could not be answered; the server refuses it too.
            disabled={
              blocked ||
              draft.questions.length === 0 ||
              (!dirty && form.latest_version !== null && !form.has_unpublished_changes)
            }
            loading={publish.isPending}
            data-testid="fb-publish"
          >
            Publish
          </Button>
        </>
      ) : null}
      <Button icon={<ShareAltOutlined />} onClick={() => setSharing(true)} data-testid="fb-share">
        Share link
      </Button>
      {ability.can('FORMS_UPDATE') ? (
        form.status === 'archived' ? (
          <Button onClick={() => archive.mutate(false)} data-testid="fb-unarchive">
            Reopen
          </Button>
        ) : (
          <ConfirmButton
            question="Do you want to archive this form? Its links stop taking answers."
            onConfirm={() => archive.mutate(true)}
            testId="fb-archive"
          >
            Archive
          </ConfirmButton>
        )
      ) : null}
      {ability.can('FORMS_DESTROY') && form.answers_count === 0 ? (
        <ConfirmButton
          question="Do you want to delete this form?"
          onConfirm={() => remove.mutate()}
          danger
          testId="fb-delete"
        >
          Delete
        </ConfirmButton>
      ) : null}
    </Space>
  );

  return (
    <div className="fb-page" data-testid="form-builder">
      <Link to="/forms" className="fb-back">
        <ArrowLeftOutlined /> Forms
      </Link>
      <PageHeader
        title={
          <span className="fb-title">
            {form.name} <FormStatusTag status={form.status} />
          </span>
        }
        actions={actions}
      />
      <Typography.Paragraph type="secondary" data-testid="fb-version">
        {versionText(form)}
        {dirty ? ' · unsaved changes' : ''}
      </Typography.Paragraph>
      {form.status === 'archived' ? (
        <Alert type="info" showIcon message="This form is archived: reopen it to edit it or to take answers again." />
      ) : null}
      <div className="fb-layout">
        <section className="fb-edit" aria-label="Form settings and questions">
          <Form layout="vertical" component="div" disabled={!editable}>
            <Form.Item
              label="Name"
              htmlFor="fb-form-name"
              required
              validateStatus={nameError || draft.name.trim() === '' ? 'error' : undefined}
              help={nameError ?? (draft.name.trim() === '' ? MESSAGES.required : undefined)}
            >
              <Input
                id="fb-form-name"
                value={draft.name}
                maxLength={255}
                onChange={(event) => {
                  setNameError(null);
                  setDraft((d) => ({ ...d, name: event.target.value }));
                }}
                data-testid="fb-form-name"
              />
            </Form.Item>
            <Form.Item label="Description" htmlFor="fb-form-description">
              <Input.TextArea
                id="fb-form-description"
                autoSize={{ minRows: 2, maxRows: 6 }}
                maxLength={5000}
                value={draft.description}
                onChange={(event) => setDraft((d) => ({ ...d, description: event.target.value }))}
                data-testid="fb-form-description"
              />
            </Form.Item>
            <Form.Item label="Thank-you text" htmlFor="fb-form-thanks" help="Shown after the form is sent">
              <Input.TextArea
                id="fb-form-thanks"
                autoSize={{ minRows: 2, maxRows: 6 }}
                maxLength={5000}
                value={draft.thank_you_text}
                onChange={(event) => setDraft((d) => ({ ...d, thank_you_text: event.target.value }))}
                data-testid="fb-form-thanks"
              />
            </Form.Item>
            <Form.Item
              label="Public"
              htmlFor="fb-form-public"
              help={draft.is_public ? 'Can be shared by a link' : 'Only staff fill it in, from Submit'}
            >
              <Switch
                id="fb-form-public"
                checked={draft.is_public}
                onChange={(is_public) => setDraft((d) => ({ ...d, is_public }))}
                data-testid="fb-form-public"
              />
            </Form.Item>
          </Form>
          <Typography.Title level={4} className="fb-questions-title">
            Questions
          </Typography.Title>
          <QuestionList
            questions={draft.questions}
            onChange={setQuestions}
            selected={selected}
            onSelect={setSelected}
            problems={problems}
            readOnly={!editable}
          />
          {editable ? (
            <Dropdown
              trigger={['click']}
              menu={{
                items: BUILDER_TYPES.map((t) => ({
                  key: t.type,
                  label: <span data-testid={`fb-add-${t.type}`}>{t.label}</span>,
                })),
                onClick: ({ key }) => add(key as Question['type']),
              }}
            >
              <Button icon={<PlusOutlined />} block data-testid="fb-add">
                Add question
              </Button>
            </Dropdown>
          ) : null}
        </section>
        <section className="fb-preview" aria-label="Preview" data-testid="fb-preview">
          <div className="fb-preview-head">
            <Typography.Title level={4}>Preview</Typography.Title>
            <Tag>As people will see it</Tag>
          </div>
          <div className="fb-preview-body">
            <Typography.Title level={3}>{draft.name}</Typography.Title>
            {draft.description ? (
              <Typography.Paragraph className="fb-pre">{draft.description}</Typography.Paragraph>
            ) : null}
            {draft.questions.length === 0 ? (
              <Empty description="Add a question to see it here" image={Empty.PRESENTED_IMAGE_SIMPLE} />
            ) : (
              <AnswerForm
                form={draft.questions}
                answers={previewAnswers}
                onChange={(name, value) => setPreviewAnswers((a) => ({ ...a, [name]: value }))}
                messages={{}}
                readOnly={false}
                today={dayjs().format('YYYY-MM-DD')}
              />
            )}
          </div>
        </section>
      </div>
      {sharing ? <ShareLinkDialog form={form} onClose={() => setSharing(false)} /> : null}
    </div>
  );
}

/** /forms/:uuid (FORMS_READ; editing with FORMS_UPDATE). */
export function FormBuilderPage() {
  const { uuid = '' } = useParams();
  const form = useQuery({ queryKey: formKey(uuid), queryFn: ({ signal }) => getForm(uuid, signal) });
  if (form.isLoading) {
    return <Skeleton active />;
  }
  if (!form.data) {
    return <Result status="404" title="This form does not exist" extra={<Link to="/forms">Back to forms</Link>} />;
  }
  return <Builder key={form.data.uuid} form={form.data} />;
}
