import {
  DeleteOutlined,
  DownloadOutlined,
  EyeOutlined,
  FileOutlined,
  FilePdfOutlined,
  PlaySquareOutlined,
  UploadOutlined,
} from '@ant-design/icons';
import { shortenFileName, type Upload } from '@portal/domain';
import { Button, Checkbox, Popconfirm, Tag, Tooltip, Typography } from 'antd';
import { type DragEvent, type ReactNode, useState } from 'react';
import { useCurrentUser } from '../../auth/queries';
import { downloadUpload } from './api';
import { type FileSelection, FileSelectionBar, useFileSelection } from './FileSelection';
import { UploadList } from './UploadList';
import { formatFileSize } from './uploadRules';
import type { UploadsState } from './useUploads';
import './uploads.css';

/** Where the file viewer opens a saved upload (doc 2 §2: a new tab, no layout). */
export const fileViewerPath = (uuid: string) => `/file-viewer/${uuid}`;

function FileIcon({ file }: { file: Upload }) {
  if (file.preview === 'pdf') {
    return <FilePdfOutlined />;
  }
  if (file.preview === 'video') {
    return <PlaySquareOutlined />;
  }
  return <FileOutlined />;
}

/** One saved file: its thumbnail (images) or icon, name, size, and open / download / delete. */
export function AssetCard({
  file,
  canDelete,
  onDelete,
  extra,
  selection,
}: {
  file: Upload;
  canDelete: boolean;
  onDelete?: () => void;
  /** More actions for this file (e.g. start a task from it). */
  extra?: ReactNode;
  /** The list's choice of files for 'Download selected'; without it the card has no checkbox. */
  selection?: FileSelection;
}) {
  return (
    <li className="asset-card" data-testid="asset-card" data-name={file.name}>
      {selection ? (
        <Checkbox
          className="asset-select"
          checked={selection.isSelected(file.uuid)}
          onChange={(event) => selection.toggle(file.uuid, event.target.checked)}
          aria-label={`Select ${file.name}`}
          data-testid="asset-select"
        />
      ) : null}
      <a
        className="asset-thumb"
        href={fileViewerPath(file.uuid)}
        target="_blank"
        rel="noopener"
        aria-label={`Open ${file.name}`}
      >
        {file.thumbnail_url ? (
          <img src={file.thumbnail_url} alt={file.name} loading="lazy" data-testid="asset-thumbnail" />
        ) : (
          <FileIcon file={file} />
        )}
        <span className="asset-ext">{file.extension.toUpperCase()}</span>
      </a>
      <span className="asset-name" title={file.name}>
        {shortenFileName(file.name)}
      </span>
      <span className="asset-meta">
        <Typography.Text type="secondary">{formatFileSize(file.size)}</Typography.Text>
        <span className="asset-actions">
          <Tooltip title="Open">
            <Button
              type="text"
              size="small"
              icon={<EyeOutlined />}
              href={fileViewerPath(file.uuid)}
              target="_blank"
              aria-label={`Open ${file.name}`}
            />
          </Tooltip>
          <Tooltip title="Download">
            <Button
              type="text"
              size="small"
              icon={<DownloadOutlined />}
              aria-label={`Download ${file.name}`}
              data-testid="asset-download"
              onClick={() => void downloadUpload(file.uuid)}
            />
          </Tooltip>
          {extra}
          {canDelete && onDelete ? (
            <Popconfirm title="Delete this file?" okText="Yes" cancelText="No" onConfirm={onDelete}>
              <Button
                type="text"
                size="small"
                danger
                icon={<DeleteOutlined />}
                aria-label={`Delete ${file.name}`}
                data-testid="asset-delete"
              />
            </Popconfirm>
          ) : null}
        </span>
      </span>
    </li>
  );
}

export type AssetsSectionProps = {
  files: readonly Upload[];
  /** The uploads running here (files dropped on the section); see useUploads. */
  uploads: UploadsState;
  canEdit: boolean;
  onOpenDialog: () => void;
  onDelete: (uuid: string) => void;
  title?: string;
  testId?: string;
};

/**
 * The Assets section with its count (doc 2 §2): a grid of the saved files (thumbnails open the viewer in a new tab),
 * the files uploading right now with their progress, 'Upload files' (the dialog) and drop-to-upload on the section.
 * Only the uploader of a file is offered delete.
 */
export function AssetsSection({
  files,
  uploads,
  canEdit,
  onOpenDialog,
  onDelete,
  title = 'Assets',
  testId = 'assets',
}: AssetsSectionProps) {
  const me = useCurrentUser().data;
  const [dragging, setDragging] = useState(false);
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    if (canEdit && event.dataTransfer.files.length) {
      void uploads.add([...event.dataTransfer.files]);
    }
  };
  const running = uploads.items.filter((item) => item.status !== 'done');
  const uuids = files.map((file) => file.uuid);
  const selection = useFileSelection(uuids);
  const selectable = files.length > 1;
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: dropping files is a shortcut; 'Upload files' is the keyboard path
    <section
      className={`task-section assets-section${dragging ? ' assets-dragging' : ''}`}
      data-testid={testId}
      onDragOver={(event) => {
        if (canEdit) {
          event.preventDefault();
          setDragging(true);
        }
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={onDrop}
    >
      <div className="task-section-head">
        <Typography.Title level={5} style={{ margin: 0 }}>
          {title} <Tag data-testid={`${testId}-count`}>{files.length}</Tag>
        </Typography.Title>
        {canEdit ? (
          <Button size="small" icon={<UploadOutlined />} onClick={onOpenDialog} data-testid={`${testId}-upload`}>
            Upload files
          </Button>
        ) : null}
      </div>
      {running.length ? <UploadList items={running} onRemove={uploads.cancel} /> : null}
      {selectable ? <FileSelectionBar uuids={uuids} selection={selection} testId={testId} /> : null}
      {files.length ? (
        <ul className="asset-grid">
          {files.map((file) => (
            <AssetCard
              key={file.uuid}
              file={file}
              canDelete={canEdit && file.creator_uuid === me?.uuid}
              onDelete={() => onDelete(file.uuid)}
              selection={selectable ? selection : undefined}
            />
          ))}
        </ul>
      ) : running.length ? null : (
        <Typography.Text type="secondary" data-testid={`${testId}-empty`}>
          No files
        </Typography.Text>
      )}
    </section>
  );
}
