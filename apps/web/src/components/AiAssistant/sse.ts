/** Server-sent events, as the writing assistant streams its answer (POST ai/enhance). */
export type SseEvent = { event: string; data: string };

/**
 * Splits a server-sent-events buffer into complete events; answers them and what is left (an incomplete event that
 * continues in the next chunk).
 */
export function parseSse(buffer: string): { events: SseEvent[]; rest: string } {
  const blocks = buffer.replace(/\r\n/g, '\n').split('\n\n');
  const rest = blocks.pop() ?? '';
  const events = blocks
    .filter((block) => block.trim().length > 0)
    .map((block) => {
      let event = 'message';
      const data: string[] = [];
      for (const line of block.split('\n')) {
        if (line.startsWith('event:')) {
          event = line.slice(6).trim();
        } else if (line.startsWith('data:')) {
          data.push(line.slice(5).replace(/^ /, ''));
        }
      }
      return { event, data: data.join('\n') };
    });
  return { events, rest };
}
