import { readString, STORAGE_KEYS } from './storage';

/*
 * Following a background run (Dapodik sync, Cetak Semua): its Server-Sent Events are read with
 * fetch, because the stream needs the Bearer header (EventSource cannot send one). When the stream
 * breaks (an expired token, a proxy that buffers), the run is polled every second through the API
 * client, which refreshes the token, until it ends or the screen goes away.
 */

/**
 * Splits an SSE buffer into complete events: the `data:` of each block named `event`, and what is
 * left for the next chunk (a block split anywhere, keep-alive comments skipped).
 */
export function takeEvents(buffer: string, event: string): { events: string[]; rest: string } {
  const events: string[] = [];
  let rest = buffer;
  for (let end = rest.indexOf('\n\n'); end >= 0; end = rest.indexOf('\n\n')) {
    const block = rest.slice(0, end);
    rest = rest.slice(end + 2);
    const data = block
      .split('\n')
      .find((line) => line.startsWith('data: '))
      ?.slice(6);
    if (block.startsWith(`event: ${event}`) && data) events.push(data);
  }
  return { events, rest };
}

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve();
    });
  });

export interface Follow<T> {
  /** The SSE address under /api. */
  url: string;
  /** The event name carrying the run as JSON. */
  event: string;
  /** Reads the run once (the polling fallback). */
  poll: () => Promise<T>;
  finished: (item: T) => boolean;
  onItem: (item: T) => void;
  signal: AbortSignal;
}

/** Resolves when the run has ended or `signal` aborts. */
export async function followEvents<T>(f: Follow<T>): Promise<void> {
  let finished = false;
  const seen = (item: T) => {
    f.onItem(item);
    if (f.finished(item)) finished = true;
  };
  try {
    const res = await fetch(f.url, {
      headers: { authorization: `Bearer ${readString(STORAGE_KEYS.accessToken) ?? ''}` },
      signal: f.signal,
    });
    if (res.ok && res.body) {
      const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
      let buffer = '';
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        const taken = takeEvents(buffer + value, f.event);
        buffer = taken.rest;
        for (const data of taken.events) seen(JSON.parse(data) as T);
      }
    }
  } catch {
    // Fall back to polling below.
  }
  while (!finished && !f.signal.aborted) {
    try {
      seen(await f.poll());
    } catch {
      // Keep trying while the screen is open.
    }
    if (!finished) await sleep(1000, f.signal);
  }
}
