import { listQuerySchema, listResponseSchema } from '@erapor/contract/list';
import {
  pdDetailResponseSchema,
  pdDetailSchema,
  pdFilterOptionsSchema,
  pdFilterSchema,
  pdRowSchema,
  pdUpdateSchema,
} from '@erapor/contract/referensi/peserta-didik';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf, routesFor } from '../../../plugins/auth';
import { errorResponses } from '../../../plugins/responses';
import * as service from './service';

const idParams = z.object({ id: z.uuid({ error: 'ID peserta didik tidak valid' }) });

/** Peserta didik aktif / keluar (reference-screens §6.3). Access rules live in the service. */
export const pesertaDidikRoutes: FastifyPluginAsyncZod = async (app) => {
  routesFor(app, 'any');
  const { db } = app.ctx;
  const authenticated = { onRequest: app.authenticate };

  app.get(
    '/api/referensi/peserta-didik',
    {
      ...authenticated,
      schema: {
        querystring: listQuerySchema.extend(pdFilterSchema.shape),
        response: { 200: listResponseSchema(pdRowSchema), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => service.listPesertaDidik(db, actorOf(request), request.query),
  );

  app.get(
    '/api/referensi/peserta-didik/filter',
    {
      ...authenticated,
      schema: {
        querystring: pdFilterSchema.pick({ tingkat: true, jurusan_sp_id: true }),
        response: { 200: pdFilterOptionsSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => service.filterOptions(db, actorOf(request), request.query),
  );

  app.get(
    '/api/referensi/peserta-didik/:id',
    {
      ...authenticated,
      schema: {
        params: idParams,
        response: { 200: pdDetailResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => service.getPesertaDidik(db, actorOf(request), request.params.id),
  );

  app.put(
    '/api/referensi/peserta-didik/:id',
    {
      ...authenticated,
      config: { roles: ['admin', 'tu', 'wali'] },
      schema: {
        params: idParams,
        body: pdUpdateSchema,
        response: {
          200: z.object({ message: z.string(), data: pdDetailSchema }),
          ...errorResponses(400, 401, 403, 404, 409, 422),
        },
      },
    },
    async (request) => service.updatePesertaDidik(db, actorOf(request), request.params.id, request.body),
  );
};
