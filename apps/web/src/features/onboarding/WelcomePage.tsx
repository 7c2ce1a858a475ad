import { PaperClipOutlined } from '@ant-design/icons';
import type { Upload, WelcomeKit } from '@portal/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Form, Input, Skeleton, Typography } from 'antd';
import { useState } from 'react';
import { ApiError, describeError } from '../../api/errors';
import { useAbility } from '../../auth/useAbility';
import { type RichTextDelta, RichTextEditor } from '../../components/RichTextEditor';
import { ForbiddenPage } from '../../pages/ForbiddenPage';
import { reportError, reportSuccess } from '../../shell/feedback';
import { PageHeader } from '../common/PageHeader';
import { UploadDialog } from '../uploads/UploadDialog';
import { UploadedFiles } from '../uploads/UploadedFiles';
import { getWelcomeKit, saveWelcomeKit, WELCOME_KEY } from './api';
import { OnboardingNav } from './OnboardingNav';
import './onboarding.css';

const LINKS = [
  ['schedule_call_link', 'Schedule-call link', 'Where the client books the kick-off call'],
  ['leadsie_social_link', 'Leadsie social link', 'Gives the agency access to the client’s social pages'],
  ['leadsie_manage_link', 'Leadsie manage link', 'Gives the agency access to the client’s ad accounts'],
] as const;
type LinkField = (typeof LINKS)[number][0];

function Editor({ kit }: { kit: WelcomeKit }) {
  const ability = useAbility();
  const readOnly = !ability.can('ONBOARDING_UPDATE');
  const queryClient = useQueryClient();
  const [body, setBody] = useState<RichTextDelta | null>((kit.body_delta as RichTextDelta | null) ?? null);
  const [files, setFiles] = useState<Upload[]>(kit.files);
  const [links, setLinks] = useState<Record<LinkField, string>>({
    schedule_call_link: kit.schedule_call_link ?? '',
    leadsie_social_link: kit.leadsie_social_link ?? '',
    leadsie_manage_link: kit.leadsie_manage_link ?? '',
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [uploading, setUploading] = useState(false);
  const save = useMutation({
    mutationFn: () => saveWelcomeKit({ body_delta: body, upload_uuids: files.map((f) => f.uuid), ...links }),
    onSuccess: (saved) => {
      setErrors({});
      queryClient.setQueryData(WELCOME_KEY, saved);
      reportSuccess('Welcome kit saved');
    },
    onError: (error) => {
      if (error instanceof ApiError && error.status === 422) {
        setErrors(Object.fromEntries(Object.entries(error.fieldErrors).map(([k, v]) => [k, v[0] ?? ''])));
      } else {
        reportError(error);
      }
    },
  });
  return (
    <Form layout="vertical" component="div" className="ob-settings" data-testid="ob-welcome-form">
      <Form.Item
        label="Welcome message"
        validateStatus={errors.body_delta ? 'error' : undefined}
        help={errors.body_delta}
      >
        <RichTextEditor
          value={body}
          onChange={(delta) => setBody(delta)}
          readOnly={readOnly}
          placeholder="Welcome the client, say what happens next"
          testId="ob-welcome-body"
        />
      </Form.Item>
      <Form.Item label="Files">
        {files.length > 0 ? (
          <UploadedFiles
            uuids={files.map((f) => f.uuid)}
            known={files}
            onRemove={readOnly ? undefined : (uuid) => setFiles((list) => list.filter((f) => f.uuid !== uuid))}
            testId="ob-welcome-files"
          />
        ) : (
          <Typography.Paragraph type="secondary">No files yet.</Typography.Paragraph>
        )}
        {readOnly ? null : (
          <Button icon={<PaperClipOutlined />} onClick={() => setUploading(true)} data-testid="ob-welcome-add-files">
            Add files
          </Button>
        )}
      </Form.Item>
      {LINKS.map(([field, label, help]) => (
        <Form.Item
          key={field}
          label={label}
          htmlFor={`ob-welcome-${field}`}
          validateStatus={errors[field] ? 'error' : undefined}
          help={errors[field] ?? help}
        >
          <Input
            id={`ob-welcome-${field}`}
            value={links[field]}
            onChange={(event) => setLinks({ ...links, [field]: event.target.value })}
            placeholder="https://"
            readOnly={readOnly}
            data-testid={`ob-welcome-${field}`}
          />
        </Form.Item>
      ))}
      {readOnly ? null : (
        <Button type="primary" loading={save.isPending} onClick={() => save.mutate()} data-testid="ob-welcome-save">
          Save welcome kit
        </Button>
      )}
      <UploadDialog
        open={uploading}
        onClose={() => setUploading(false)}
        onDone={(uploads) => {
          setFiles((list) => [...list, ...uploads]);
          setUploading(false);
        }}
      />
    </Form>
  );
}

/** /onboarding/welcome (ONBOARDING_READ; edits with ONBOARDING_UPDATE): what a client sees first on their page. */
export function WelcomePage() {
  const ability = useAbility();
  const allowed = ability.isRegularUser && ability.can('ONBOARDING_READ');
  const kit = useQuery({ queryKey: WELCOME_KEY, queryFn: ({ signal }) => getWelcomeKit(signal), enabled: allowed });
  if (!allowed) {
    return <ForbiddenPage />;
  }
  return (
    <div className="list-page" data-testid="onboarding-welcome-page">
      <PageHeader title="Welcome kit" />
      <OnboardingNav />
      <Typography.Paragraph type="secondary">
        Clients whose invite includes the welcome kit see this first on their onboarding page; the links show to those
        whose invite includes them.
      </Typography.Paragraph>
      {kit.data ? (
        <Editor key={kit.data.updated_at ?? 'new'} kit={kit.data} />
      ) : kit.isError ? (
        <Alert type="error" showIcon message={describeError(kit.error)} />
      ) : (
        <Skeleton active />
      )}
    </div>
  );
}
