import { InboxOutlined } from '@ant-design/icons';
import { Upload as AntUpload } from 'antd';
import type { UploadsState } from './useUploads';

/** A compact drop zone / picker that feeds a useUploads (several files at once). */
export function FileDrop({
  uploads,
  accept,
  label = 'Click or drag files here to upload',
  testId,
  id,
}: {
  uploads: UploadsState;
  accept?: string;
  label?: string;
  testId?: string;
  id?: string;
}) {
  return (
    <AntUpload.Dragger
      multiple
      accept={accept}
      showUploadList={false}
      beforeUpload={(file, list) => {
        // Called once per file with the whole batch: start the batch on its first file only.
        if (file === list[0]) {
          void uploads.add(list as unknown as File[]);
        }
        return false;
      }}
      className="file-drop"
      data-testid={testId}
      id={id}
    >
      <span className="file-drop-label">
        <InboxOutlined /> {label}
      </span>
    </AntUpload.Dragger>
  );
}
