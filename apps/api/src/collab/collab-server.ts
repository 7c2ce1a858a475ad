import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { Redis } from '@hocuspocus/extension-redis';
import { type Document, type Extension, Hocuspocus } from '@hocuspocus/server';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { WebSocketServer } from 'ws';
import * as Y from 'yjs';
import type { AppContext } from '../context';
import { collabDocuments } from '../db/schema';
import type { Principal } from '../http/access';
import { accessTo, type CollabTarget, documentName, parseDocumentName, readDelta, writeDelta } from './documents';
import { checkDocumentText } from './stored-text';
import { documentDelta, initialState, mergeIntoDocument, sameText } from './ytext';

/** Editor autosave (doc 2 §9): the document is stored 3000 ms after the last change, at least every 10 s. */
const STORE_DEBOUNCE_MS = 3000;
const STORE_MAX_DEBOUNCE_MS = 10_000;

/** Stateless messages to the editors about the store (their save status). */
export const STORED = 'portal:stored';
export const STORE_FAILED = 'portal:store-failed';

type Context = { principal?: Principal; token?: string; system?: boolean };

/**
 * The collaborative editor's server (Hocuspocus) on the app's port at /collaboration. A client authenticates with
 * the user's bearer token (the provider's auth message); who may update the object edits, who may read it joins
 * read-only, nobody else joins. The Yjs state is kept in collab_documents and the object's delta column is
 * rewritten from it at each store, so the API and every reader see the same text. With REDIS_URL, Hocuspocus's
 * Redis extension relays updates and awareness between instances editing the same document.
 */
