import {
  sertifikatParamsSchema,
  sertifikatPilihanQuerySchema,
  sertifikatPilihanSchema,
} from '@erapor/contract/ukk/sertifikat';
import { templateSaveSchema } from '@erapor/contract/ukk/template';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf, routesFor } from '../../../plugins/auth';
import { errorResponses } from '../../../plugins/responses';
import { sendPdf } from '../documents';
import { pratinjauSertifikat, sertifikatOf, sertifikatPilihan } from './data';
import { renderPratinjau, renderSertifikat } from './document';

/** The UKK certificates, one PDF each, and the template's preview (the printing side of ukk/). */
export const cetakSertifikatRoutes: FastifyPluginAsyncZod = async (app) => {
  routesFor(app, ['kaprog']);
  const { db } = app.ctx;
  const authenticated = { onRequest: app.authenticate };
  const writeErrors = errorResponses(400, 401, 403, 404, 409, 415, 422);

  app.get(
    '/api/cetak/sertifikat',
    {
      ...authenticated,
      config: { roles: ['kaprog', 'waka', 'internal'] },
      schema: {
        querystring: sertifikatPilihanQuerySchema,
        response: { 200: sertifikatPilihanSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => sertifikatPilihan(db, actorOf(request), request.query.rencana_ukk_id),
  );

  app.get(
    '/api/cetak/sertifikat/:anggota_rombel_id/:rencana_ukk_id',
    {
      ...authenticated,
      config: { roles: ['kaprog', 'waka', 'internal'] },
      schema: {
        params: sertifikatParamsSchema,
        response: {
          200: z.instanceof(Buffer).describe('application/pdf'),
          ...errorResponses(400, 401, 403, 404, 409, 422),
        },
      },
    },
    async (request, reply) => {
      const s = await sertifikatOf(db, actorOf(request), request.params);
      const pdf = await renderSertifikat(s);
      return sendPdf(reply, 'sertifikat', { sertifikat: s, pratinjau: false }, pdf);
    },
  );

  /** "Pratinjau": a certificate of sample data with the choices sent (saved or not). */
  app.post(
    '/api/ukk/template/pratinjau',
    {
      ...authenticated,
      config: { roles: ['kaprog' as const] },
      schema: {
        body: templateSaveSchema,
        response: { 200: z.instanceof(Buffer).describe('application/pdf'), ...writeErrors },
      },
    },
    async (request, reply) => {
      const sertifikat = await pratinjauSertifikat(db, actorOf(request), request.body);
      const pdf = await renderPratinjau(sertifikat);
      return sendPdf(reply, 'sertifikat', { sertifikat, pratinjau: true }, pdf);
    },
  );
};
