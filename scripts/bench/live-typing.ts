import { HocuspocusProvider } from '@hocuspocus/provider';
import * as Y from 'yjs';

/**
 * A child of `npm run bench live`: CLIENTS editors (alternating over URLS) type into one shared document, each a
 * short marker every INTERVAL_MS for DURATION_MS. Every editor records how long after its typing each other
 * editor's marker reached it (same process, same clock). Sends {latencies, converged, length} when done.
 */
const urls = (process.env.URLS ?? '').split(',');
const clients = Number(process.env.CLIENTS ?? 20);
const interval = Number(process.env.INTERVAL_MS ?? 200);
const duration = Number(process.env.DURATION_MS ?? 10_000);
const name = process.env.DOCUMENT ?? '';
const token = process.env.TOKEN ?? '';
const typedAt = new Map<string, number>();
const latencies: number[] = [];

const editors = await Promise.all(
  Array.from({ length: clients }, async (_, i) => {
    const document = new Y.Doc();
    const base = urls[i % urls.length] ?? urls[0] ?? '';
    const provider = new HocuspocusProvider({
      url: `${base.replace(/^http/, 'ws')}/collaboration`,
      name,
      token,
      document,
    });
    await new Promise<void>((resolve) => provider.on('synced', () => resolve()));
    const text = document.getText('quill');
    text.observe((event) => {
      if (event.transaction.local) {
        return;
      }
      for (const op of event.delta) {
        if (typeof op.insert === 'string') {
          for (const marker of op.insert.match(/\[\d+:\d+\]/g) ?? []) {
            const at = typedAt.get(marker);
            if (at) {
              latencies.push(performance.now() - at);
            }
          }
        }
      }
    });
    return { provider, text, id: i };
  }),
);

const end = Date.now() + duration;
let seq = 0;
while (Date.now() < end) {
  for (const editor of editors) {
    const marker = `[${editor.id}:${seq}]`;
    typedAt.set(marker, performance.now());
    editor.text.insert(Math.floor(Math.random() * (editor.text.length + 1)), marker);
  }
  seq += 1;
  await new Promise((resolve) => setTimeout(resolve, interval));
}
// Let the last changes arrive, then compare.
await new Promise((resolve) => setTimeout(resolve, 2000));
const texts = editors.map((e) => e.text.toString());
process.send?.({
  latencies,
  converged: texts.every((t) => t === texts[0]),
  length: texts[0]?.length ?? 0,
  typed: typedAt.size,
});
for (const editor of editors) {
  editor.provider.destroy();
}
setTimeout(() => process.exit(0), 200);
