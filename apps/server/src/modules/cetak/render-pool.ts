import { Worker } from 'node:worker_threads';
import { RENDER_ERROR_CODES, RENDER_MESSAGES } from '@erapor/contract/cetak/render';
import { AppError } from '../../lib/errors';
import { workerUrl } from '../../lib/worker-url';
import {
  RENDER_WORKER_MARK,
  type RenderCommand,
  type RenderReply,
  type RenderWorkerData,
  type SingleDocument,
} from './render-protocol';

/*
 * Every PDF is rendered in the render worker (issue #24 item 2; decision 050): Cetak Semua starts
 * one per job (rapor/bulk.ts, decision 033), single documents share one long-lived worker here.
 * pdfkit can end the thread that renders (a broken PNG's zlib error is thrown from a callback), run
 * out of heap or hang; each of those answers the document being rendered with an Indonesian error
 * while the server keeps serving, and the next document gets a new worker.
 */

/**
 * The worker's entry is plain JS loading render-worker.ts through tsx (like the spreadsheet reader):
 * a worker does not inherit `--import tsx`, and vitest's transform never reaches a worker thread.
 */
const WORKER_URL = workerUrl(new URL('./rapor/render-worker-entry.mjs', import.meta.url), 'render-worker');

/**
 * Images (SHA-256 of the data URL) that ended a worker while it tried them: a new worker refuses
 * them without trying, so a broken logo costs one worker, not one per print.
 */
const badImages = new Set<string>();

/** A stored image cannot be embedded: 422, the user can fix it by uploading it again. */
export function imageUnusable(image: string): AppError {
  return new AppError(
    422,
    RENDER_ERROR_CODES.IMAGE_UNUSABLE,
    image.startsWith('latar') ? RENDER_MESSAGES.latar : RENDER_MESSAGES.logo,
  );
}

/**
 * The worker failed, died or hung: 503 — the print service failed for this request, not the
 * request itself; the server keeps serving and a new worker takes the next request.
 */
export function renderFailed(cause?: unknown): AppError {
  const err = new AppError(503, RENDER_ERROR_CODES.RENDER_FAILED, RENDER_MESSAGES.failed);
  if (cause !== undefined) err.cause = cause;
  return err;
}

export interface RenderThreadOptions {
  /** pdfmake's progress of a Cetak Semua job (pupils rendered). */
  onProgress?: (siswa: number) => void;
  /** Another entry (tests: a worker that misbehaves on purpose). */
  url?: URL;
  /** The worker's JavaScript heap (tests: a small one to run out of). */
  heapMb?: number;
}

/**
 * One render worker and the step it is working on. `send` posts a command and waits for the reply
 * that ends it; a refused image, an error or the worker's end rejects that step with an AppError,
 * and once the worker has ended every later step is refused the same way.
 */
export class RenderThread {
  private readonly worker: Worker;
  private waiter: { resolve: (r: RenderReply) => void; reject: (e: Error) => void } | null = null;
  /** An error answered while no step waited (after a command posted without waiting). */
  private stashed: Error | null = null;
  private ended: Error | null = null;
  /** The image being tried: if the worker ends now, that image ended it. */
  private checking: { image: string; hash: string } | null = null;
  readonly ready: Promise<RenderReply>;

  constructor(private readonly options: RenderThreadOptions = {}) {
    const data: RenderWorkerData = { mark: RENDER_WORKER_MARK, badImages: [...badImages] };
    this.worker = new Worker(options.url ?? WORKER_URL, {
      execArgv: [],
      workerData: data,
      // A bound on the JavaScript heap (not on native memory: images are bounded at upload).
      resourceLimits: { maxOldGenerationSizeMb: options.heapMb ?? 1024 },
    });
    this.ready = this.wait();
    this.worker.on('message', (reply: RenderReply) => this.receive(reply));
    this.worker.on('error', (err) => this.end(err));
    this.worker.on('exit', (code) => this.end(new Error(`render worker exited with code ${code}`)));
  }

  get alive(): boolean {
    return this.ended === null;
  }

