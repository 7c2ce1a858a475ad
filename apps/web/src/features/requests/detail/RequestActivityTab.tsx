import type { Question } from '@portal/domain';
import { activityValue } from '../../common/activityValue';
import { HistoryActivity } from '../../tasks/TaskActivity';
import { requestStatusLabel } from '../list/requestRows';
import { getRequestHistory, requestKey } from './api';

/** Activity logs (doc 2 §2): pages with `before` until the create entry; an entry without changes shows 'EMPTY'. */
export function RequestActivityTab({ requestUuid, form }: { requestUuid: string; form?: readonly Question[] }) {
  return (
    <HistoryActivity
      queryKey={[...requestKey(requestUuid), 'history']}
      load={(before, signal) => getRequestHistory(requestUuid, before, signal)}
      createdText="created the request"
      // The questionnaire turns changed answers into 'Question: answer'.
      showValue={(field, value) => activityValue(field, value, { statusLabel: requestStatusLabel, form })}
      testId="request-activity"
    />
  );
}
