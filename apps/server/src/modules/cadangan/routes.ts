import { createReadStream } from 'node:fs';
import {
  CADANGAN_API_MESSAGES,
  cadanganDaftarSchema,
  cadanganJadwalSchema,
  cadanganNamaSchema,
  cadanganPeriksaSchema,
  cadanganPulihkanSchema,
  JOB_KIND_CADANGAN_BUAT,
  JOB_KIND_CADANGAN_PULIHKAN,
} from '@erapor/contract/cadangan';
import { ERROR_CODES } from '@erapor/contract/errors';
import { JOB_MESSAGES, type Job, jobSchema } from '@erapor/contract/jobs';
import type { MultipartFile } from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, fieldError, notFound } from '../../lib/errors';
import { actorOf, routesFor } from '../../plugins/auth';
import { errorResponses } from '../../plugins/responses';
import { streamJobEvents } from '../jobs/events';
import { createJob, getJob, runJob } from '../jobs/service';
import { CadanganRefused } from './archive';
import { ARCHIVE_BOUNDS } from './bounds';
import { keadaan, readJadwal, saveJadwal, startScheduler } from './jadwal';
import * as service from './service';

const KINDS = new Set([JOB_KIND_CADANGAN_BUAT, JOB_KIND_CADANGAN_PULIHKAN]);

/** A refusal of an archive is the field's error (422), in Indonesian, with nothing changed. */
function refusal(field: string, err: unknown): never {
  if (err instanceof CadanganRefused) throw fieldError(field, err.message, err.code === 'tooBig' ? 413 : 422);
  throw err;
}

