import { MESSAGES } from '@portal/domain';
import { message } from 'antd';
import { api } from '../../api';
import { type BulkSelection, selectionBody } from '../../components/DataTable/tableApi';
import { reportError } from '../../shell/feedback';

/** Doc 2 §9: the 'Zipping files' hint shows for 2 s. */
const ZIPPING_HINT_SECONDS = 2;

export type MassDownloadResource = 'tasks' | 'requests' | 'uploads';

const ID_FIELD = { tasks: 'task_ids', requests: 'request_ids', uploads: 'upload_ids' } as const;

/**
 * Mass download (doc 2 §7): POST {resource}/mass-download with full_download and the ids. The server answers at
 * once and zips in the background; the finished zip arrives in the bell (and by e-mail). Shows the 'Zipping files'
 * hint, then the server's message; a refusal (e.g. nothing to download) shows its message.
 */
export async function startMassDownload(
  resource: MassDownloadResource,
  ids: readonly string[] | { all: BulkSelection },
): Promise<void> {
  void message.info({ content: MESSAGES.zippingFiles, duration: ZIPPING_HINT_SECONDS });
  // "All N" of a table sends the list's selection (filters with _all), which the server resolves as the list does.
  const chosen = 'all' in ids ? selectionBody(ids.all) : { [ID_FIELD[resource]]: ids };
  try {
    const answer = await api.post<{ message: string }>(`/${resource}/mass-download`, {
      full_download: true,
      ...chosen,
    });
    void message.success(answer.message);
  } catch (error) {
    reportError(error);
  }
}
