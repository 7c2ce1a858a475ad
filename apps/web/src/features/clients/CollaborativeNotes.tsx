import { type Customer, uploadIdsInDelta } from '@portal/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { CollaborativeEditor } from '../../components/RichTextEditor/collab/CollaborativeEditor';
import { reportError } from '../../shell/feedback';
import { CUSTOMERS_KEY, updateCustomer } from './api';
import { AUTOSAVE_DELAY_MS } from './clientForm';

const sameSet = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && [...a].sort().join() === [...b].sort().join();

/**
 * A client's notes, edited together in real time (`customer.<uuid>.notes` on /collaboration): the server stores
 * the text into notes_delta and notes, so the form's autosave leaves them alone. The notes' images are the
 * client's uploads, which only their uploader may attach: when this person's own edit changes the set of images,
 * the set is sent (PUT customers/{uuid} with `uploads` only), as the form did.
 */
export function CollaborativeNotes({ customer }: { customer: Customer }) {
  const queryClient = useQueryClient();
  const attached = useRef<string[]>(customer.uploads.map((upload) => upload.uuid));
  const pending = useRef<string[] | null>(null);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  const sendImages = async () => {
    const images = pending.current;
    pending.current = null;
    if (!images || sameSet(images, attached.current)) {
      return;
    }
    try {
      const updated = await updateCustomer(customer.uuid, { uploads: images });
      attached.current = updated.uploads.map((upload) => upload.uuid);
      queryClient.setQueryData([...CUSTOMERS_KEY, 'one', customer.uuid], updated);
    } catch (error) {
      reportError(error);
    }
  };

  return (
    <CollaborativeEditor
      documentName={`customer.${customer.uuid}.notes`}
      placeholder="Notes about this client"
      testId="client-notes"
      statusTestId="client-notes-status"
      onDocumentChange={(delta, local) => {
        if (!local) {
          return;
        }
        const images = uploadIdsInDelta(delta);
        if (!sameSet(images, pending.current ?? attached.current)) {
          pending.current = images;
          window.clearTimeout(timer.current);
          timer.current = window.setTimeout(() => void sendImages(), AUTOSAVE_DELAY_MS);
        }
      }}
    />
  );
}
