import { describe, expect, it } from 'vitest';
import { parseSse } from './sse';

describe('server-sent events of the writing assistant', () => {
  it('answers complete events and keeps an incomplete one for the next chunk', () => {
    const first = parseSse('data: {"text":"Hel"}\n\ndata: {"text":"lo"}\n\nevent: do');
    expect(first.events).toEqual([
      { event: 'message', data: '{"text":"Hel"}' },
      { event: 'message', data: '{"text":"lo"}' },
    ]);
    const second = parseSse(`${first.rest}ne\ndata: {}\n\n`);
    expect(second.events).toEqual([{ event: 'done', data: '{}' }]);
    expect(second.rest).toBe('');
  });

  it('reads error events and CRLF line ends', () => {
    expect(parseSse('event: error\r\ndata: {"message":"Busy"}\r\n\r\n').events).toEqual([
      { event: 'error', data: '{"message":"Busy"}' },
    ]);
  });
});
