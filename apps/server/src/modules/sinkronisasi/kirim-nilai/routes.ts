import {
  cekKoneksiResponseSchema,
  cekKoneksiSchema,
  generateMatevResultSchema,
  kirimNilaiItemsSchema,
  kirimNilaiOverviewSchema,
  kirimNilaiResultSchema,
} from '@erapor/contract/sinkronisasi-kirim';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf, requireResource } from '../../../plugins/auth';
import { errorResponses } from '../../../plugins/responses';
import { cekKoneksi, generateMatev, getOverview, kirimNilai, listItems } from './service';

/**
 * Kirim Nilai ke Dapodik (reference-screens §4.2, reference-dapodik §7.6): the Web Service settings
 * with "Cek Koneksi", the rombel list, generating mata evaluasi and sending the final grades of a
 * rombel, and the stored per-item status. Administrator only.
 */
export const kirimNilaiRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.ctx;
  const guard = { onRequest: app.authenticate, preHandler: requireResource('Administrator') };
  const key = () => ctx.secrets.encryptionKey;
  const base = '/api/sinkronisasi/kirim-nilai';
  const params = z.object({ rombelId: z.uuid() });

  app.get(
    base,
    { ...guard, schema: { response: { 200: kirimNilaiOverviewSchema, ...errorResponses(401, 403, 500) } } },
    async (request) => getOverview(ctx.db, actorOf(request), key()),
  );

  app.post(
    `${base}/cek-koneksi`,
    {
      ...guard,
      schema: {
        body: cekKoneksiSchema,
        response: { 200: cekKoneksiResponseSchema, ...errorResponses(400, 401, 403, 415, 422, 500) },
      },
    },
    async (request) => cekKoneksi(ctx.db, actorOf(request), key(), request.body),
  );

  app.post(
    `${base}/rombel/:rombelId/matev`,
    {
      ...guard,
      schema: {
        params,
        response: {
          200: generateMatevResultSchema,
          ...errorResponses(400, 401, 403, 404, 409, 422, 500, 502),
        },
      },
    },
    async (request) => generateMatev(ctx.db, actorOf(request), key(), request.params.rombelId),
  );

  app.post(
    `${base}/rombel/:rombelId/kirim`,
    {
      ...guard,
      schema: {
        params,
        response: { 200: kirimNilaiResultSchema, ...errorResponses(400, 401, 403, 404, 409, 422, 500, 502) },
      },
    },
    async (request) => kirimNilai(ctx.db, actorOf(request), key(), request.params.rombelId),
  );

  app.get(
    `${base}/rombel/:rombelId/items`,
    {
      ...guard,
      schema: { params, response: { 200: kirimNilaiItemsSchema, ...errorResponses(400, 401, 403, 404) } },
    },
    async (request) => ({ items: await listItems(ctx.db, actorOf(request), request.params.rombelId) }),
  );
};
