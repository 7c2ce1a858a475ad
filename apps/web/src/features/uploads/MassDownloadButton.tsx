import { FileZipOutlined } from '@ant-design/icons';
import { Button, Tooltip } from 'antd';
import { useState } from 'react';
import type { BulkSelectionState } from '../../components/DataTable';
import { startMassDownload } from './massDownload';

/**
 * Mass download (doc 2 §7) of the files of the ticked rows, in a table's bulk bar: the server answers at once and
 * zips in the background; the finished zip arrives in the bell (and by e-mail). It takes ticked rows only: "all N"
 * rows of a filtered list are not offered, since the mass download takes ids, not a list's filters.
 */
export function MassDownloadButton({
  resource,
  selection,
}: {
  resource: 'tasks' | 'requests';
  selection: BulkSelectionState;
}) {
  const [sending, setSending] = useState(false);
  const start = async () => {
    setSending(true);
    await startMassDownload(resource, selection.ids);
    setSending(false);
  };
  const button = (
    <Button
      size="small"
      icon={<FileZipOutlined />}
      loading={sending}
      disabled={selection.all || selection.ids.length === 0}
      onClick={() => void start()}
      data-testid={`${resource}-mass-download`}
    >
      Download files
    </Button>
  );
  return selection.all ? (
    <Tooltip title="Files are zipped for ticked rows: tick the rows whose files you want">{button}</Tooltip>
  ) : (
    button
  );
}
