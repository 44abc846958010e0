import { messageResponseSchema } from '@erapor/contract/auth';
import { listQuerySchema, listResponseSchema } from '@erapor/contract/list';
import {
  anggotaAktPdListSchema,
  DUDI_MESSAGES,
  dudiDetailSchema,
  dudiRowSchema,
} from '@erapor/contract/referensi/dudi';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf, requireResource } from '../../../plugins/auth';
import { errorResponses } from '../../../plugins/responses';
import * as dudi from './service';

const id = (label: string) => z.uuid({ error: `ID ${label} tidak valid` });

/** DUDI (reference-screens §6.6): list, detail with MoUs and PKL activities, members. Administrator only. */
export const dudiRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.ctx;
  const guard = { onRequest: app.authenticate, preHandler: requireResource('Administrator') };

  app.get(
    '/api/dudi',
    {
      ...guard,
      schema: {
        querystring: listQuerySchema,
        response: { 200: listResponseSchema(dudiRowSchema), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => dudi.listDudi(ctx.db, actorOf(request), request.query),
  );

  app.get(
    '/api/dudi/:dudiId',
    {
      ...guard,
      schema: {
        params: z.object({ dudiId: id('DUDI') }),
        response: { 200: dudiDetailSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => dudi.getDudi(ctx.db, actorOf(request), request.params.dudiId),
  );

  app.get(
    '/api/dudi/akt-pd/:aktPdId/anggota',
    {
      ...guard,
      schema: {
        params: z.object({ aktPdId: id('aktifitas') }),
        response: { 200: anggotaAktPdListSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => dudi.listAnggotaAktPd(ctx.db, actorOf(request), request.params.aktPdId),
  );

  app.delete(
    '/api/dudi/anggota-akt-pd/:anggotaAktPdId',
    {
      ...guard,
      schema: {
        params: z.object({ anggotaAktPdId: id('peserta') }),
        response: { 200: messageResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      await dudi.removeAnggotaAktPd(ctx.db, actorOf(request), request.params.anggotaAktPdId);
      return { message: DUDI_MESSAGES.anggotaRemoved };
    },
  );
};
