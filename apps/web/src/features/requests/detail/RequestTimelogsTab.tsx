import { TIME_LOGS_KEY } from '../../timelogs/api';
import { TimelogsTable } from '../../timelogs/TaskTimelogs';
import { REQUESTS_KEY } from '../list/api';
import { listRequestTimeLogs } from './api';
import { RequestAddTime } from './RequestAddTime';

/**
 * Timelogs (doc 2 §2): the request's own logs with '{n} timelogs found'; edit and delete only where the server allows
 * (never freelancers); 'Add time' opens the time-entry form.
 */
export function RequestTimelogsTab({ requestUuid }: { requestUuid: string }) {
  return (
    <TimelogsTable
      listKey={[...TIME_LOGS_KEY, 'request', requestUuid]}
      load={(params, signal) => listRequestTimeLogs(requestUuid, params, signal)}
      ownerKey={REQUESTS_KEY}
      testId="request-timelogs"
      toolbar={<RequestAddTime requestUuid={requestUuid} />}
    />
  );
}
