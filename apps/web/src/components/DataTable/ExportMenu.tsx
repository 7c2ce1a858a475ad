import { DownloadOutlined } from '@ant-design/icons';
import { type ExportFormat, MESSAGES } from '@portal/domain';
import { Button, Dropdown, Progress, Space, Typography } from 'antd';
import { useRef, useState } from 'react';
import { isAbortError } from '../../api/errors';
import { reportError, reportSuccess } from '../../shell/feedback';
import { type DownloadProgress, downloadExport, type ExportSource, saveBlob } from './tableApi';

function sizeText(bytes: number): string {
  const kb = bytes / 1024;
  return kb < 1024 ? `${Math.round(kb)} KB` : `${(kb / 1024).toFixed(1)} MB`;
}

/**
 * Export of the whole filtered list, not only the page shown (doc 2 §7: export-all, up to 100,000 rows, CSV or
 * Excel), with a progress indicator while the file streams in and 'Exported successfully.' or 'Something went
 * wrong!' after (doc 2 §8). Cancel aborts the download.
 */
export function ExportMenu({
  source,
  testId,
  label = 'Export',
}: {
  source: ExportSource;
  testId: string;
  /** The button's text: 'Export' over a table; a bulk bar says what it exports. */
  label?: string;
}) {
  const [progress, setProgress] = useState<DownloadProgress | null>(null);
  const controller = useRef<AbortController | null>(null);

  const run = async (format: ExportFormat) => {
    controller.current = new AbortController();
    setProgress({ received: 0, total: null });
    try {
      const { blob, fileName } = await downloadExport(source, format, setProgress, controller.current.signal);
      saveBlob(blob, fileName);
      reportSuccess(MESSAGES.exported);
    } catch (error) {
      if (!isAbortError(error)) {
        // Doc 2 §8: an export failure always reads 'Something went wrong!', whatever the server said (a plain
        // Error is what the catalogue describes that way).
        reportError(new Error(MESSAGES.somethingWrong));
      }
    } finally {
      controller.current = null;
      setProgress(null);
    }
  };

  if (progress) {
    const percent = progress.total ? Math.min(99, Math.round((progress.received / progress.total) * 100)) : null;
    return (
      <Space size="small" data-testid={`${testId}-progress`} role="status">
        {percent === null ? (
          <>
            <Progress type="circle" percent={100} status="active" size={20} showInfo={false} />
            <Typography.Text type="secondary">Exporting… {sizeText(progress.received)}</Typography.Text>
          </>
        ) : (
          <Progress type="circle" percent={percent} size={28} />
        )}
        <Button size="small" onClick={() => controller.current?.abort()} data-testid={`${testId}-cancel`}>
          Cancel
        </Button>
      </Space>
    );
  }

  return (
    <Dropdown
      trigger={['click']}
      menu={{
        items: [
          { key: 'csv', label: <span data-testid={`${testId}-csv`}>CSV (.csv)</span> },
          { key: 'xlsx', label: <span data-testid={`${testId}-xlsx`}>Excel (.xlsx)</span> },
        ],
        onClick: ({ key }) => void run(key as ExportFormat),
      }}
    >
      <Button icon={<DownloadOutlined />} data-testid={testId}>
        {label}
      </Button>
    </Dropdown>
  );
}
