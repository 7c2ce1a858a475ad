import { useRef, useState } from 'react';

/**
 * Closing an existing task's drawer: with unsaved edits (the form's or the description's) the user is asked first;
 * "save" flushes both and closes only when the form saved.
 */
export function useUnsavedClose(editor: { hasUnsaved: boolean; flush(): Promise<boolean> }, onClose: () => void) {
  const [askUnsaved, setAskUnsaved] = useState(false);
  const [closing, setClosing] = useState(false);
  const descriptionSave = useRef<(() => Promise<void>) | null>(null);
  const [descriptionPending, setDescriptionPending] = useState(false);

  const requestClose = () => {
    if (editor.hasUnsaved || descriptionPending) {
      setAskUnsaved(true);
    } else {
      onClose();
    }
  };
  const saveAndClose = async () => {
    setClosing(true);
    const [saved] = await Promise.all([editor.flush(), descriptionSave.current?.()]);
    setClosing(false);
    if (saved) {
      onClose();
    } else {
      setAskUnsaved(false);
    }
  };
  const trackDescription = (save: (() => Promise<void>) | null) => {
    descriptionSave.current = save;
    setDescriptionPending(save !== null);
  };

  return {
    askUnsaved,
    closing,
    requestClose,
    saveAndClose,
    cancelClose: () => setAskUnsaved(false),
    trackDescription,
  };
}
