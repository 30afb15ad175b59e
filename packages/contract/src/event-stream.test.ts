import { describe, expect, it } from 'vitest';
import { eventStreamParser } from './event-stream.js';

describe('eventStreamParser', () => {
  it('gives each event once whole, however the chunks cut it, and skips comments and retry lines', () => {
    const seen: unknown[] = [];
    const push = eventStreamParser((data) => seen.push(data));
    push('retry: 2000\n\ndata: {"type":"re');
    expect(seen).toEqual([]);
    push('ady"}\n');
    expect(seen).toEqual([]);
    push('\n: keep-alive\n\ndata: {"type":"message","messageId":"m1"}\n\ndata: 7\n\n');
    expect(seen).toEqual([{ type: 'ready' }, { type: 'message', messageId: 'm1' }, 7]);
  });
});
