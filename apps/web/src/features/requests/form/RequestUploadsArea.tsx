import { PlusSquareOutlined } from '@ant-design/icons';
import { flattenQuestions, MESSAGES, type RequestDetail, type RequestForm } from '@portal/domain';
import { useQueryClient } from '@tanstack/react-query';
import { Form, Tooltip, Typography } from 'antd';
import { Link } from 'react-router';
import { useAbility } from '../../../auth/useAbility';
import { reportError } from '../../../shell/feedback';
import { deleteUpload } from '../../uploads/api';
import { FileDrop } from '../../uploads/FileDrop';
import { UploadedFiles } from '../../uploads/UploadedFiles';
import { UploadList } from '../../uploads/UploadList';
import { useUploads } from '../../uploads/useUploads';
import { requestKey, updateRequest } from '../detail/api';
import type { PanelDraft } from './requestDraft';

/** The request's own files: all it holds but those answering its upload questions (shown with their question). */
function areaFiles(request: RequestDetail | undefined, form: RequestForm, answers: Record<string, unknown>) {
  if (!request) {
    return [];
  }
  const answered = new Set(
    flattenQuestions(form)
      .filter((q) => q.type === 'upload')
      .flatMap((q) => (Array.isArray(answers[q.name]) ? (answers[q.name] as string[]) : [])),
  );
  return request.uploads.filter((file) => !answered.has(file.uuid));
}

/**
 * The panel's uploads area (doc 2 §2). On a saved request each finished file is attached at once (PUT uploads[]
 * adds); on a new one the files wait in the panel and travel with the create.
 */
export function RequestUploadsArea({
  request,
  form,
  answers,
  panel,
  onChange,
  readOnly,
}: {
  request?: RequestDetail;
  form: RequestForm;
  answers: Record<string, unknown>;
  panel: PanelDraft;
  onChange(next: PanelDraft): void;
  readOnly: boolean;
}) {
  const queryClient = useQueryClient();
  const canCreateTasks = useAbility().can('TASKS_CREATE');
  const refresh = (saved?: RequestDetail) => {
    if (saved) {
      queryClient.setQueryData(requestKey(saved.uuid), saved);
    } else if (request) {
      void queryClient.invalidateQueries({ queryKey: requestKey(request.uuid) });
    }
  };
  const uploads = useUploads({
    onUploaded: (upload) => {
      if (request) {
        updateRequest(request.uuid, { uploads: [upload.uuid] }).then(refresh, reportError);
      } else {
        onChange({ ...panel, uploads: [...(panel.uploads ?? []), upload.uuid] });
      }
    },
  });
  const saved = areaFiles(request, form, answers);
  const pending = request ? [] : (panel.uploads ?? []);
  const running = uploads.items.filter((item) => item.status !== 'done');
  const remove = (uuid: string) => {
    if (!request) {
      onChange({ ...panel, uploads: pending.filter((u) => u !== uuid) });
    }
    void deleteUpload(uuid)
      .catch(() => undefined)
      .finally(() => refresh());
  };
  return (
    <Form.Item label="Uploads" className="rq-uploads-area">
      <div data-testid="request-uploads">
        {readOnly ? null : <FileDrop uploads={uploads} testId="request-uploads-drop" />}
        {readOnly && saved.length === 0 ? (
          <Typography.Text type="secondary" data-testid="request-uploads-empty">
            {MESSAGES.noFiles}
          </Typography.Text>
        ) : null}
        {running.length ? <UploadList items={running} onRemove={uploads.cancel} /> : null}
        <UploadedFiles
          uuids={[...saved.map((f) => f.uuid), ...pending]}
          known={saved}
          onRemove={readOnly ? undefined : remove}
          extra={
            request && canCreateTasks
              ? (file) => (
                  <Tooltip title="Create a task with this file">
                    <Link
                      to={`/requests/${request.uuid}/tasks?uuid=${file.uuid}`}
                      aria-label={`Create a task with ${file.name}`}
                      data-testid="request-upload-task"
                    >
                      <PlusSquareOutlined />
                    </Link>
                  </Tooltip>
                )
              : undefined
          }
          testId="request-uploads-files"
          selectable={Boolean(request)}
        />
      </div>
    </Form.Item>
  );
}
