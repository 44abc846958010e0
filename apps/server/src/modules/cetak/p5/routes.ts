import { raporP5ParamsSchema } from '@erapor/contract/projek/cetak';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf, routesFor } from '../../../plugins/auth';
import { errorResponses } from '../../../plugins/responses';
import { sendPdf } from '../documents';
import { renderRaporP5 } from './document';
import { raporP5OfAnggota } from './service';

/** The P5 report (issue #13 item 3; docs/decisions/037-projek-p5.md). */
export const cetakP5Routes: FastifyPluginAsyncZod = async (app) => {
  routesFor(app, ['admin', 'waka', 'wali', 'pilihan', 'guru-p5']);
  const { db, config } = app.ctx;
  app.get(
    '/api/cetak/rapor-p5/:anggota_rombel_id',
    {
      onRequest: app.authenticate,
      schema: {
        params: raporP5ParamsSchema,
        response: {
          200: z.instanceof(Buffer).describe('application/pdf'),
          ...errorResponses(400, 401, 403, 404, 409),
        },
      },
    },
    async (request, reply) => {
      const data = await raporP5OfAnggota(
        db,
        actorOf(request),
        request.params.anggota_rombel_id,
        config.version,
      );
      const siswa = data.siswa[0];
      if (!siswa) throw new Error('pupil vanished between the access check and the read');
      const pdf = await renderRaporP5(data, siswa);
      return sendPdf(reply, 'p5', { siswa }, pdf);
    },
  );
};