export async function startCollaboration(app: FastifyInstance, ctx: AppContext) {
  const db = ctx.db;
  const extensions: Extension[] = [];
  if (ctx.config.redisUrl) {
    const url = new URL(ctx.config.redisUrl);
    extensions.push(
      new Redis({
        host: url.hostname,
        port: Number(url.port || 6379),
        prefix: 'portal-collab',
        options: {
          username: url.username || undefined,
          password: url.password ? decodeURIComponent(url.password) : undefined,
          db: url.pathname.length > 1 ? Number(url.pathname.slice(1)) : undefined,
        },
      }),
    );
  }

  const hocuspocus = new Hocuspocus<Context>({
    name: 'portal',
    quiet: true,
    debounce: STORE_DEBOUNCE_MS,
    maxDebounce: STORE_MAX_DEBOUNCE_MS,
    extensions,

    async onAuthenticate({ token, documentName: name, connectionConfig }) {
      const target = parseDocumentName(name);
      const principal = token ? await ctx.sessions.resolve(token) : null;
      if (!target || !principal) {
        throw new Error('unauthenticated');
      }
      const allowed = await accessTo(db, principal, target);
      if (allowed === 'none') {
        throw new Error('forbidden');
      }
      connectionConfig.readOnly = allowed === 'read';
      return { principal, token };
    },

    async onLoadDocument({ documentName: name, document }) {
      const target = parseDocumentName(name);
      if (!target) {
        throw new Error('unknown document');
      }
      Y.applyUpdate(document, await loadState(target));
      // The column may have been written without the document (a task PUT, the request or client form while
      // nobody edited): the column is then the newer text, and the document takes it as one change.
      const column = await readDelta(db, target);
      if (!sameText(document, column)) {
        mergeIntoDocument(document, documentDelta(document), column);
      }
      return document;
    },

    async onStoreDocument({ documentName: name, document }) {
      const target = parseDocumentName(name);
      if (!target) {
        return;
      }
      const checked = checkDocumentText(document);
      if ('problem' in checked) {
        app.log.warn({ document: name, problem: checked.problem }, 'collaborative text refused by the rich-text rule');
        tell(document, STORE_FAILED);
        return;
      }
      const state = Buffer.from(Y.encodeStateAsUpdate(document));
      try {
        await db.transaction(async (tx) => {
          await tx
            .insert(collabDocuments)
            .values({ name, state })
            .onConflictDoUpdate({ target: collabDocuments.name, set: { state, updatedAt: sql`now()` } });
          await writeDelta(tx, target, checked.delta);
        });
      } catch (error) {
        // The editors show 'error saving' (doc 2 §4) until a later store succeeds.
        tell(document, STORE_FAILED);
        throw error;
      }
      // The editors' save status turns 'saved' only once the text is really stored.
      tell(document, STORED);
    },
  });

  /** A stateless message to the document's editors, when it still has any (a store also runs at unload). */
  function tell(document: Document, message: string) {
    if (document.getConnectionsCount() > 0) {
      document.broadcastStateless(message);
    }
  }

  /**
   * The stored state, or a first state made from the object's delta. Two instances opening a new document at
   * once must start from the same Yjs history (two independent inits would merge into doubled text), so the
   * first state is inserted only if absent and then read back.
   */
  async function loadState(target: CollabTarget): Promise<Uint8Array> {
    const name = documentName(target);
    const read = async () =>
      (await db.select({ state: collabDocuments.state }).from(collabDocuments).where(eq(collabDocuments.name, name)))[0]
        ?.state;
    const stored = await read();
    if (stored) {
      return new Uint8Array(stored);
    }
    const first = Buffer.from(initialState(await readDelta(db, target)));
    await db.insert(collabDocuments).values({ name, state: first }).onConflictDoNothing();
    return new Uint8Array((await read()) ?? first);
  }

  const sockets = new WebSocketServer({ noServer: true, maxPayload: 10 * 1024 * 1024 });

  function handleUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer) {
    sockets.handleUpgrade(request, socket, head, (ws) => {
      const headers = new Headers();
      for (const [key, value] of Object.entries(request.headers)) {
        if (typeof value === 'string') {
          headers.set(key, value);
        }
      }
      const connection = hocuspocus.handleConnection(
        ws,
        new Request(`http://localhost${request.url ?? '/collaboration'}`, { headers }),
      );
      ws.on('message', (data: Buffer) => connection.handleMessage(new Uint8Array(data)));
      ws.on('close', (code, reason) => connection.handleClose({ code, reason: reason.toString() }));
      ws.on('error', (error) => app.log.warn({ err: error }, 'collaboration socket error'));
    });
  }

  /** A signed-out or demoted person's editors close at once (the session cache's invalidations, every instance). */
  const stopInvalidations = ctx.sessions.cache.onInvalidate((message) => {
    const [kind, value] = message.split(':');
    void (async () => {
      for (const document of hocuspocus.documents.values()) {
        const target = parseDocumentName(document.name);
        for (const connection of document.getConnections()) {
          const principal = (connection.context as Context).principal;
          if (!principal || !target) {
            continue;
          }
          const affected =
            kind === 'all' ||
            (kind === 'user' && principal.userId === Number(value)) ||
            (kind === 'token' && principal.tokenHash === value);
          if (!affected) {
            continue;
          }
          const token = (connection.context as Context).token;
          const fresh = token ? await ctx.sessions.resolve(token) : null;
          const allowed = fresh ? await accessTo(db, fresh, target) : 'none';
          if (allowed === 'none' || (allowed === 'read') !== connection.readOnly) {
            connection.close();
          }
        }
      }
    })().catch((error) => app.log.error({ err: error }, 'collaboration re-check failed'));
  });

  return {
    handleUpgrade,
    /** Documents open on this instance (metrics). */
    documentsOpen: () => hocuspocus.documents.size,
    /**
     * PUT through the API while people may be editing: the write is merged into the live document (on whichever
     * instance holds it, through Redis) and stored at once; the delta column then holds the merged text.
     */
    async mergeWrite(target: CollabTarget, base: unknown, incoming: unknown) {
      const connection = await hocuspocus.openDirectConnection(documentName(target), { system: true });
      try {
        await connection.transact((document) => {
          mergeIntoDocument(document, base as never, incoming as never);
        });
      } finally {
        await connection.disconnect();
      }
      return readDelta(db, target);
    },
    async close() {
      stopInvalidations();
      hocuspocus.closeConnections();
      hocuspocus.flushPendingStores();
      sockets.close();
      // Documents store as they unload; their extensions must still be there (up to 5 s).
      for (let waited = 0; hocuspocus.documents.size > 0 && waited < 5000; waited += 50) {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      // Extensions (the Redis one) release their connections on onDestroy.
      await hocuspocus.hooks('onDestroy', { instance: hocuspocus }).catch(() => undefined);
    },
  };
}

export type Collaboration = Awaited<ReturnType<typeof startCollaboration>>;
