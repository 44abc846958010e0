import {
  cetakPklQuerySchema,
  cetakPklResponseSchema,
  raporPklParamsSchema,
} from '@erapor/contract/pkl/cetak';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf, routesFor } from '../../../plugins/auth';
import { errorResponses } from '../../../plugins/responses';
import { sendPdf } from '../documents';
import { renderRaporPkl } from './document';
import { cetakPklPage, raporPklOf } from './service';

/**
 * Cetak Rapor PKL (issue #12 item 7; docs/decisions/034-pkl.md): the print page's list and one
 * pupil's PKL report of a plan. The bulk job lives with the report cards' (rapor/bulk-routes.ts).
 */
export const cetakPklRoutes: FastifyPluginAsyncZod = async (app) => {
  routesFor(app, ['admin', 'waka', 'wali', 'pembimbing']);
  const { db, config } = app.ctx;
  const authenticated = { onRequest: app.authenticate };

  app.get(
    '/api/cetak/rapor-pkl',
    {
      ...authenticated,
      schema: {
        querystring: cetakPklQuerySchema,
        response: { 200: cetakPklResponseSchema, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request) => cetakPklPage(db, actorOf(request), request.query),
  );

  app.get(
    '/api/cetak/rapor-pkl/:pkl_id/:peserta_didik_id',
    {
      ...authenticated,
      schema: {
        params: raporPklParamsSchema,
        response: {
          200: z.instanceof(Buffer).describe('application/pdf'),
          ...errorResponses(400, 401, 403, 404, 409),
        },
      },
    },
    async (request, reply) => {
      const plan = await raporPklOf(db, actorOf(request), request.params, config.version);
      const siswa = plan.siswa[0];
      if (!siswa) throw new Error('participant vanished between the access check and the read');
      const pdf = await renderRaporPkl(plan, siswa);
      return sendPdf(reply, 'pkl', { plan, siswa }, pdf);
    },
  );
};
