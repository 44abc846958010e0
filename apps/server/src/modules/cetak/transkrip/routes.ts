import { transkripParamsSchema } from '@erapor/contract/cetak/transkrip';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../../plugins/auth';
import { errorResponses } from '../../../plugins/responses';
import { sendPdf } from '../documents';
import { renderTranskrip } from './document';
import { TRANSKRIP_ROLES, transkripOfAnggota } from './service';

/** Transkrip Nilai of one pupil (issue #15 item 3; docs/decisions/040-transkrip.md). */
export const cetakTranskripRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, config } = app.ctx;
  app.get(
    '/api/cetak/transkrip/:anggota_rombel_id',
    {
      // Authorization before validation (decision 042): a guru gets 403 whatever the id looks like.
      onRequest: app.authenticate,
      config: { roles: [...TRANSKRIP_ROLES] },
      schema: {
        params: transkripParamsSchema,
        response: {
          200: z.instanceof(Buffer).describe('application/pdf'),
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request, reply) => {
      const doc = await transkripOfAnggota(
        db,
        actorOf(request),
        request.params.anggota_rombel_id,
        config.version,
      );
      const pdf = await renderTranskrip(doc);
      return sendPdf(reply, 'transkrip', { doc }, pdf);
    },
  );
};
