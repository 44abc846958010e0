import { isFinished, type Job } from '@erapor/contract/jobs';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../db/client';
import { keepAlive, openEventStream } from '../../lib/sse';
import { getJob, subscribeJob } from './service';

/** How often an open stream re-reads the job's row (a job run by another process) and pings. */
const POLL_MS = 2000;

/**
 * The Server-Sent Events of one background job (import, Cetak Semua, backup): `event: job` at
 * once, on every change announced in this process, from the row every poll, and last when it has
 * ended. The row is written less often than progress is announced, so a re-read never steps the
 * progress back. The caller has found `first` and checked that it may see it.
 */
export function streamJobEvents(
  request: FastifyRequest,
  reply: FastifyReply,
  options: { db: Db; first: Job; sekolahId: string; streams: Set<() => void> },
): void {
  const { db, first, sekolahId, streams } = options;
  let lastProgress = -1;
  const stream = openEventStream<Job>(request, reply, {
    event: 'job',
    isFinished: (job) => isFinished(job.status),
    streams,
  });
  const send = (job: Job) => {
    lastProgress = Math.max(lastProgress, job.progress);
    stream.send(job);
  };
  send(first);
  if (stream.closed) return;
  stream.onClose(subscribeJob(first.id, send));
  keepAlive(stream, reply, POLL_MS, async () => {
    const job = await getJob(db, first.id, sekolahId);
    if (job && (isFinished(job.status) || job.progress > lastProgress)) send(job);
  });
}
