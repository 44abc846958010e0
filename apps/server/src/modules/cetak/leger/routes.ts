import { PassThrough } from 'node:stream';
import {
  legerFileName,
  legerKelasResponseSchema,
  legerParamsSchema,
  legerQuerySchema,
  legerResponseSchema,
} from '@erapor/contract/cetak/leger';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf, routesFor } from '../../../plugins/auth';
import { errorResponses } from '../../../plugins/responses';
import { legerKelas, legerOf } from './service';
import { writeLegerXlsx } from './xlsx';

/** Unduh Leger (issue #11 item 12; docs/decisions/030-unduh-leger.md). */
export const legerRoutes: FastifyPluginAsyncZod = async (app) => {
  routesFor(app, ['admin', 'waka', 'wali', 'pilihan']);
  const { db } = app.ctx;
  const authenticated = { onRequest: app.authenticate };

  app.get(
    '/api/cetak/leger',
    {
      ...authenticated,
      schema: { response: { 200: legerKelasResponseSchema, ...errorResponses(401, 403) } },
    },
    async (request) => legerKelas(db, actorOf(request)),
  );

  app.get(
    '/api/cetak/leger/:rombongan_belajar_id',
    {
      ...authenticated,
      schema: {
        params: legerParamsSchema,
        querystring: legerQuerySchema,
        response: { 200: legerResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) =>
      legerOf(db, actorOf(request), request.params.rombongan_belajar_id, {
        ringkasan: request.query.ringkasan,
      }),
  );

  app.get(
    '/api/unduhan/leger-nilai/:rombongan_belajar_id',
    {
      ...authenticated,
      schema: {
        params: legerParamsSchema,
        querystring: legerQuerySchema,
        response: { 200: z.any().describe('xlsx'), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      // Every check and query runs before the first byte, so a refusal is still a clean 4xx.
      const leger = await legerOf(db, actorOf(request), request.params.rombongan_belajar_id, {
        ringkasan: request.query.ringkasan,
      });
      const filename = legerFileName(leger.kelas);
      const out = new PassThrough();
      writeLegerXlsx(leger, out).catch((error: unknown) => {
        request.log.error({ err: error }, 'leger xlsx failed');
        out.destroy(error as Error);
      });
      return reply
        .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header(
          'content-disposition',
          `attachment; filename="${filename.replace(/[^\x20-\x7e]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(filename)}`,
        )
        .send(out);
    },
  );
};
