import type { MassDownloadInput, requestMassDownloadSchema, taskMassDownloadSchema } from '@portal/domain';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import { selectRequests } from '../tables/requests.table';
import { selectTasks } from '../tables/tasks.table';
import type { UploadViewer } from './holder-access';

/**
 * The tasks whose files POST tasks/mass-download zips: task_ids, or a table's selection (`filters`: the ticked ids,
 * or `_all` with the list's filters, resolved by the list's own condition builder and visibility, as the bulk
 * calls do — at most 100,000 rows).
 */
export async function taskFilesInput(
  ctx: AppContext,
  body: z.output<typeof taskMassDownloadSchema>,
  viewer: UploadViewer,
): Promise<MassDownloadInput> {
  if (!body.filters) {
    return { full_download: true, task_ids: body.task_ids };
  }
  const uuids = await selectTasks(ctx, { filters: body.filters, search_term: body.search_term }, viewer);
  return { full_download: true, task_ids: uuids };
}

/** The requests whose files POST requests/mass-download zips: request_ids, or a table's selection (as for tasks). */
export async function requestFilesInput(
  ctx: AppContext,
  body: z.output<typeof requestMassDownloadSchema>,
  viewer: UploadViewer,
): Promise<MassDownloadInput> {
  if (!body.filters) {
    return { full_download: true, request_ids: body.request_ids };
  }
  const { filters, search_term, project_type, 'user.uuid': userUuid } = body;
  const uuids = await selectRequests(ctx, { filters, search_term, project_type, 'user.uuid': userUuid }, viewer);
  return { full_download: true, request_ids: uuids };
}
