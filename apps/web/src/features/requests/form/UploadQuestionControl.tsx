import type { AnswerValue } from '@portal/domain';
import { useRef } from 'react';
import { deleteUpload } from '../../uploads/api';
import { FileDrop } from '../../uploads/FileDrop';
import { UploadedFiles } from '../../uploads/UploadedFiles';
import { UploadList } from '../../uploads/UploadList';
import { useUploads } from '../../uploads/useUploads';
import type { ControlProps } from './QuestionRendererTypes';

const uuidsOf = (value: AnswerValue | undefined): string[] =>
  Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];

/**
 * An upload question (doc 2 §5): files dropped or picked upload at once with their progress; the answer is the list
 * of their uuids, which the server attaches to the request when it is saved. Submitting waits for running uploads.
 */
export function UploadQuestionControl({ question, value, onChange, readOnly, id }: ControlProps) {
  const current = useRef(uuidsOf(value));
  current.current = uuidsOf(value);
  const uploads = useUploads({
    onUploaded: (upload) => {
      current.current = [...current.current, upload.uuid];
      onChange(current.current);
    },
  });
  const remove = (uuid: string) => {
    onChange(current.current.filter((u) => u !== uuid));
    void deleteUpload(uuid).catch(() => undefined);
  };
  const running = uploads.items.filter((item) => item.status !== 'done');
  return (
    <div className="rq-upload" data-testid={`upload-${question.name}`}>
      {readOnly ? null : <FileDrop uploads={uploads} testId={`upload-${question.name}-drop`} id={id} />}
      {running.length ? <UploadList items={running} onRemove={uploads.cancel} /> : null}
      <UploadedFiles
        uuids={current.current}
        onRemove={readOnly ? undefined : remove}
        testId={`upload-${question.name}-files`}
      />
    </div>
  );
}
