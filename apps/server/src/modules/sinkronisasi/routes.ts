import {
  isRunFinished,
  SYNC_MESSAGES,
  type SyncRun,
  startSyncResponseSchema,
  startSyncSchema,
  syncOverviewSchema,
  syncRunSchema,
} from '@erapor/contract/sinkronisasi';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../lib/errors';
import { keepAlive, openEventStream } from '../../lib/sse';
import { actorOf, requireResource } from '../../plugins/auth';
import { errorResponses } from '../../plugins/responses';
import { kirimDataRoutes } from './kirim-data/routes';
import { kirimNilaiRoutes } from './kirim-nilai/routes';
import { abortAllRuns, subscribeRun } from './live-runs';
import { getOverview } from './overview';
import { cancelRun, getRun, startRun } from './run';
import { failInterruptedRuns, RunLocks } from './run-liveness';

/** How often an SSE stream re-reads the run row (a run of another server process on PostgreSQL). */
const SSE_POLL_MS = 2000;

/**
 * Ambil Data Dapodik (reference-screens §4.1, reference-dapodik §7): the table of data kinds, a
 * background run per school and semester, its status, live progress over Server-Sent Events and
 * cancellation. Administrator only.
 */
export const sinkronisasiRoutes: FastifyPluginAsyncZod = async (app) => {
  // The area's sub-routes, registered before this plugin's own hooks (they inherit none of them).
  await app.register(kirimNilaiRoutes);
  await app.register(kirimDataRoutes);
  const ctx = app.ctx;
  const guard = { onRequest: app.authenticate, preHandler: requireResource('Administrator') };
  const running = new Set<Promise<void>>();
  const streams = new Set<() => void>();
  // The embedded database has one process: runs left "running" died with the previous one. On
  // PostgreSQL, the runs whose process is gone (their lock is free; other servers' runs hold theirs).
  const pool = app.database.pool;
  const locks = ctx.databaseKind === 'postgresql' && pool ? new RunLocks(pool) : null;
  await failInterruptedRuns(
    ctx.db,
    ctx.now(),
    ctx.databaseKind === 'pglite' ? { all: true } : { unlocked: locks !== null },
  );
  app.addHook('onClose', async () => {
    abortAllRuns();
    for (const close of streams) close();
    await Promise.allSettled([...running]);
  });

  app.get(
    '/api/sinkronisasi/dapodik',
    { ...guard, schema: { response: { 200: syncOverviewSchema, ...errorResponses(401, 403, 500) } } },
    async (request) => getOverview(ctx.db, actorOf(request), ctx.secrets.encryptionKey),
  );

  app.post(
    '/api/sinkronisasi/dapodik',
    {
      ...guard,
      schema: {
        body: startSyncSchema,
        response: { 202: startSyncResponseSchema, ...errorResponses(400, 401, 403, 409, 415, 422, 500) },
      },
    },
    async (request, reply) => {
      const { run, done } = await startRun(ctx.db, actorOf(request), request.body ?? {}, {
        encryptionKey: ctx.secrets.encryptionKey,
        now: ctx.now,
        onError: (err) => app.log.error({ err }, 'dapodik sync failed'),
        locks,
      });
      running.add(done);
      void done.finally(() => running.delete(done));
      return reply.code(202).send({ runId: run.id, message: SYNC_MESSAGES.started });
    },
  );

  const params = z.object({ runId: z.uuid() });

  app.get(
    '/api/sinkronisasi/runs/:runId',
    { ...guard, schema: { params, response: { 200: syncRunSchema, ...errorResponses(400, 401, 403, 404) } } },
    async (request) => {
      const run = await getRun(ctx.db, actorOf(request), request.params.runId);
      if (!run) throw notFound(SYNC_MESSAGES.runNotFound);
      return run;
    },
  );

  app.post(
    '/api/sinkronisasi/runs/:runId/cancel',
    {
      ...guard,
      schema: {
        params,
        response: { 202: z.object({ message: z.string() }), ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const run = await cancelRun(ctx.db, actorOf(request), request.params.runId);
      if (!run) throw notFound(SYNC_MESSAGES.runNotFound);
      return reply.code(202).send({ message: SYNC_MESSAGES.cancelRequested });
    },
  );

  /**
   * `event: progress` with the run as JSON at once, on every change (at least every 200 rows and
   * every page), and last when it has ended (then the stream closes). A comment every poll keeps
   * proxies from closing an idle stream. Authenticated by the Bearer header (read it with fetch).
   */
  app.get(
    '/api/sinkronisasi/runs/:runId/events',
    { ...guard, schema: { params, response: errorResponses(400, 401, 403, 404) } },
    async (request, reply) => {
      const actor = actorOf(request);
      const first = await getRun(ctx.db, actor, request.params.runId);
      if (!first) throw notFound(SYNC_MESSAGES.runNotFound);
      const stream = openEventStream<SyncRun>(request, reply, {
        event: 'progress',
        isFinished: (run) => isRunFinished(run.status),
        streams,
      });
      let lastLive = 0;
      stream.onClose(
        subscribeRun(first.id, (run) => {
          lastLive = Date.now();
          stream.send(run);
        }),
      );
      stream.send(first);
      if (stream.closed) return;
      keepAlive(stream, reply, SSE_POLL_MS, async () => {
        const run = await getRun(ctx.db, actor, first.id);
        // The run of another server process (no live events here) shows its report this way.
        if (run && (isRunFinished(run.status) || Date.now() - lastLive > SSE_POLL_MS)) stream.send(run);
      });
    },
  );
};
