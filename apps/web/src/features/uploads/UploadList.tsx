import { CloseOutlined, FileOutlined } from '@ant-design/icons';
import { MESSAGES, shortenFileName } from '@portal/domain';
import { Button, Progress, Typography } from 'antd';
import { formatFileSize } from './uploadRules';
import type { UploadItem } from './useUploads';
import './uploads.css';

/** The files of an upload in progress: preview, shortened name, size, progress (or Failed) and a cancel/remove. */
export function UploadList({ items, onRemove }: { items: readonly UploadItem[]; onRemove: (key: string) => void }) {
  if (items.length === 0) {
    return (
      <Typography.Text type="secondary" className="upload-list-empty" data-testid="upload-list-empty">
        {MESSAGES.noFiles}
      </Typography.Text>
    );
  }
  return (
    <ul className="upload-list" data-testid="upload-list">
      {items.map((item) => (
        <li key={item.key} className="upload-list-item" data-testid="upload-item" data-status={item.status}>
          <span className="upload-list-thumb">
            {item.previewUrl ? <img src={item.previewUrl} alt="" /> : <FileOutlined />}
            {item.status === 'failed' ? <span className="upload-failed-overlay">Failed</span> : null}
          </span>
          <span className="upload-list-body">
            <span className="upload-list-name" title={item.name}>
              {shortenFileName(item.name)}
            </span>
            <Typography.Text type="secondary" className="upload-list-size">
              {formatFileSize(item.size)}
            </Typography.Text>
            {item.status === 'failed' ? null : (
              <Progress
                percent={item.progress}
                size="small"
                status={item.status === 'done' ? 'success' : 'active'}
                data-testid="upload-progress"
                aria-label={`${item.name} upload progress`}
              />
            )}
          </span>
          <Button
            type="text"
            size="small"
            icon={<CloseOutlined />}
            aria-label={item.status === 'uploading' ? `Cancel ${item.name}` : `Remove ${item.name}`}
            data-testid="upload-item-remove"
            onClick={() => onRemove(item.key)}
          />
        </li>
      ))}
    </ul>
  );
}
