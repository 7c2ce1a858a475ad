import { MESSAGES } from '@portal/domain';
import { message } from 'antd';
import { ApiError } from '../../api/errors';
import { type BulkSelection, fileRequestHeaders, saveBlob, selectionBody } from '../../components/DataTable/tableApi';
import { reportError } from '../../shell/feedback';
import { zipFileName } from './zipFileName';

/** Doc 2 §9: the 'Zipping files' hint shows for 2 s. */
const ZIPPING_HINT_SECONDS = 2;

export type MassDownloadResource = 'tasks' | 'requests' | 'uploads';

const ID_FIELD = { tasks: 'task_ids', requests: 'request_ids', uploads: 'upload_ids' } as const;

/**
 * Mass download (doc 2 §7): POST {resource}/mass-download with full_download and the ids. Files totalling under the
 * server's limit (50 MB) come back as the zip itself, saved at once; a larger selection answers a message and is
 * zipped in the background, the finished zip arriving in the bell (and by e-mail). Shows the 'Zipping files' hint
 * first; a refusal (e.g. nothing to download) shows its message.
 */
export async function startMassDownload(
  resource: MassDownloadResource,
  ids: readonly string[] | { all: BulkSelection },
): Promise<void> {
  void message.info({ content: MESSAGES.zippingFiles, duration: ZIPPING_HINT_SECONDS });
  // "All N" of a table sends the list's selection (filters with _all), which the server resolves as the list does.
  const chosen = 'all' in ids ? selectionBody(ids.all) : { [ID_FIELD[resource]]: ids };
  try {
    const response = await fetch(`/api/${resource}/mass-download`, {
      method: 'POST',
      headers: { ...fileRequestHeaders(), 'Content-Type': 'application/json' },
      body: JSON.stringify({ full_download: true, ...chosen }),
    });
    if (!response.ok) {
      throw new ApiError(response.status, await response.json().catch(() => ({})));
    }
    if ((response.headers.get('content-type') ?? '').startsWith('application/zip')) {
      saveBlob(await response.blob(), zipFileName(response.headers.get('content-disposition')));
      return;
    }
    const answer = (await response.json()) as { message: string };
    void message.success(answer.message);
  } catch (error) {
    reportError(error);
  }
}
