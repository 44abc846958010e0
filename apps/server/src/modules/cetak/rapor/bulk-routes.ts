import { createReadStream } from 'node:fs';
import { rm, stat } from 'node:fs/promises';
import {
  RAPOR_SEMUA_MESSAGES,
  type RaporSemuaRequest,
  type RaporSemuaResult,
  raporSemuaParamsSchema,
  raporSemuaRequestSchema,
} from '@erapor/contract/cetak/rapor-semua';
import { SKL_MESSAGES, sklSemuaRequestSchema } from '@erapor/contract/cetak/skl';
import { TRANSKRIP_MESSAGES, transkripSemuaRequestSchema } from '@erapor/contract/cetak/transkrip';
import { ERROR_CODES, MESSAGES } from '@erapor/contract/errors';
import { JOB_MESSAGES, type Job, jobSchema } from '@erapor/contract/jobs';
import { RAPOR_PKL_MESSAGES, raporPklSemuaRequestSchema } from '@erapor/contract/pkl/cetak';
import { RAPOR_P5_SEMUA_MESSAGES, raporP5SemuaRequestSchema } from '@erapor/contract/projek/cetak';
import type { RoleName } from '@erapor/contract/roles';
import { SERTIFIKAT_SEMUA_MESSAGES, sertifikatSemuaRequestSchema } from '@erapor/contract/ukk/sertifikat';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Actor } from '../../../actor';
import { AppError, forbidden, notFound } from '../../../lib/errors';
import { actorOf, routesFor } from '../../../plugins/auth';
import { errorResponses } from '../../../plugins/responses';
import { streamJobEvents } from '../../jobs/events';
import { cancelJob, createJob, findUnfinishedJob, runJob, toJob } from '../../jobs/service';
import { p5BulkScope } from '../p5/bulk';
import { pklBulkScope } from '../pkl/bulk';
import { sertifikatBulkScope } from '../sertifikat/bulk';
import { sklBulkScope } from '../skl/bulk';
import { transkripBulkScope } from '../transkrip/bulk';
import {
  type BulkScope,
  type BulkUnit,
  bulkFile,
  bulkJobRow,
  bulkScope,
  countSiswa,
  deleteOldFiles,
  mayUseJob,
  runBulk,
  type UnitScope,
} from './bulk';

/**
 * Cetak Semua (issue #11 item 10; docs/decisions/033-cetak-semua.md): a background job per
 * request, its status by id and over Server-Sent Events, cancelling, and the download.
 */