/** Pengaturan › Cadangan Data (issue 16, decision 044): administrator only, every route. */
export const cadanganRoutes: FastifyPluginAsyncZod = async (app) => {
  routesFor(app, ['admin']);
  const ctx = app.ctx;
  const deps: service.CadanganDeps = {
    database: app.database,
    backupDir: ctx.config.backupDir,
    appVersion: ctx.config.version,
    now: ctx.now,
  };
  const running = new Set<Promise<void>>();
  const streams = new Set<() => void>();
  app.addHook('onClose', async () => {
    for (const close of streams) close();
    await Promise.allSettled([...running]);
  });
  const auth = { onRequest: app.authenticate };
  if (ctx.config.backupSchedule) {
    const stop = startScheduler(deps, (message, err) => app.log.error({ err }, message));
    app.addHook('onClose', stop);
  }

  app.get(
    '/api/cadangan',
    { ...auth, schema: { response: { 200: cadanganDaftarSchema, ...errorResponses(401, 403) } } },
    async (request) => {
      const { sekolahId } = actorOf(request);
      const npsn = await service.schoolNpsn(deps.database, sekolahId);
      return {
        npsn,
        berkas: await service.listBerkas(deps, npsn),
        jadwal: await readJadwal(ctx.db, sekolahId),
        keadaan: await keadaan(ctx.db, deps.backupDir, sekolahId, npsn, ctx.now()),
      };
    },
  );

  app.put(
    '/api/cadangan/jadwal',
    {
      ...auth,
      schema: {
        body: cadanganJadwalSchema,
        response: { 200: cadanganJadwalSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      await saveJadwal(ctx.db, actorOf(request).sekolahId, request.body);
      return request.body;
    },
  );

  const start = (
    kind: string,
    sekolahId: string,
    userId: string,
    work: (
      progress: Parameters<Parameters<typeof runJob>[2]>[0],
      jobId: string,
    ) => ReturnType<Parameters<typeof runJob>[2]>,
    message: string,
  ) => {
    const release = service.claim();
    if (!release) throw new AppError(409, ERROR_CODES.CONFLICT, CADANGAN_API_MESSAGES.busy);
    return (async () => {
      let job: Job;
      try {
        job = await createJob(ctx.db, { sekolahId, kind, createdBy: userId });
      } catch (err) {
        release();
        throw err;
      }
      const done = runJob(ctx.db, job.id, (progress) => work(progress, job.id), {
        now: ctx.now,
        onError: (err) => app.log.error({ err }, `${kind} failed`),
      }).finally(release);
      running.add(done);
      void done.finally(() => running.delete(done));
      return { ...job, message };
    })();
  };

  app.post(
    '/api/cadangan',
    { ...auth, schema: { response: { 202: jobSchema, ...errorResponses(401, 403, 409) } } },
    async (request, reply) => {
      const actor = actorOf(request);
      const job = await start(
        JOB_KIND_CADANGAN_BUAT,
        actor.sekolahId,
        actor.userId,
        async (progress) => {
          const made = await service.makeBackup(deps, actor.sekolahId, 'manual', (done, total, table) =>
            progress(done, total, table ? `Mencadangkan ${table}` : 'Memeriksa berkas cadangan'),
          );
          return { result: made, message: CADANGAN_API_MESSAGES.done(made.name) };
        },
        CADANGAN_API_MESSAGES.started,
      );
      return reply.code(202).send(job);
    },
  );

  app.get(
    '/api/cadangan/berkas/:name',
    {
      ...auth,
      schema: {
        params: cadanganNamaSchema,
        response: {
          200: z.unknown().describe('erapor archive (stream)'),
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request, reply) => {
      const npsn = await service.schoolNpsn(deps.database, actorOf(request).sekolahId);
      const file = service.storedFile(deps, npsn, request.params.name);
      if (!file) throw notFound(CADANGAN_API_MESSAGES.notFound);
      return reply
        .header('content-type', 'application/octet-stream')
        .header('content-disposition', `attachment; filename="${request.params.name}"`)
        .send(createReadStream(file));
    },
  );

  app.post(
    '/api/cadangan/unggah',
    {
      ...auth,
      schema: { response: { 200: cadanganPeriksaSchema, ...errorResponses(400, 401, 403, 409, 413, 422) } },
    },
    async (request) => {
      const npsn = await service.schoolNpsn(deps.database, actorOf(request).sekolahId);
      if (!request.isMultipart()) throw fieldError('berkas', CADANGAN_API_MESSAGES.fileRequired);
      let file: MultipartFile | undefined;
      try {
        file = await request.file({ limits: { fileSize: ARCHIVE_BOUNDS.maxFileBytes, files: 1, fields: 0 } });
      } catch {
        throw fieldError('berkas', CADANGAN_API_MESSAGES.fileRequired);
      }
      if (file?.fieldname !== 'berkas') throw fieldError('berkas', CADANGAN_API_MESSAGES.fileRequired);
      const upload = file;
      try {
        return await service.receiveUpload(deps, npsn, upload.file, () => upload.file.truncated);
      } catch (err) {
        refusal('berkas', err);
      }
    },
  );

  app.post(
    '/api/cadangan/pulihkan',
    {
      ...auth,
      schema: {
        body: cadanganPulihkanSchema,
        response: { 202: jobSchema, ...errorResponses(400, 401, 403, 409, 422) },
      },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      const npsn = await service.schoolNpsn(deps.database, actor.sekolahId);
      if (service.isBusy()) throw new AppError(409, ERROR_CODES.CONFLICT, CADANGAN_API_MESSAGES.busy);
      let checked: { file: string };
      try {
        checked = await service.checkRestore(deps, npsn, request.body.name, request.body.npsn);
      } catch (err) {
        refusal(err instanceof CadanganRefused && err.code === 'npsnConfirm' ? 'npsn' : 'name', err);
      }
      const job = await start(
        JOB_KIND_CADANGAN_PULIHKAN,
        actor.sekolahId,
        actor.userId,
        async (progress, jobId) => {
          const { before, report } = await service.runRestore(
            deps,
            actor.sekolahId,
            actor.userId,
            npsn,
            checked.file,
            request.body.npsn,
            (done, total, message) => progress(done, total, message),
            jobId,
          );
          return {
            result: {
              before,
              replaced: report.replaced,
              loginsEnded: report.loginsEnded,
              gradesRecorded: report.gradesRecorded,
              manifest: report.manifest,
            },
            message: CADANGAN_API_MESSAGES.restored,
          };
        },
        CADANGAN_API_MESSAGES.restoreStarted,
      );
      return reply.code(202).send(job);
    },
  );

  const params = z.object({ id: z.uuid() });
  const findJob = async (id: string, sekolahId: string) => {
    const job = await getJob(ctx.db, id, sekolahId);
    if (!job || !KINDS.has(job.kind)) throw notFound(JOB_MESSAGES.notFound);
    return job;
  };

  app.get(
    '/api/cadangan/jobs/:id',
    { ...auth, schema: { params, response: { 200: jobSchema, ...errorResponses(400, 401, 403, 404) } } },
    async (request) => findJob(request.params.id, actorOf(request).sekolahId),
  );

  /** `event: job` at once, on every change, and last when it has ended (as the sync's stream). */
  app.get(
    '/api/cadangan/jobs/:id/events',
    { ...auth, schema: { params, response: errorResponses(400, 401, 403, 404) } },
    async (request, reply) => {
      const sekolahId = actorOf(request).sekolahId;
      const first = await findJob(request.params.id, sekolahId);
      streamJobEvents(request, reply, { db: ctx.db, first, sekolahId, streams });
    },
  );
};
