import { useCallback, useState } from 'react';
import type { SaveStatus } from './collabBinding';
import type { PresentPerson } from './presence';

export type { SaveStatus } from './collabBinding';

/**
 * A RichTextEditor's collaborative mode: pass `onEditor` to the editor (and no `value`); `status` is the editor
 * save status of doc 2 §4 (null until the first edit), `serverReadOnly` is true when the server let this person
 * read only, `present` who else has the document open. Yjs, the provider, y-quill and quill-cursors load with the editor, never with the page.
 */
export function useCollaboration(options: {
  documentName: string;
  token: string | null;
  user: { uuid: string; name: string } | null;
}) {
  const [status, setStatus] = useState<SaveStatus | null>(null);
  const [serverReadOnly, setServerReadOnly] = useState(false);
  const [present, setPresent] = useState<PresentPerson[]>([]);
  const { documentName, token, user } = options;
  const userUuid = user?.uuid;
  const userName = user?.name;

  const onEditor = useCallback(
    (quill: unknown) => {
      if (!token || !userUuid) {
        return undefined;
      }
      let cleanup: (() => void) | null = null;
      let cancelled = false;
      void import('./collabBinding').then(({ bindCollaboration }) => {
        if (cancelled) {
          return;
        }
        cleanup = bindCollaboration(quill as never, {
          documentName,
          token,
          user: { uuid: userUuid, name: userName ?? 'Someone' },
          onStatus: setStatus,
          onReadOnly: setServerReadOnly,
          onPresence: setPresent,
        });
      });
      return () => {
        cancelled = true;
        cleanup?.();
        setPresent([]);
      };
    },
    [documentName, token, userUuid, userName],
  );

  return { onEditor, status, serverReadOnly, present };
}
