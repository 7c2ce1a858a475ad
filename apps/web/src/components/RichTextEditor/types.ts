import type { RichTextDelta } from './delta';

export interface RichTextEditorProps {
  /** The document as a Quill delta (a stored `{ops: [{insert}]}` of plain text opens too). */
  value?: RichTextDelta | null;
  /** After each user edit: the new delta and its plain text (without Quill's final newline). */
  onChange?(delta: RichTextDelta, plainText: string): void;
  /** Read-only hides the toolbar and blocks edits. */
  readOnly?: boolean;
  placeholder?: string;
  testId?: string;
  /**
   * Called once with the Quill instance (e.g. the collaborative binding, collab/useCollaboration.ts); may answer a
   * cleanup. A bound editor takes its text from the binding: pass no `value`.
   */
  onEditor?(quill: unknown): (() => void) | undefined;
}
