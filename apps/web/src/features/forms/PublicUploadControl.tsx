import { DeleteOutlined, PaperClipOutlined } from '@ant-design/icons';
import { type AnswerValue, extensionOf, FORM_LIMITS, MESSAGES } from '@portal/domain';
import { Button, Progress } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { describeError } from '../../api/errors';
import type { ControlProps } from '../requests/form/QuestionRendererForm';
import { putBytes } from '../uploads/api';
import { createPublicUpload } from './publicApi';

interface Item {
  key: string;
  name: string;
  progress: number;
  uuid?: string;
  error?: string;
}

const uuidsOf = (value: AnswerValue | undefined): string[] =>
  Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];

let nextKey = 0;

/**
 * An upload question on a share link's page: each chosen file goes through the link's own pre-signed flow (scoped
 * to the link and this device) and its uuid joins the answer. A visitor cannot read files back, so a file resumed
 * from a saved draft is shown by position only.
 */
export function PublicUploadControl({
  question,
  value,
  onChange,
  readOnly,
  id,
  token,
  device,
  onBusy,
}: ControlProps & { token: string; device: string; onBusy(change: 1 | -1): void }) {
  const [items, setItems] = useState<Item[]>([]);
  const current = useRef(uuidsOf(value));
  current.current = uuidsOf(value);
  const controllers = useRef(new Set<AbortController>());
  useEffect(() => {
    const running = controllers.current;
    return () => {
      for (const controller of running) {
        controller.abort();
      }
    };
  }, []);
  const patch = (key: string, change: Partial<Item>) =>
    setItems((list) => list.map((item) => (item.key === key ? { ...item, ...change } : item)));

  const send = async (file: File) => {
    nextKey += 1;
    const key = `public-upload-${nextKey}`;
    setItems((list) => [...list, { key, name: file.name, progress: 0 }]);
    if (file.size > FORM_LIMITS.publicFileBytes) {
      patch(key, { error: `${file.name} is larger than ${FORM_LIMITS.publicFileBytes / 1024 / 1024} MB` });
      return;
    }
    const controller = new AbortController();
    controllers.current.add(controller);
    onBusy(1);
    try {
      const target = await createPublicUpload(token, {
        device_key: device,
        extension: extensionOf(file.name),
        size: file.size,
        name: file.name,
      });
      await putBytes(
        target,
        file,
        (fraction) => patch(key, { progress: Math.min(90, Math.round(fraction * 90)) }),
        controller.signal,
      );
      patch(key, { progress: 100, uuid: target.uuid });
      current.current = [...current.current, target.uuid];
      onChange(current.current);
    } catch (error) {
      patch(key, { error: describeError(error) ?? MESSAGES.fileUploadFailed(file.name) });
    } finally {
      controllers.current.delete(controller);
      onBusy(-1);
    }
  };
  const remove = (uuid: string) => {
    setItems((list) => list.filter((item) => item.uuid !== uuid));
    onChange(current.current.filter((u) => u !== uuid));
  };
  const known = new Map(items.filter((i) => i.uuid).map((i) => [i.uuid as string, i.name]));
  const full = current.current.length >= FORM_LIMITS.filesPerQuestion;
  return (
    <div className="pf-upload" data-testid={`upload-${question.name}`}>
      {readOnly || full ? null : (
        <input
          id={id}
          type="file"
          multiple
          className="pf-upload-input"
          onChange={(event) => {
            const files = [...(event.target.files ?? [])];
            event.target.value = '';
            for (const file of files) {
              void send(file);
            }
          }}
          data-testid={`upload-${question.name}-input`}
        />
      )}
      <ul className="pf-upload-list">
        {current.current.map((uuid, position) => (
          <li key={uuid} className="pf-upload-item" data-testid={`upload-${question.name}-file`}>
            <PaperClipOutlined aria-hidden />
            <span className="pf-upload-name">{known.get(uuid) ?? `File ${position + 1}`}</span>
            {readOnly ? null : (
              <Button
                type="text"
                size="small"
                icon={<DeleteOutlined />}
                aria-label={`Remove ${known.get(uuid) ?? `file ${position + 1}`}`}
                onClick={() => remove(uuid)}
              />
            )}
          </li>
        ))}
        {items
          .filter((item) => !item.uuid)
          .map((item) => (
            <li key={item.key} className="pf-upload-item">
              <PaperClipOutlined aria-hidden />
              <span className="pf-upload-name">{item.name}</span>
              {item.error ? (
                <span className="pf-upload-error" role="alert">
                  {item.error}
                </span>
              ) : (
                <Progress
                  percent={item.progress}
                  size="small"
                  className="pf-upload-progress"
                  aria-label={`Uploading ${item.name}`}
                />
              )}
            </li>
          ))}
      </ul>
    </div>
  );
}
