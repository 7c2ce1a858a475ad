import Quill from 'quill';
// The editor's stylesheet travels with this lazily loaded chunk only.
import 'quill/dist/quill.snow.css';
import './RichTextEditor.css';
import { useEffect, useLayoutEffect, useRef } from 'react';
import { type RichTextDelta, sameDelta, toDelta } from './delta';
import { enableImageUploads } from './imageUploads';
import { labelToolbar } from './toolbarLabels';
import type { RichTextEditorProps } from './types';

/** Doc 2 §9: sizes small, normal, large, huge; lists ordered, bullet, check. */
const TOOLBAR = [
  [{ size: ['small', false, 'large', 'huge'] }],
  ['bold', 'italic', 'underline', 'link', 'image'],
  [{ list: 'ordered' }, { list: 'bullet' }, { list: 'check' }],
];
/** Only what the toolbar offers is allowed; images arrive through the upload flow (imageUploads.ts). */
const FORMATS = ['size', 'bold', 'italic', 'underline', 'link', 'list', 'image'];

/** Quill used directly: it owns its DOM inside `host`; React only feeds it the value and the read-only flag. */
export default function QuillEditor({
  value,
  onChange,
  readOnly = false,
  placeholder,
  testId,
  onEditor,
}: RichTextEditorProps) {
  const host = useRef<HTMLDivElement>(null);
  const quill = useRef<Quill | null>(null);
  const onChangeRef = useRef(onChange);
  useLayoutEffect(() => {
    onChangeRef.current = onChange;
  });

  // Created once; the value and read-only effects below keep it in step.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the first value and flags seed the editor only
  useEffect(() => {
    const container = host.current;
    if (!container) {
      return;
    }
    const editor = new Quill(container.appendChild(document.createElement('div')), {
      theme: 'snow',
      modules: { toolbar: TOOLBAR, uploader: { mimetypes: [] } },
      formats: FORMATS,
      readOnly,
      placeholder,
    });
    labelToolbar(editor);
    editor.setContents(toDelta(value, null, FORMATS) as never, 'silent');
    editor.on('text-change', (_change, _old, source) => {
      if (source === 'user') {
        const delta: RichTextDelta = { ops: editor.getContents().ops as RichTextDelta['ops'] };
        onChangeRef.current?.(delta, editor.getText().replace(/\n$/, ''));
      }
    });
    quill.current = editor;
    const detach = onEditor?.(editor);
    const detachImages = enableImageUploads(editor);
    return () => {
      detachImages();
      detach?.();
      quill.current = null;
      // The snow theme puts its toolbar beside the editor element: clear both (StrictMode mounts twice).
      container.replaceChildren();
    };
  }, []);

  useEffect(() => {
    quill.current?.enable(!readOnly);
  }, [readOnly]);

  useEffect(() => {
    const editor = quill.current;
    if (editor && value !== undefined && !sameDelta(toDelta(value, null, FORMATS), { ops: editor.getContents().ops })) {
      editor.setContents(toDelta(value, null, FORMATS) as never, 'silent');
    }
  }, [value]);

  return (
    <div
      ref={host}
      className={readOnly ? 'rich-text-editor rich-text-editor--read-only' : 'rich-text-editor'}
      data-testid={testId}
    />
  );
}
