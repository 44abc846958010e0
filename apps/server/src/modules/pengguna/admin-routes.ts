import { listResponseSchema } from '@erapor/contract/list';
import {
  addRoleRequestSchema,
  generatePenggunaRequestSchema,
  generatePenggunaResponseSchema,
  manualRoleSchema,
  PENGGUNA_MESSAGES,
  passwordPdItemSchema,
  passwordPdQuerySchema,
  resetPasswordResponseSchema,
  rombelOptionsResponseSchema,
  userDetailSchema,
  userListItemSchema,
  userListQuerySchema,
} from '@erapor/contract/pengguna';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, notFound } from '../../lib/errors';
import { actorOf, requireRoles } from '../../plugins/auth';
import { errorResponses } from '../../plugins/responses';
import { sendPdf } from '../cetak/documents';
import { renderSlipAkun } from '../cetak/slip-akun';
import { getSekolahSummary, getSemester } from '../sekolah/service';
import * as admin from './admin';
import { generatePd, generatePtk } from './generate';
import { SlipStore } from './one-time';
import * as passwordPd from './password-pd';

/** How long the slips of a generation can be downloaded (docs/decisions/008). */
export const SLIP_TTL_MS = 30 * 60_000;

const userParams = z.object({ userId: z.uuid() });

/** User administration (Akses Pengguna), generatePengguna with its slips, and Password PD. */
export const penggunaAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.ctx;
  const slips = new SlipStore(SLIP_TTL_MS, ctx.now);
  const running = new Set<string>();
  const adminOnly = { onRequest: app.authenticate, preHandler: requireRoles('admin') };
  const adminOrWali = { onRequest: app.authenticate, preHandler: requireRoles('admin', 'wali') };

  app.get(
    '/api/users',
    {
      ...adminOnly,
      schema: {
        querystring: userListQuerySchema,
        response: { 200: listResponseSchema(userListItemSchema), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => admin.listUsers(ctx.db, actorOf(request), request.query),
  );

  app.get(
    '/api/users/:userId',
    {
      ...adminOnly,
      schema: {
        params: userParams,
        response: { 200: userDetailSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => admin.getUserDetail(ctx.db, actorOf(request), request.params.userId),
  );

  app.post(
    '/api/users/:userId/roles',
    {
      ...adminOnly,
      schema: {
        params: userParams,
        body: addRoleRequestSchema,
        response: { 200: userDetailSchema, ...errorResponses(400, 401, 403, 404, 415, 422) },
      },
    },
    async (request) =>
      admin.addManualRole(ctx.db, actorOf(request), request.params.userId, request.body.role),
  );

  app.delete(
    '/api/users/:userId/roles/:role',
    {
      ...adminOnly,
      schema: {
        params: userParams.extend({ role: manualRoleSchema }),
        response: { 200: userDetailSchema, ...errorResponses(400, 401, 403, 404, 422) },
      },
    },
    async (request) =>
      admin.removeManualRole(ctx.db, actorOf(request), request.params.userId, request.params.role),
  );

  app.post(
    '/api/users/:userId/reset-password',
    {
      ...adminOnly,
      schema: {
        params: userParams,
        response: { 200: resetPasswordResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const credential = await admin.resetUserPassword(
        ctx.db,
        actorOf(request),
        request.params.userId,
        ctx.now(),
      );
      reply.header('cache-control', 'no-store');
      return { message: PENGGUNA_MESSAGES.passwordReset, credential };
    },
  );

  app.post(
    '/api/users/generate',
    {
      ...adminOnly,
      schema: {
        body: generatePenggunaRequestSchema,
        response: { 200: generatePenggunaResponseSchema, ...errorResponses(400, 401, 403, 409, 415) },
      },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      const { aksi } = request.body;
      if (running.has(actor.sekolahId)) {
        throw new AppError(
          409,
          'CONFLICT',
          'Pembuatan akun pengguna sedang berjalan. Tunggu hingga selesai.',
        );
      }
      running.add(actor.sekolahId);
      const started = performance.now();
      try {
        const result = aksi === 'ptk' ? await generatePtk(ctx.db, actor) : await generatePd(ctx.db, actor);
        let slip: { id: string; expiresAt: Date } | null = null;
        if (result.credentials.length > 0) {
          const [sekolah, semester] = await Promise.all([
            getSekolahSummary(ctx.db, actor.sekolahId),
            getSemester(ctx.db, actor.semesterId),
          ]);
          slip = slips.put({
            sekolahId: actor.sekolahId,
            kind: aksi,
            sekolahNama: sekolah?.nama ?? '',
            semesterNama: semester?.nama ?? actor.semesterId,
            credentials: result.credentials,
          });
        }
        const durationMs = Math.round(performance.now() - started);
        request.log.info(
          { aksi, total: result.total, created: result.created, hashMs: result.hashMs, durationMs },
          'generatePengguna',
        );
        reply.header('cache-control', 'no-store');
        return {
          message: aksi === 'ptk' ? PENGGUNA_MESSAGES.generatedPtk : PENGGUNA_MESSAGES.generatedPd,
          aksi,
          total: result.total,
          created: result.created,
          updated: result.updated,
          roles_granted: result.rolesGranted,
          credentials: result.credentials,
          slip_id: slip?.id ?? null,
          slip_expires_at: slip?.expiresAt.toISOString() ?? null,
          duration_ms: durationMs,
        };
      } finally {
        running.delete(actor.sekolahId);
      }
    },
  );

  app.get(
    '/api/users/slip/:slipId',
    {
      ...adminOnly,
      schema: {
        params: z.object({ slipId: z.string().min(10).max(100) }),
        response: {
          200: z.instanceof(Buffer).describe('application/pdf'),
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      const batch = slips.get(request.params.slipId, actor.sekolahId);
      if (!batch) throw notFound(PENGGUNA_MESSAGES.slipExpired);
      const pdf = await renderSlipAkun({
        sekolahNama: batch.sekolahNama,
        semesterNama: batch.semesterNama,
        kind: batch.kind,
        credentials: batch.credentials,
        printedAt: ctx.now(),
      });
      return sendPdf(reply, 'slip-akun', { input: { kind: batch.kind } }, pdf);
    },
  );

  app.get(
    '/api/password-pd',
    {
      ...adminOrWali,
      schema: {
        querystring: passwordPdQuerySchema,
        response: { 200: listResponseSchema(passwordPdItemSchema), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => passwordPd.listPasswordPd(ctx.db, actorOf(request), request.query),
  );

  app.get(
    '/api/password-pd/rombel',
    {
      ...adminOrWali,
      schema: { response: { 200: rombelOptionsResponseSchema, ...errorResponses(401, 403) } },
    },
    async (request) => ({ data: await passwordPd.rombelOptions(ctx.db, actorOf(request)) }),
  );

  app.post(
    '/api/password-pd/:pesertaDidikId/reset',
    {
      ...adminOrWali,
      schema: {
        params: z.object({ pesertaDidikId: z.uuid() }),
        response: { 200: resetPasswordResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const credential = await passwordPd.resetPupilPassword(
        ctx.db,
        actorOf(request),
        request.params.pesertaDidikId,
        ctx.now(),
      );
      reply.header('cache-control', 'no-store');
      return { message: PENGGUNA_MESSAGES.passwordReset, credential };
    },
  );
};