export const cetakSemuaRoutes: FastifyPluginAsyncZod = async (app) => {
  // The job's own routes (status, events, cancel, download) serve whoever may start one of its
  // kinds; each start route narrows to its starters, and `mayUseJob` checks the job's owner.
  routesFor(app, ['admin', 'waka', 'wali', 'pilihan', 'pembimbing', 'guru-p5', 'kaprog', 'internal']);
  const { db, config } = app.ctx;
  const authenticated = { onRequest: app.authenticate };
  const running = new Map<string, { abort: AbortController; done: Promise<void> }>();
  const starting = new Set<string>();
  const streams = new Set<() => void>();
  app.addHook('onClose', async () => {
    for (const close of streams) close();
    for (const r of running.values()) r.abort.abort();
    await Promise.allSettled([...running.values()].map((r) => r.done));
  });

  /** The job of the caller's school that the caller may use (404 otherwise, 403 for a stranger). */
  async function ownJob(request: Parameters<typeof actorOf>[0], jobId: string) {
    const actor = actorOf(request);
    const row = await bulkJobRow(db, jobId, actor.sekolahId);
    if (!row) throw notFound(JOB_MESSAGES.notFound);
    if (!mayUseJob(actor, row)) throw forbidden(MESSAGES.forbidden);
    return row;
  }

  app.post(
    '/api/cetak/rapor-semua',
    {
      ...authenticated,
      config: { roles: ['admin', 'waka', 'wali', 'pilihan'] },
      schema: {
        body: raporSemuaRequestSchema,
        response: { 202: jobSchema, ...errorResponses(400, 401, 403, 404, 409, 422) },
      },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      const body = request.body;
      const scope = await bulkScope(db, actor, body);
      const job = await startJob(actor, {
        kind: scope.kind,
        label: scope.label,
        output: body.output,
        dokumen: body.dokumen,
        classes: scope.classes,
        count: () => countSiswa(db, scope.classes),
        alreadyRunning: RAPOR_SEMUA_MESSAGES.alreadyRunning,
        noUnit: RAPOR_SEMUA_MESSAGES.noClass,
        done: RAPOR_SEMUA_MESSAGES.done,
      });
      return reply.code(202).send({ ...job, message: RAPOR_SEMUA_MESSAGES.started });
    },
  );

  /**
   * A start route of a job made of units read by its own module (PKL plans, a class's transcripts
   * or P5 reports, a UKK plan's certificates): the same job under the module's kind. Its roles are
   * checked before the body is read (decision 042); the module's scope checks the class or plan.
   */
  function unitJobRoute<B extends { output: RaporSemuaRequest['output'] }, S extends UnitScope>(
    path: string,
    roles: RoleName[],
    body: z.ZodType<B>,
    scopeOf: (actor: Actor, body: B) => Promise<S>,
    messages: (scope: S) => { alreadyRunning: string; noUnit: string; done: (siswa: number) => string },
  ): void {
    app.post(
      path,
      {
        ...authenticated,
        config: { roles },
        schema: { body, response: { 202: jobSchema, ...errorResponses(400, 401, 403, 404, 409, 422) } },
      },
      async (request, reply) => {
        const actor = actorOf(request);
        const scope = await scopeOf(actor, request.body as B);
        const job = await startJob(actor, {
          kind: scope.kind,
          label: scope.label,
          output: (request.body as B).output,
          dokumen: [],
          classes: [],
          units: scope.units,
          count: async () => scope.total,
          ...messages(scope),
        });
        return reply.code(202).send({ ...job, message: RAPOR_SEMUA_MESSAGES.started });
      },
    );
  }

  /** The PKL reports of a plan or a class (issue #12 item 7). */
  unitJobRoute(
    '/api/cetak/rapor-pkl-semua',
    ['admin', 'waka', 'wali', 'pilihan', 'pembimbing'],
    raporPklSemuaRequestSchema,
    (actor, body) => pklBulkScope(db, actor, body, config.version),
    () => ({
      alreadyRunning: RAPOR_PKL_MESSAGES.alreadyRunning,
      noUnit: RAPOR_PKL_MESSAGES.noPlan,
      done: RAPOR_PKL_MESSAGES.done,
    }),
  );

  /** A class's transcripts (issue #15 item 3; decision 040). */
  unitJobRoute(
    '/api/cetak/transkrip-semua',
    ['wali', 'waka', 'admin'],
    transkripSemuaRequestSchema,
    (actor, body) => transkripBulkScope(db, actor, body, config.version),
    () => ({
      alreadyRunning: TRANSKRIP_MESSAGES.alreadyRunning,
      noUnit: TRANSKRIP_MESSAGES.noPupil,
      done: TRANSKRIP_MESSAGES.done,
    }),
  );

  /** A class's graduation letters, its Lulus pupils only (issue #15 item 4; decision 047). */
  unitJobRoute(
    '/api/cetak/skl-semua',
    ['wali', 'waka', 'admin'],
    sklSemuaRequestSchema,
    (actor, body) => sklBulkScope(db, actor, body, config.version),
    () => ({
      alreadyRunning: SKL_MESSAGES.alreadyRunning,
      noUnit: SKL_MESSAGES.noLulus,
      done: SKL_MESSAGES.done,
    }),
  );

  /** A class's P5 reports (before 20251, Merdeka; decision 037). */
  unitJobRoute(
    '/api/cetak/rapor-p5-semua',
    ['wali', 'guru-p5', 'waka', 'admin'],
    raporP5SemuaRequestSchema,
    (actor, body) => p5BulkScope(db, actor, body, config.version),
    () => ({
      alreadyRunning: RAPOR_P5_SEMUA_MESSAGES.alreadyRunning,
      noUnit: RAPOR_P5_SEMUA_MESSAGES.noPupil,
      done: RAPOR_P5_SEMUA_MESSAGES.done,
    }),
  );

  /** A UKK plan's certificates (decision 038); pupils without NISN are named when it ends. */
  unitJobRoute(
    '/api/cetak/sertifikat-semua',
    ['kaprog', 'waka', 'internal'],
    sertifikatSemuaRequestSchema,
    (actor, body) => sertifikatBulkScope(db, actor, body),
    (scope) => ({
      alreadyRunning: SERTIFIKAT_SEMUA_MESSAGES.alreadyRunning,
      noUnit: SERTIFIKAT_SEMUA_MESSAGES.noneToPrint,
      done: (siswa) => SERTIFIKAT_SEMUA_MESSAGES.done(siswa, scope.tanpaNisn),
    }),
  );

  /** Starts a job of a kind (409 while one of that kind runs) and runs it in the background. */
  async function startJob(
    actor: Actor,
    spec: {
      kind: string;
      label: string;
      output: RaporSemuaRequest['output'];
      dokumen: RaporSemuaRequest['dokumen'];
      classes: BulkScope['classes'];
      units?: readonly BulkUnit[];
      count: () => Promise<number>;
      alreadyRunning: string;
      noUnit: string;
      done: (siswa: number) => string;
    },
  ): Promise<Job> {
    // Two clicks at once: the second gets the 409 (checked before any await below).
    if (starting.has(spec.kind)) {
      throw new AppError(409, ERROR_CODES.CONFLICT, spec.alreadyRunning);
    }
    starting.add(spec.kind);
    let job: Job;
    let total: number;
    try {
      const busy = await findUnfinishedJob(db, spec.kind);
      if (busy) {
        throw new AppError(409, ERROR_CODES.CONFLICT, spec.alreadyRunning, { job_id: busy.id });
      }
      total = await spec.count();
      if (total === 0) throw new AppError(422, ERROR_CODES.VALIDATION, spec.noUnit);
      await deleteOldFiles(config.dataDir, app.ctx.now());
      job = await createJob(db, {
        sekolahId: actor.sekolahId,
        kind: spec.kind,
        createdBy: actor.userId,
        total,
      });
    } finally {
      starting.delete(spec.kind);
    }
    const path = bulkFile(config.dataDir, job.id, spec.output);
    const abort = new AbortController();
    const done = runJob<RaporSemuaResult>(
      db,
      job.id,
      async (progress) => {
        try {
          const result = await runBulk(
            db,
            {
              sekolahId: actor.sekolahId,
              classes: spec.classes,
              ...(spec.units ? { units: spec.units } : {}),
              dokumen: spec.dokumen,
              output: spec.output,
              path,
              versi: config.version,
              total,
              fileName: spec.label,
              signal: abort.signal,
            },
            progress,
          );
          return { result, message: spec.done(result.siswa) };
        } catch (err) {
          await rm(path, { force: true });
          throw err;
        }
      },
      { now: app.ctx.now, onError: (err) => app.log.warn({ err }, 'cetak semua stopped') },
    );
    running.set(job.id, { abort, done });
    void done.finally(() => running.delete(job.id));
    return job;
  }

  app.get(
    '/api/cetak/rapor-semua/:job_id',
    {
      ...authenticated,
      schema: {
        params: raporSemuaParamsSchema,
        response: { 200: jobSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => toJob(await ownJob(request, request.params.job_id)),
  );

  /** `event: job` at once, on every change, last when it has ended (as the reference import). */
  app.get(
    '/api/cetak/rapor-semua/:job_id/events',
    {
      ...authenticated,
      schema: { params: raporSemuaParamsSchema, response: errorResponses(400, 401, 403, 404) },
    },
    async (request, reply) => {
      const first = toJob(await ownJob(request, request.params.job_id));
      const sekolahId = actorOf(request).sekolahId;
      streamJobEvents(request, reply, { db, first, sekolahId, streams });
    },
  );

  app.post(
    '/api/cetak/rapor-semua/:job_id/batal',
    {
      ...authenticated,
      schema: {
        params: raporSemuaParamsSchema,
        response: { 200: jobSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const row = await ownJob(request, request.params.job_id);
      const job = await cancelJob(db, row.id, RAPOR_SEMUA_MESSAGES.cancelled, app.ctx.now());
      if (!job) throw new AppError(409, ERROR_CODES.CONFLICT, RAPOR_SEMUA_MESSAGES.finished);
      const run = running.get(row.id);
      run?.abort.abort();
      // The worker is stopped and the partial file deleted before the answer.
      await run?.done;
      return job;
    },
  );

  app.get(
    '/api/cetak/rapor-semua/:job_id/unduh',
    {
      ...authenticated,
      schema: {
        params: raporSemuaParamsSchema,
        response: {
          200: z.any().describe('application/pdf or application/zip'),
          ...errorResponses(400, 401, 403, 404, 409, 410),
        },
      },
    },
    async (request, reply) => {
      const row = await ownJob(request, request.params.job_id);
      if (row.status !== 'done') throw new AppError(409, ERROR_CODES.CONFLICT, RAPOR_SEMUA_MESSAGES.notDone);
      const result = row.result as RaporSemuaResult;
      const output = result.file_name.endsWith('.zip') ? 'zip' : 'pdf';
      const path = bulkFile(config.dataDir, row.id, output);
      const info = await stat(path).catch(() => null);
      if (!info) throw new AppError(410, ERROR_CODES.NOT_FOUND, RAPOR_SEMUA_MESSAGES.expired);
      const ascii = result.file_name.replace(/[^\w .-]/g, '_');
      return reply
        .header('content-type', output === 'zip' ? 'application/zip' : 'application/pdf')
        .header(
          'content-disposition',
          `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(result.file_name)}`,
        )
        .header('content-length', info.size)
        .header('cache-control', 'no-store')
        .send(createReadStream(path));
    },
  );
};
