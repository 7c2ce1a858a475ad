import { Skeleton } from 'antd';
import { lazy, Suspense, useRef, useState } from 'react';
import { EnhanceAction } from '../AiAssistant/EnhanceAction';
import { EditorErrorBoundary } from './EditorErrorBoundary';
import type { RichTextEditorProps } from './types';

export type { RichTextDelta } from './delta';
export type { RichTextEditorProps } from './types';

// Quill and its stylesheet load the first time an editor renders, never with the first page.
const QuillEditor = lazy(() => import('./QuillEditor'));

/**
 * The rich-text editor (Quill 2, snow theme). Images are pasted, dropped or picked and uploaded ('in-message'),
 * then inserted as the stable path of the upload (imageUploads.ts).
 */
export function RichTextEditor(props: RichTextEditorProps) {
  // The writing assistant's action works on the Quill instance; the caller's onEditor still receives it.
  const [editor, setEditor] = useState<unknown>(null);
  const onEditorRef = useRef(props.onEditor);
  onEditorRef.current = props.onEditor;
  const onEditor = useRef((quill: unknown) => {
    setEditor(quill);
    const detach = onEditorRef.current?.(quill);
    return () => {
      setEditor(null);
      detach?.();
    };
  }).current;
  return (
    <EditorErrorBoundary value={props.value} testId={props.testId}>
      <Suspense fallback={<Skeleton active paragraph={{ rows: 4 }} />}>
        <QuillEditor {...props} onEditor={onEditor} />
      </Suspense>
      {props.readOnly ? null : <EnhanceAction editor={editor} />}
    </EditorErrorBoundary>
  );
}
