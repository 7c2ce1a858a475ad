import { Skeleton } from 'antd';
import { lazy, Suspense } from 'react';
import type { CommentQuillProps } from './CommentQuill';

export type { CommentEditorHandle } from './CommentQuill';

const CommentQuill = lazy(() => import('./CommentQuill'));

/** The comment editor: the shared toolbar plus @mentions and CMD/CTRL+Enter; Quill loads with the first one shown. */
export function CommentEditor(props: CommentQuillProps) {
  return (
    <Suspense fallback={<Skeleton active paragraph={{ rows: 2 }} />}>
      <CommentQuill {...props} />
    </Suspense>
  );
}
