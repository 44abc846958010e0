import {
  RIWAYAT_NILAI_ROLES,
  riwayatNilaiListSchema,
  riwayatNilaiOpsiQuerySchema,
  riwayatNilaiOpsiSchema,
  riwayatNilaiQuerySchema,
} from '@erapor/contract/riwayat-nilai';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf, routesFor } from '../../plugins/auth';
import { errorResponses } from '../../plugins/responses';
import { excelRiwayat, listRiwayat, opsiRiwayat } from './service';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * Riwayat Perubahan Nilai, read only (API table in packages/contract/src/riwayat-nilai.ts). The
 * roles are checked before the query (decision 042); the scope within them in ./access.ts.
 */
export const riwayatNilaiRoutes: FastifyPluginAsyncZod = async (app) => {
  routesFor(app, [...RIWAYAT_NILAI_ROLES]);
  const { db } = app.ctx;
  const authenticated = { onRequest: app.authenticate };

  app.get(
    '/api/riwayat-nilai',
    {
      ...authenticated,
      schema: {
        querystring: riwayatNilaiQuerySchema,
        response: { 200: riwayatNilaiListSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => listRiwayat(db, actorOf(request), request.query),
  );

  app.get(
    '/api/riwayat-nilai/opsi',
    {
      ...authenticated,
      schema: {
        querystring: riwayatNilaiOpsiQuerySchema,
        response: { 200: riwayatNilaiOpsiSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => opsiRiwayat(db, actorOf(request), request.query),
  );

  app.get(
    '/api/riwayat-nilai/excel',
    {
      ...authenticated,
      schema: {
        querystring: riwayatNilaiQuerySchema,
        response: { 200: z.instanceof(Buffer).describe('xlsx'), ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const { data, filename } = await excelRiwayat(db, actorOf(request), request.query);
      return reply
        .header('content-type', XLSX)
        .header('content-disposition', `attachment; filename="${filename}"`)
        .send(data);
    },
  );
};
