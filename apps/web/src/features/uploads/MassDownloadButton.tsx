import { FileZipOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useState } from 'react';
import type { BulkSelection } from '../../components/DataTable';
import { startMassDownload } from './massDownload';

/**
 * Mass download (doc 2 §7) from a table's bulk bar: the files of the ticked rows ({resource}_ids), or of every row
 * the list's filters hold when "all N" is selected (the list's selection, resolved by the server as the list does).
 * The server answers at once and zips in the background; the finished zip arrives in the bell (and by e-mail).
 */
export function MassDownloadButton({ resource, target }: { resource: 'tasks' | 'requests'; target: BulkSelection }) {
  const [sending, setSending] = useState(false);
  const start = async () => {
    setSending(true);
    await startMassDownload(resource, 'ids' in target ? target.ids : { all: target });
    setSending(false);
  };
  return (
    <Button
      size="small"
      icon={<FileZipOutlined />}
      loading={sending}
      disabled={'ids' in target && target.ids.length === 0}
      onClick={() => void start()}
      data-testid={`${resource}-mass-download`}
    >
      Download files
    </Button>
  );
}
