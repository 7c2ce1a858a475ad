import { FileZipOutlined } from '@ant-design/icons';
import { Button, Tooltip } from 'antd';
import { useState } from 'react';
import { startMassDownload } from './massDownload';

/**
 * Mass download (doc 2 §7) of the files of the rows shown: the server answers at once and zips in the background;
 * the finished zip arrives in the bell (and by e-mail).
 */
export function MassDownloadButton({ resource, ids }: { resource: 'tasks' | 'requests'; ids: readonly string[] }) {
  const [sending, setSending] = useState(false);
  const start = async () => {
    setSending(true);
    await startMassDownload(resource, ids);
    setSending(false);
  };
  return (
    <Tooltip title="Download the files of the rows shown as one zip">
      <Button
        icon={<FileZipOutlined />}
        loading={sending}
        disabled={ids.length === 0}
        onClick={() => void start()}
        data-testid={`${resource}-mass-download`}
      >
        Download files
      </Button>
    </Tooltip>
  );
}
