import { DownloadOutlined, FileZipOutlined } from '@ant-design/icons';
import { MESSAGES } from '@portal/domain';
import { useQuery } from '@tanstack/react-query';
import { Button, Result, Skeleton, Typography } from 'antd';
import { downloadUpload, getUploadInfo } from './api';
import { ImageZoom } from './ImageZoom';
import { formatFileSize } from './uploadRules';
import './uploads.css';

/**
 * /file-viewer/{uuid} (doc 1 §2, doc 2 §2): a saved upload on its own, without the layout. Images zoom up to 4x
 * and pan, videos play, PDFs open in the browser's viewer; other types offer their download. The bytes come from the
 * stable path, which checks access on every request: someone who may not see the file gets the no-access message.
 */
export function FileViewer({ uuid }: { uuid: string }) {
  const info = useQuery({
    queryKey: ['uploads', 'info', uuid],
    queryFn: ({ signal }) => getUploadInfo(uuid, signal),
    meta: { silentError: true },
    retry: false,
  });
  if (info.isPending) {
    return (
      <main className="file-viewer">
        <Skeleton active paragraph={{ rows: 6 }} />
      </main>
    );
  }
  if (info.isError) {
    return (
      <main className="file-viewer">
        <Result
          status="404"
          title="File not available"
          subTitle={MESSAGES.uploadNoAccess}
          data-testid="file-viewer-no-access"
        />
      </main>
    );
  }
  const file = info.data;
  const download = (
    <Button
      type="primary"
      icon={<DownloadOutlined />}
      onClick={() => void downloadUpload(file.uuid)}
      data-testid="file-viewer-download"
    >
      Download
    </Button>
  );
  // One Download button: beside the title over a preview, inside the message where there is none (and none for a
  // file whose upload has not finished: there is nothing to download yet).
  const inHeader = file.stated && file.preview !== null;
  let body: React.ReactNode;
  if (!file.stated) {
    body = <Result status="info" title={MESSAGES.uploadNotFinished} />;
  } else if (file.preview === 'image') {
    body = <ImageZoom src={file.url} alt={file.name} />;
  } else if (file.preview === 'video') {
    // biome-ignore lint/a11y/useMediaCaption: uploaded videos come without caption tracks
    body = <video className="file-viewer-video" src={file.url} controls data-testid="file-viewer-video" />;
  } else if (file.preview === 'pdf') {
    body = <iframe className="file-viewer-pdf" src={file.url} title={file.name} data-testid="file-viewer-pdf" />;
  } else if (file.extension.toLowerCase() === 'zip') {
    // The mass download's zip (its bell item and e-mail link here): an archive is never previewed, so the page says
    // it is ready rather than warning that it cannot be shown.
    body = (
      <Result
        icon={<FileZipOutlined />}
        title={MESSAGES.zipReady}
        subTitle={`${file.name} · ${formatFileSize(file.size)}`}
        extra={download}
        data-testid="file-viewer-zip-ready"
      />
    );
  } else {
    body = (
      <Result
        status="info"
        title={file.name}
        subTitle={MESSAGES.uploadPreviewUnavailable}
        extra={download}
        data-testid="file-viewer-unsupported"
      />
    );
  }
  return (
    <main className="file-viewer" data-testid="file-viewer">
      <header className="file-viewer-head">
        <div className="file-viewer-title">
          <Typography.Title level={4} style={{ margin: 0 }} ellipsis={{ tooltip: file.name }} data-testid="page-title">
            {file.name}
          </Typography.Title>
          <Typography.Text type="secondary">
            {file.extension.toUpperCase()} · {formatFileSize(file.size)}
          </Typography.Text>
        </div>
        {inHeader ? download : null}
      </header>
      <div className="file-viewer-body">{body}</div>
    </main>
  );
}
