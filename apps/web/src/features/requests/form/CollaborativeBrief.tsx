import type { Delta } from '@portal/domain';
import { createContext, useContext, useEffect, useRef } from 'react';
import { CollaborativeEditor } from '../../../components/RichTextEditor/collab/CollaborativeEditor';
import { sameDelta } from '../../../components/RichTextEditor/delta';
import type { ControlProps } from './QuestionRendererTypes';

/** The brief's question in every request form (apps/api/src/seed/request-forms/common.ts). */
const BRIEF_QUESTION = 'project_brief';

/** The saved request whose form is open: its brief is a shared document (null while creating). */
export const BriefRequestContext = createContext<string | null>(null);

/** The request uuid when this question is a saved request's brief, which is then edited together. */
export function useSharedBrief(questionName: string): string | null {
  const requestUuid = useContext(BriefRequestContext);
  return questionName === BRIEF_QUESTION ? requestUuid : null;
}

/**
 * A saved request's brief, edited together in real time (`request.<uuid>.project_brief` on /collaboration) with
 * the others' named cursors. The server stores it into description_delta and the project_brief answer; the form
 * keeps the document as the answer too, so its checks and Submit see the text everyone typed.
 */
export function CollaborativeBrief({
  requestUuid,
  question,
  value,
  onChange,
  readOnly,
}: ControlProps & { requestUuid: string }) {
  // The document as last seen: the answer follows it, also when the form put an older answer back (Cancel), so a
  // later Save never sends a stale brief (which the server would merge in as a change undoing the others' edits).
  const shared = useRef<Delta | null>(null);
  const follow = () => {
    const current = value && typeof value === 'object' && 'ops' in value ? (value as Delta) : null;
    if (shared.current && (!current || !sameDelta(current, shared.current))) {
      onChange(shared.current);
    }
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: re-checked whenever the form's answer changes
  useEffect(follow, [value]);
  return (
    <CollaborativeEditor
      documentName={`request.${requestUuid}.project_brief`}
      readOnly={readOnly}
      placeholder={question.placeholder}
      testId={`editor-${question.name}`}
      statusTestId={`editor-${question.name}-status`}
      onDocumentChange={(delta) => {
        shared.current = {
          ops: delta.ops.map((op) =>
            op.attributes ? { insert: op.insert, attributes: op.attributes } : { insert: op.insert },
          ),
        };
        follow();
      }}
    />
  );
}
