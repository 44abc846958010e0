import { extname } from 'node:path';
import {
  biodataUsulanSchema,
  portalBiodataSchema,
  usulanRowSchema,
  usulanSchema,
  usulanTolakSchema,
} from '@erapor/contract/portal/biodata';
import {
  PORTAL_FOTO_MAX_BYTES,
  PORTAL_FOTO_MESSAGES,
  portalDetilSchema,
  portalNilaiSchema,
  portalProfilSchema,
  temanSekelasSchema,
} from '@erapor/contract/portal/portal';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { fieldError } from '../../lib/errors';
import { cleanUpload, imageUpload } from '../../lib/image-upload';
import { receiveUpload } from '../../lib/upload';
import { actorOf, routesFor } from '../../plugins/auth';
import { errorResponses } from '../../plugins/responses';
import { setPhoto } from '../pengguna/service';
import * as biodata from './biodata';
import * as service from './service';

const semesterParams = z.object({
  semester_id: z.string().regex(/^\d{4}[123]$/, { error: 'Semester tidak valid' }),
});
const FOTO_EXT = new Set(['.jpg', '.jpeg', '.png']);

/** The pupil's portal (issue #15): their profile, their grades per semester, a subject's TP detail. */
export const portalRoutes: FastifyPluginAsyncZod = async (app) => {
  // The area's sub-routes, registered before this plugin's own hooks (they inherit none of them).
  await app.register(usulanBiodataRoutes);
  routesFor(app, ['siswa']);
  const { db } = app.ctx;
  const authenticated = { onRequest: app.authenticate };

  app.get(
    '/api/portal/profil',
    { ...authenticated, schema: { response: { 200: portalProfilSchema, ...errorResponses(401, 403, 404) } } },
    async (request) => service.profil(db, actorOf(request)),
  );

  app.get(
    '/api/portal/nilai/:semester_id',
    {
      ...authenticated,
      schema: {
        params: semesterParams,
        response: { 200: portalNilaiSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => service.nilaiSemester(db, actorOf(request), request.params.semester_id),
  );

  app.get(
    '/api/portal/detil-nilai/:pembelajaran_id',
    {
      ...authenticated,
      schema: {
        params: z.object({ pembelajaran_id: z.uuid({ error: 'ID pembelajaran tidak valid' }) }),
        response: { 200: portalDetilSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => service.detilNilai(db, actorOf(request), request.params.pembelajaran_id),
  );

  app.get(
    '/api/portal/teman-sekelas/:semester_id',
    {
      ...authenticated,
      schema: {
        params: semesterParams,
        response: { 200: temanSekelasSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => service.temanSekelas(db, actorOf(request), request.params.semester_id),
  );

  app.get(
    '/api/portal/biodata',
    {
      ...authenticated,
      schema: { response: { 200: portalBiodataSchema, ...errorResponses(401, 403, 404) } },
    },
    async (request) => biodata.biodata(db, actorOf(request)),
  );

  app.post(
    '/api/portal/biodata',
    {
      ...authenticated,
      schema: {
        body: biodataUsulanSchema,
        response: {
          200: z.object({ message: z.string(), usulan: usulanSchema }),
          ...errorResponses(400, 401, 403, 404, 422),
        },
      },
    },
    async (request) => biodata.propose(db, actorOf(request), request.body),
  );

  /**
   * The pupil's own photo (the log-in's profile photo, shown in the header): JPEG or PNG, ≤ 2 MB,
   * the type and pixel size read from the header before anything decodes it (lib/image.ts).
   */
  app.post(
    '/api/portal/foto',
    {
      ...authenticated,
      config: imageUpload('foto', 'foto'),
      schema: {
        response: {
          200: z.object({ message: z.string(), foto_url: z.string().nullable() }),
          ...errorResponses(400, 401, 403, 404, 422),
        },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      service.requirePupil(actor);
      const { data, filename } = await receiveUpload(request, {
        field: 'foto',
        maxBytes: PORTAL_FOTO_MAX_BYTES,
        required: PORTAL_FOTO_MESSAGES.required,
        tooLarge: PORTAL_FOTO_MESSAGES.size,
        tooLargeStatus: 422,
      });
      if (!FOTO_EXT.has(extname(filename).toLowerCase())) throw fieldError('foto', PORTAL_FOTO_MESSAGES.type);
      // Stored as re-encoded, never as sent: metadata dropped, broken data refused (decision 049).
      const image = await cleanUpload(data, 'foto', 'foto');
      const profile = await setPhoto(db, actor, { mimeType: image.mimeType, data: image.data });
      return { message: PORTAL_FOTO_MESSAGES.updated, foto_url: profile.photo_url };
    },
  );
};

/**
 * Proposed Biodata corrections, decided by the administrator or the pupil's wali kelas (decision
 * 046). Which proposals a wali may see and decide is the service's rule (their class's pupils).
 */
export const usulanBiodataRoutes: FastifyPluginAsyncZod = async (app) => {
  routesFor(app, ['admin', 'wali']);
  const { db } = app.ctx;
  const authenticated = { onRequest: app.authenticate };
  const idParams = z.object({ id: z.uuid({ error: 'ID usulan tidak valid' }) });
  const decided = { 200: z.object({ message: z.string() }), ...errorResponses(400, 401, 403, 404, 409) };

  app.get(
    '/api/usulan-biodata',
    {
      ...authenticated,
      schema: { response: { 200: z.array(usulanRowSchema), ...errorResponses(401, 403) } },
    },
    async (request) => biodata.listPending(db, actorOf(request)),
  );

  app.post(
    '/api/usulan-biodata/:id/setujui',
    { ...authenticated, schema: { params: idParams, response: decided } },
    async (request) => biodata.decide(db, actorOf(request), request.params.id, 'disetujui', null),
  );

  app.post(
    '/api/usulan-biodata/:id/tolak',
    { ...authenticated, schema: { params: idParams, body: usulanTolakSchema.optional(), response: decided } },
    async (request) =>
      biodata.decide(db, actorOf(request), request.params.id, 'ditolak', request.body?.alasan ?? null),
  );
};
