import type { RequestDetail } from '@portal/domain';
import { Skeleton } from 'antd';
import { lazy, Suspense } from 'react';

// The questionnaire and its panel are their own chunk: a request opened on another tab never loads them.
const RequestAnswers = lazy(() => import('../form/RequestAnswers').then((m) => ({ default: m.RequestAnswers })));

/** The Overview tab, and the whole page of a draft: the request form in view/edit mode (doc 2 §2). */
export function RequestOverview({ request }: { request: RequestDetail }) {
  return (
    <Suspense fallback={<Skeleton active paragraph={{ rows: 8 }} />}>
      <RequestAnswers request={request} />
    </Suspense>
  );
}
