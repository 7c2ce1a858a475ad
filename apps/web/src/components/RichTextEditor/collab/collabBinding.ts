import { HocuspocusProvider } from '@hocuspocus/provider';
import type Quill from 'quill';
import QuillCursors from 'quill-cursors';
import { QuillBinding } from 'y-quill';
import * as Y from 'yjs';
import './collab.css';
import { type PresentPerson, presentPeople } from './presence';

/** Doc 2 §4 editor save status. */
export type SaveStatus = 'saving' | 'saved' | 'error saving' | 'disconnected';

/** Stateless messages the server sends after each store (apps/api/src/collab/collab-server.ts). */
const STORED = 'portal:stored';
const STORE_FAILED = 'portal:store-failed';

/** Doc 2 §9: a remote cursor's name flag hides 3000 ms after it last moved. */
const CURSOR_FLAG_MS = 3000;
/** The Y.Text the server reads and writes (apps/api/src/collab/documents.ts YTEXT_NAME). */
const YTEXT_NAME = 'quill';

const COLORS = ['#1677ff', '#eb2f96', '#fa8c16', '#52c41a', '#722ed1', '#13c2c2', '#f5222d', '#faad14'];

/** A stable colour per person, so their cursor looks the same in every tab. */
export function colorFor(uuid: string): string {
  let hash = 0;
  for (const char of uuid) {
    hash = (hash * 31 + char.charCodeAt(0)) | 0;
  }
  return COLORS[Math.abs(hash) % COLORS.length] ?? '#1677ff';
}

export type CollabOptions = {
  /** `task.<uuid>.description`, `request.<uuid>.project_brief` or `customer.<uuid>.notes`. */
  documentName: string;
  token: string;
  user: { uuid: string; name: string };
  onStatus(status: SaveStatus): void;
  /** The server let this person read only (they may not update the object). */
  onReadOnly?(readOnly: boolean): void;
  /** The others who have the document open, whenever that changes. */
  onPresence?(people: PresentPerson[]): void;
};

/**
 * Binds one Quill editor to its shared document on the app's /collaboration websocket: y-quill keeps the text in
 * step, quill-cursors shows the others' cursors with their names, the awareness
 * states say who else is in the document (onPresence), and the provider's auth message carries the
 * user's token. Edits made while disconnected stay in the local Yjs document and merge when the connection returns.
 * Answers the cleanup.
 */
export function bindCollaboration(quill: Quill, options: CollabOptions): () => void {
  const document = new Y.Doc();
  const url = `${window.location.origin.replace(/^http/, 'ws')}/collaboration`;
  const provider = new HocuspocusProvider({ url, name: options.documentName, token: options.token, document });
  // y-quill finds the cursors through quill.getModule('cursors'): the shared editor is created without the
  // module (most editors are not collaborative), so it is attached to this instance's theme here.
  const cursors = new QuillCursors(quill, { hideDelayMs: CURSOR_FLAG_MS, transformOnTextChange: true });
  (quill as unknown as { theme: { modules: Record<string, unknown> } }).theme.modules.cursors = cursors;
  const awareness = provider.awareness;
  // The uuid tells one person's several tabs apart from different people with the same name.
  awareness?.setLocalStateField('user', {
    uuid: options.user.uuid,
    name: options.user.name,
    color: colorFor(options.user.uuid),
  });
  const onAwareness = () => {
    if (awareness) {
      options.onPresence?.(presentPeople(awareness.getStates(), awareness.clientID, options.user.uuid));
    }
  };
  awareness?.on('change', onAwareness);
  const binding = new QuillBinding(document.getText(YTEXT_NAME), quill, provider.awareness ?? undefined);

  let connected = false;
  let failed = false;
  const report = () => {
    if (!connected) {
      options.onStatus('disconnected');
    } else if (failed) {
      options.onStatus('error saving');
    }
  };
  provider.on('status', ({ status }: { status: string }) => {
    connected = status === 'connected';
    report();
  });
  provider.on('authenticated', () => options.onReadOnly?.(provider.authorizedScope === 'readonly'));
  provider.on('authenticationFailed', () => {
    failed = true;
    options.onReadOnly?.(true);
    report();
  });
  document.on('update', (_update: Uint8Array, origin: unknown) => {
    // Local edits only (remote ones arrive with the provider as origin).
    if (origin !== provider && connected) {
      options.onStatus('saving');
    }
  });
  provider.on('stateless', ({ payload }: { payload: string }) => {
    if (payload === STORED && provider.unsyncedChanges === 0) {
      failed = false;
      options.onStatus('saved');
    } else if (payload === STORE_FAILED) {
      failed = true;
      options.onStatus('error saving');
    }
  });

  return () => {
    awareness?.off('change', onAwareness);
    binding.destroy();
    provider.destroy();
    document.destroy();
  };
}
