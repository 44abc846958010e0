import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * One Server-Sent Events stream of a background run (a sync, an import): the value as JSON under
 * `event`, sent at once, on every change (an unchanged value is not sent twice) and last when it
 * has ended — then the stream closes. A comment every poll keeps proxies from closing an idle
 * stream. `streams` holds the close function of every open stream, so the server can end them
 * when it stops.
 */
export interface EventStream<T> {
  /** Sends the value if it changed; closes the stream once it is finished. */
  send(value: T): void;
  /** Run on close (unsubscribe, clear timers). */
  onClose(fn: () => void): void;
  close(): void;
  readonly closed: boolean;
}

export function openEventStream<T>(
  request: FastifyRequest,
  reply: FastifyReply,
  options: {
    event: string;
    isFinished: (value: T) => boolean;
    streams: Set<() => void>;
  },
): EventStream<T> {
  reply.hijack();
  const res = reply.raw;
  res.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    connection: 'keep-alive',
    'x-accel-buffering': 'no',
  });
  let last = '';
  let closed = false;
  const cleanup: (() => void)[] = [];
  const close = () => {
    if (closed) return;
    closed = true;
    options.streams.delete(close);
    for (const fn of cleanup) fn();
    res.end();
  };
  options.streams.add(close);
  request.raw.on('close', close);
  return {
    send(value) {
      if (closed) return;
      const data = JSON.stringify(value);
      if (data !== last) {
        last = data;
        res.write(`event: ${options.event}\ndata: ${data}\n\n`);
      }
      if (options.isFinished(value)) close();
    },
    onClose(fn) {
      if (closed) fn();
      else cleanup.push(fn);
    },
    close,
    get closed() {
      return closed;
    },
  };
}

/** Every `ms` a keep-alive comment, then `poll()`; stops when the stream closes or the poll fails. */
export function keepAlive<T>(
  stream: EventStream<T>,
  reply: FastifyReply,
  ms: number,
  poll: () => Promise<void>,
) {
  const timer = setInterval(() => {
    reply.raw.write(': tetap terhubung\n\n');
    poll().catch(() => stream.close());
  }, ms);
  stream.onClose(() => clearInterval(timer));
}
