import { describe, expect, it } from 'vitest';
import { takeEvents } from './follow-events';

describe('takeEvents: a run from its SSE stream', () => {
  it('takes whole blocks of the named event from a stream split anywhere, skipping keep-alives', () => {
    const first = takeEvents(
      'event: progress\ndata: {"a":1}\n\n: tetap terhubung\n\nevent: progress\nda',
      'progress',
    );
    expect(first.events).toEqual(['{"a":1}']);
    const second = takeEvents(`${first.rest}ta: {"a":2}\n\n`, 'progress');
    expect(second).toEqual({ events: ['{"a":2}'], rest: '' });
  });

  it('leaves out other events and keeps a partial block for later', () => {
    const buffer =
      'event: job\ndata: {"progress":1}\n\nevent: other\ndata: {"x":1}\n\nevent: job\ndata: {"progress":2}\n\nevent: job\ndata: {"pro';
    const taken = takeEvents(buffer, 'job');
    expect(taken.events).toEqual(['{"progress":1}', '{"progress":2}']);
    expect(taken.rest).toBe('event: job\ndata: {"pro');
    expect(takeEvents(`${taken.rest}gress":3}\n\n`, 'job').events).toEqual(['{"progress":3}']);
  });
});
