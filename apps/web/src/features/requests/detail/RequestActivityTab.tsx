import { HistoryActivity, show } from '../../tasks/TaskActivity';
import { requestStatusLabel } from '../list/requestRows';
import { getRequestHistory, requestKey } from './api';

function showRequestValue(field: string, value: unknown): string {
  return field === 'status' && typeof value === 'string' ? requestStatusLabel(value) : show(value);
}

/** Activity logs (doc 2 §2): pages with `before` until the create entry; an entry without changes shows 'EMPTY'. */
export function RequestActivityTab({ requestUuid }: { requestUuid: string }) {
  return (
    <HistoryActivity
      queryKey={[...requestKey(requestUuid), 'history']}
      load={(before, signal) => getRequestHistory(requestUuid, before, signal)}
      createdText="created the request"
      showValue={showRequestValue}
      testId="request-activity"
    />
  );
}
