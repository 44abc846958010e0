import { ERROR_CODES } from '@erapor/contract/errors';
import {
  IMPORT_REFERENSI_MESSAGES,
  importReferensiRequestSchema,
  JOB_KIND_IMPORT_REFERENSI,
  JOB_MESSAGES,
  type Job,
  jobSchema,
} from '@erapor/contract/jobs';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, fieldError, notFound } from '../../../lib/errors';
import { actorOf, requireResource } from '../../../plugins/auth';
import { errorResponses } from '../../../plugins/responses';
import { streamJobEvents } from '../../jobs/events';
import { createJob, findUnfinishedJob, getJob, runJob } from '../../jobs/service';
import { allowedReferenceRoots, hidePath, resolveReferenceDir } from './allowed-dir';
import { importReferenceDirectory } from './run';
import { summaryLine } from './summary';

/**
 * The administrator's reference import: a background job on this server (which holds the
 * database), with its status row readable by id and live over Server-Sent Events.
 */
export const importReferensiRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.ctx;
  const guard = { onRequest: app.authenticate, preHandler: requireResource('Administrator') };
  const stop = new AbortController();
  const running = new Set<Promise<void>>();
  const streams = new Set<() => void>();
  let starting = false;
  app.addHook('onClose', async () => {
    stop.abort();
    for (const close of streams) close();
    await Promise.allSettled([...running]);
  });

  app.post(
    '/api/referensi/import-referensi',
    {
      ...guard,
      schema: {
        body: importReferensiRequestSchema,
        response: { 202: jobSchema, ...errorResponses(400, 401, 403, 409, 415, 422) },
      },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      // Only folders under the allowed roots; one answer for every refusal, never a server path.
      const chosen = resolveReferenceDir(request.body?.dir, allowedReferenceRoots(ctx.config));
      if (!chosen) throw fieldError('dir', IMPORT_REFERENSI_MESSAGES.dirRefused);
      const { dir, label } = chosen;
      // Two clicks at once: the second waits for nothing and gets the 409 (checked before any await).
      if (starting) throw new AppError(409, ERROR_CODES.CONFLICT, IMPORT_REFERENSI_MESSAGES.alreadyRunning);
      starting = true;
      let job: Job;
      try {
        const busy = await findUnfinishedJob(ctx.db, JOB_KIND_IMPORT_REFERENSI);
        if (busy) {
          throw new AppError(409, ERROR_CODES.CONFLICT, IMPORT_REFERENSI_MESSAGES.alreadyRunning, {
            job_id: busy.id,
          });
        }
        // The reference is installation-wide: so is its job (every school's administrator sees it).
        job = await createJob(ctx.db, {
          sekolahId: null,
          kind: JOB_KIND_IMPORT_REFERENSI,
          createdBy: actor.userId,
        });
      } finally {
        starting = false;
      }
      const done = runJob(
        ctx.db,
        job.id,
        async (progress) => {
          let report: Awaited<ReturnType<typeof importReferenceDirectory>>;
          try {
            report = await importReferenceDirectory(ctx.db, dir, {
              signal: stop.signal,
              onProgress: (n, total, file) => progress(n, total, file ? `Mengimpor ${file}` : null),
            });
          } catch (err) {
            // The job's message is read by the browser: no absolute path in it.
            throw new Error(hidePath(err instanceof Error ? err.message : String(err), dir, label));
          }
          report = {
            ...report,
            dir: label,
            failedFiles: report.failedFiles.map((f) => ({ ...f, message: hidePath(f.message, dir, label) })),
            badRows: report.badRows.map((b) => ({ ...b, message: hidePath(b.message, dir, label) })),
          };
          return { result: report, message: summaryLine(report) };
        },
        { now: ctx.now, onError: (err) => app.log.error({ err }, 'reference import failed') },
      );
      running.add(done);
      void done.finally(() => running.delete(done));
      return reply.code(202).send({ ...job, message: IMPORT_REFERENSI_MESSAGES.started });
    },
  );

  const params = z.object({ id: z.uuid() });

  app.get(
    '/api/referensi/import-referensi/:id',
    { ...guard, schema: { params, response: { 200: jobSchema, ...errorResponses(400, 401, 403, 404) } } },
    async (request) => {
      const job = await getJob(ctx.db, request.params.id, actorOf(request).sekolahId);
      if (!job || job.kind !== JOB_KIND_IMPORT_REFERENSI) throw notFound(JOB_MESSAGES.notFound);
      return job;
    },
  );

  /**
   * `event: job` with the job as JSON at once, on every change, and last when it has ended (then
   * the stream closes). A comment line every poll keeps proxies from closing an idle stream.
   * Authenticated by the Bearer header like every call (read it with fetch, not EventSource).
   */
  app.get(
    '/api/referensi/import-referensi/:id/events',
    { ...guard, schema: { params, response: errorResponses(400, 401, 403, 404) } },
    async (request, reply) => {
      const sekolahId = actorOf(request).sekolahId;
      const first = await getJob(ctx.db, request.params.id, sekolahId);
      if (!first || first.kind !== JOB_KIND_IMPORT_REFERENSI) throw notFound(JOB_MESSAGES.notFound);
      streamJobEvents(request, reply, { db: ctx.db, first, sekolahId, streams });
    },
  );
};
