import { portalDetilSchema, portalNilaiSchema, portalProfilSchema } from '@erapor/contract/portal/portal';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf, routesFor } from '../../plugins/auth';
import { errorResponses } from '../../plugins/responses';
import * as service from './service';

/** The pupil's portal (issue #15): their profile, their grades per semester, a subject's TP detail. */
export const portalRoutes: FastifyPluginAsyncZod = async (app) => {
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
        params: z.object({
          semester_id: z.string().regex(/^\d{4}[123]$/, { error: 'Semester tidak valid' }),
        }),
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
};
