import { Skeleton } from 'antd';
import { lazy, Suspense } from 'react';
import { EditorErrorBoundary } from './EditorErrorBoundary';
import type { RichTextEditorProps } from './types';

export type { RichTextDelta } from './delta';
export type { RichTextEditorProps } from './types';

// Quill and its stylesheet load the first time an editor renders, never with the first page.
const QuillEditor = lazy(() => import('./QuillEditor'));

/**
 * The rich-text editor (Quill 2, snow theme). Image insertion is off until the upload flow exists: its toolbar has
 * no image button and pasted or dropped images are ignored.
 */
export function RichTextEditor(props: RichTextEditorProps) {
  return (
    <EditorErrorBoundary value={props.value} testId={props.testId}>
      <Suspense fallback={<Skeleton active paragraph={{ rows: 4 }} />}>
        <QuillEditor {...props} />
      </Suspense>
    </EditorErrorBoundary>
  );
}
