import { FileZipOutlined } from '@ant-design/icons';
import { MESSAGES } from '@portal/domain';
import { Button, message, Tooltip } from 'antd';
import { useState } from 'react';
import { api } from '../../api';
import { reportError } from '../../shell/feedback';

/** Doc 2 §9: the 'Zipping files' hint shows for 2 s. */
const ZIPPING_HINT_SECONDS = 2;

/**
 * Mass download (doc 2 §7) of the files of the rows shown: the server answers at once and zips in the background;
 * the finished zip arrives in the bell (and by e-mail).
 */
export function MassDownloadButton({ resource, ids }: { resource: 'tasks' | 'requests'; ids: readonly string[] }) {
  const [sending, setSending] = useState(false);
  const start = async () => {
    setSending(true);
    void message.info({ content: MESSAGES.zippingFiles, duration: ZIPPING_HINT_SECONDS });
    try {
      const body =
        resource === 'tasks' ? { full_download: true, task_ids: ids } : { full_download: true, request_ids: ids };
      const answer = await api.post<{ message: string }>(`/${resource}/mass-download`, body);
      void message.success(answer.message);
    } catch (error) {
      reportError(error);
    } finally {
      setSending(false);
    }
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
