import {
  cetakRaporQuerySchema,
  cetakRaporResponseSchema,
  RAPOR_DOKUMEN,
  raporAnggotaParamsSchema,
} from '@erapor/contract/cetak/rapor';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf, routesFor } from '../../../plugins/auth';
import { errorResponses } from '../../../plugins/responses';
import { sendPdf } from '../documents';
import { renderDocument } from '../render-pool';
import { cetakSemuaRoutes } from './bulk-routes';
import { cetakRaporPage, raporOfAnggota } from './service';

/** Cetak Rapor Semester (issue #11 items 8–11; docs/decisions/031-cetak-rapor.md). */
export const cetakRaporRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, config } = app.ctx;
  const authenticated = { onRequest: app.authenticate };
  // Cetak Semua: the bulk job of the same documents (decision 033).
  await app.register(cetakSemuaRoutes);
  routesFor(app, ['admin', 'waka', 'wali', 'pilihan']);

  app.get(
    '/api/cetak/rapor',
    {
      ...authenticated,
      schema: {
        querystring: cetakRaporQuerySchema,
        response: { 200: cetakRaporResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => cetakRaporPage(db, actorOf(request), request.query),
  );

  for (const dokumen of RAPOR_DOKUMEN) {
    app.get(
      `/api/cetak/rapor-${dokumen}/:anggota_rombel_id`,
      {
        ...authenticated,
        schema: {
          params: raporAnggotaParamsSchema,
          response: {
            200: z.instanceof(Buffer).describe('application/pdf'),
            ...errorResponses(400, 401, 403, 404),
          },
        },
      },
      async (request, reply) => {
        const kelas = await raporOfAnggota(db, actorOf(request), request.params.anggota_rombel_id);
        const siswa = kelas.siswa[0];
        if (!siswa) throw new Error('pupil vanished between the access check and the read');
        const doc = { kelas, siswa, versi: config.version };
        const pdf = await renderDocument({ kind: 'rapor', dokumen, doc });
        return sendPdf(reply, 'rapor', { dokumen, doc }, pdf);
      },
    );
  }
};
