import { LinkOutlined, PaperClipOutlined } from '@ant-design/icons';
import {
  extensionOf,
  MESSAGES,
  ONBOARDING_LIMITS,
  type PublicOnboardingItem,
  type PublicOnboardingItemUpdateInput,
} from '@portal/domain';
import { Alert, Button, Input, Progress, Tag, Typography } from 'antd';
import { useState } from 'react';
import { ApiError, describeError } from '../../api/errors';
import { putBytes } from '../uploads/api';
import { ITEM_STATUS_COLOURS } from './labels';
import { createOnboardingUpload, handInItem } from './publicApi';

const CLIENT_STATUS = { todo: 'To do', submitted: 'Sent — thank you', done: 'Done' } as const;

interface ItemProps {
  token: string;
  item: PublicOnboardingItem;
  onSaved(item: PublicOnboardingItem, progress: number): void;
}

/** The first message of a refusal: the field's own under `value`/`upload_uuids`, else the whole answer's. */
function refusal(error: unknown): string {
  if (error instanceof ApiError && error.status === 422) {
    return Object.values(error.fieldErrors).flat()[0] ?? error.body.message ?? describeError(error) ?? '';
  }
  return describeError(error) ?? MESSAGES.somethingWrong;
}

function useHandIn({ token, item, onSaved }: ItemProps) {
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const send = async (body: PublicOnboardingItemUpdateInput) => {
    setBusy(true);
    setProblem(null);
    try {
      const saved = await handInItem(token, item.uuid, body);
      onSaved(saved.item, saved.progress);
      return true;
    } catch (error) {
      setProblem(refusal(error));
      return false;
    } finally {
      setBusy(false);
    }
  };
  return { busy, problem, setProblem, send };
}

function TextBox(props: ItemProps & { secret: boolean }) {
  const { item } = props;
  const [value, setValue] = useState(props.secret ? '' : (item.value ?? ''));
  const handIn = useHandIn(props);
  const id = `op-item-${item.uuid}`;
  const Box = props.secret ? Input.Password : Input.TextArea;
  return (
    <>
      {props.secret && item.has_value ? (
        <Typography.Paragraph type="secondary">
          We have it, kept encrypted. Send it again only if it changed.
        </Typography.Paragraph>
      ) : null}
      <Box
        id={id}
        aria-labelledby={`op-item-${item.uuid}-name`}
        value={value}
        onChange={(event: { target: { value: string } }) => setValue(event.target.value)}
        maxLength={props.secret ? ONBOARDING_LIMITS.credentialLength : ONBOARDING_LIMITS.textValueLength}
        autoComplete={props.secret ? 'off' : undefined}
        {...(props.secret ? {} : { autoSize: { minRows: 2, maxRows: 8 } })}
        data-testid="op-item-input"
      />
      {handIn.problem ? <Alert type="error" showIcon message={handIn.problem} role="alert" /> : null}
      <div className="op-actions">
        <Button
          type="primary"
          loading={handIn.busy}
          disabled={!value.trim()}
          onClick={async () => {
            if ((await handIn.send({ value })) && props.secret) {
              setValue('');
            }
          }}
          data-testid="op-item-send"
        >
          Send
        </Button>
      </div>
    </>
  );
}

function LinkConfirmation(props: ItemProps) {
  const { item } = props;
  const handIn = useHandIn(props);
  return (
    <>
      {handIn.problem ? <Alert type="error" showIcon message={handIn.problem} role="alert" /> : null}
      <div className="op-actions">
        {item.link_url ? (
          <Button href={item.link_url} target="_blank" rel="noopener noreferrer" icon={<LinkOutlined />}>
            Open the link
          </Button>
        ) : null}
        {item.status === 'todo' ? (
          <Button
            type="primary"
            loading={handIn.busy}
            onClick={() => void handIn.send({ confirmed: true })}
            data-testid="op-item-confirm"
          >
            I have done this
          </Button>
        ) : null}
      </div>
    </>
  );
}

interface Sending {
  name: string;
  progress: number;
}

function Files(props: ItemProps) {
  const { item, token } = props;
  const handIn = useHandIn(props);
  const [sending, setSending] = useState<Sending[]>([]);
  const id = `op-item-${item.uuid}`;
  const upload = async (files: File[]) => {
    handIn.setProblem(null);
    const uuids: string[] = [];
    for (const file of files) {
      if (file.size > ONBOARDING_LIMITS.publicFileBytes) {
        handIn.setProblem(`${file.name} is larger than ${ONBOARDING_LIMITS.publicFileBytes / 1024 / 1024} MB`);
        continue;
      }
      setSending((list) => [...list, { name: file.name, progress: 0 }]);
      const patch = (progress: number) =>
        setSending((list) => list.map((s) => (s.name === file.name ? { ...s, progress } : s)));
      try {
        const target = await createOnboardingUpload(token, {
          name: file.name,
          size: file.size,
          extension: extensionOf(file.name),
        });
        await putBytes(target, file, (fraction) => patch(Math.min(95, Math.round(fraction * 95))));
        uuids.push(target.uuid);
      } catch (error) {
        handIn.setProblem(describeError(error) ?? MESSAGES.fileUploadFailed(file.name));
      }
    }
    setSending([]);
    if (uuids.length > 0) {
      await handIn.send({ upload_uuids: [...item.files.map((f) => f.uuid), ...uuids] });
    }
  };
  const full = item.files.length >= ONBOARDING_LIMITS.filesPerItem;
  return (
    <>
      {item.files.length > 0 ? (
        <ul className="op-files" data-testid="op-item-files">
          {item.files.map((file) => (
            <li key={file.uuid}>
              <PaperClipOutlined aria-hidden /> {file.name}
            </li>
          ))}
        </ul>
      ) : null}
      {sending.map((s) => (
        <Progress key={s.name} percent={s.progress} size="small" aria-label={`Uploading ${s.name}`} />
      ))}
      {handIn.problem ? <Alert type="error" showIcon message={handIn.problem} role="alert" /> : null}
      {full ? null : (
        <div className="op-actions">
          <label htmlFor={id}>{item.files.length > 0 ? 'Add more files' : 'Choose files'}</label>
          <input
            id={id}
            type="file"
            multiple
            disabled={handIn.busy || sending.length > 0}
            onChange={(event) => {
              const files = [...(event.target.files ?? [])];
              event.target.value = '';
              void upload(files);
            }}
            data-testid="op-item-file-input"
          />
        </div>
      )}
    </>
  );
}

/** One thing the agency needs, with the box to hand it in: a text, a secret, a link to follow, or files. */
export function PublicItem(props: ItemProps) {
  const { item } = props;
  const headingId = `op-item-${item.uuid}-name`;
  return (
    <li className="op-item" aria-labelledby={headingId} data-testid="op-item" data-name={item.name}>
      <div className="op-item-head">
        <h3 className="op-item-name" id={headingId}>
          {item.name}
        </h3>
        <Tag color={ITEM_STATUS_COLOURS[item.status]} data-testid="op-item-status">
          {CLIENT_STATUS[item.status]}
        </Tag>
      </div>
      {item.instructions ? <p className="op-instructions">{item.instructions}</p> : null}
      {item.status === 'done' ? null : item.kind === 'text' || item.kind === 'credential' ? (
        <TextBox {...props} secret={item.kind === 'credential'} />
      ) : item.kind === 'link_confirmation' ? (
        <LinkConfirmation {...props} />
      ) : (
        <Files {...props} />
      )}
    </li>
  );
}