  /** Posts a command whose reply is not awaited (a job's `begin`). */
  post(cmd: RenderCommand): void {
    if (this.ended) return;
    this.worker.postMessage(cmd);
  }

  /** Posts a command and waits for the reply that ends it. */
  send(cmd: RenderCommand): Promise<RenderReply> {
    const step = this.wait();
    this.post(cmd);
    return step;
  }

  /** Ends the worker; the waiting step (if any) is refused with `reason` (a cancel, a time limit). */
  async stop(reason: Error = renderFailed()): Promise<void> {
    if (!this.ended) {
      this.ended = reason;
      this.settle(reason);
    }
    await this.worker.terminate();
  }

  /** The worker keeps the process alive only while it works (an idle one never holds an exit). */
  hold(busy: boolean): void {
    if (busy) this.worker.ref();
    else this.worker.unref();
  }

  private wait(): Promise<RenderReply> {
    return new Promise<RenderReply>((resolve, reject) => {
      const early = this.ended ?? this.stashed;
      this.stashed = null;
      if (early) reject(early);
      else this.waiter = { resolve, reject };
    });
  }

  private settle(outcome: RenderReply | Error): void {
    const waiter = this.waiter;
    this.waiter = null;
    if (!waiter) {
      if (outcome instanceof Error) this.stashed ??= outcome;
      return;
    }
    if (outcome instanceof Error) waiter.reject(outcome);
    else waiter.resolve(outcome);
  }

  private receive(reply: RenderReply): void {
    if (reply.type === 'progress') this.options.onProgress?.(reply.siswa);
    else if (reply.type === 'checking') this.checking = reply.image === null ? null : reply;
    else if (reply.type === 'image-unusable') this.settle(imageUnusable(reply.image));
    else if (reply.type === 'error') this.settle(renderFailed(new Error(reply.message)));
    else this.settle(reply);
  }

  /** The worker ended by itself (an uncaught error, an exit, out of heap). */
  private end(cause: Error): void {
    if (this.ended) return;
    const checking = this.checking;
    if (checking) badImages.add(checking.hash);
    this.ended = checking ? imageUnusable(checking.image) : renderFailed(cause);
    this.settle(this.ended);
  }
}

/** A single document gets this long; then its worker is stopped and a new one takes the next. */
const SINGLE_TIMEOUT_MS = 120_000;

/**
 * Single documents, one at a time in one long-lived worker: pdfmake's work is synchronous, so a
 * second worker would only share the same two cores with the first and with the request thread.
 */
export class SinglePool {
  private thread: RenderThread | null = null;
  private tail: Promise<unknown> = Promise.resolve();

  constructor(private readonly options: { url?: URL; heapMb?: number; timeoutMs?: number } = {}) {}

  render(doc: SingleDocument): Promise<Buffer> {
    const run = this.tail.then(() => this.renderNow(doc));
    this.tail = run.catch(() => {});
    return run;
  }

  /** Stops the worker (tests, shutdown). */
  async close(): Promise<void> {
    await this.tail;
    const thread = this.thread;
    this.thread = null;
    await thread?.stop();
  }

  private async renderNow(doc: SingleDocument): Promise<Buffer> {
    if (!this.thread?.alive) this.thread = new RenderThread(this.options);
    const thread = this.thread;
    thread.hold(true);
    const timer = setTimeout(() => void thread.stop(), this.options.timeoutMs ?? SINGLE_TIMEOUT_MS);
    try {
      await thread.ready;
      const reply = await thread.send({ type: 'render', doc });
      if (reply.type !== 'rendered') throw renderFailed(new Error(`out of turn: ${reply.type}`));
      return Buffer.from(reply.pdf.buffer, reply.pdf.byteOffset, reply.pdf.byteLength);
    } finally {
      clearTimeout(timer);
      if (thread.alive) thread.hold(false);
    }
  }
}

const pool = new SinglePool();

/** Renders one document in the render worker (decision 050); AppError 422/503 when it cannot. */
export function renderDocument(doc: SingleDocument): Promise<Buffer> {
  return pool.render(doc);
}
