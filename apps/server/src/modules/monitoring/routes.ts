import {
  monitoringEkskulDetailSchema,
  monitoringEkskulListSchema,
  monitoringEkskulOpsiSchema,
  monitoringEkskulQuerySchema,
  monitoringEkskulRingkasanSchema,
} from '@erapor/contract/monitoring/ekskul';
import {
  monitoringPenilaianDetailSchema,
  monitoringPenilaianListSchema,
  monitoringPenilaianOpsiSchema,
  monitoringPenilaianQuerySchema,
  monitoringPenilaianRingkasanSchema,
} from '@erapor/contract/monitoring/penilaian';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf, routesFor } from '../../plugins/auth';
import { errorResponses } from '../../plugins/responses';
import { berandaDetail } from '../penilaian/beranda/service';
import { detailEkskul, listEkskulProgress, opsiEkskul, ringkasanEkskul } from './ekskul';
import { excelEkskul } from './ekskul-excel';
import { listPenilaian, opsiPenilaian, ringkasanPenilaian } from './penilaian';
import { excelPenilaian } from './penilaian-excel';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Monitoring (/api/progress/*) for the Waka: Nilai Akademik, Nilai Ekstrakurikuler (issue #14; decision 036). */
export const monitoringRoutes: FastifyPluginAsyncZod = async (app) => {
  routesFor(app, ['waka']);
  const { db } = app.ctx;
  const authenticated = { onRequest: app.authenticate };

  app.get(
    '/api/progress/penilaian',
    {
      ...authenticated,
      schema: {
        querystring: monitoringPenilaianQuerySchema,
        response: { 200: monitoringPenilaianListSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => listPenilaian(db, actorOf(request), request.query),
  );

  app.get(
    '/api/progress/penilaian/ringkasan',
    {
      ...authenticated,
      schema: {
        querystring: monitoringPenilaianQuerySchema,
        response: { 200: monitoringPenilaianRingkasanSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => ringkasanPenilaian(db, actorOf(request), request.query),
  );

  app.get(
    '/api/progress/penilaian/opsi',
    {
      ...authenticated,
      schema: { response: { 200: monitoringPenilaianOpsiSchema, ...errorResponses(401, 403) } },
    },
    async (request) => opsiPenilaian(db, actorOf(request)),
  );

  app.get(
    '/api/progress/penilaian/excel',
    {
      ...authenticated,
      schema: {
        querystring: monitoringPenilaianQuerySchema,
        response: { 200: z.instanceof(Buffer).describe('xlsx'), ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const { data, filename } = await excelPenilaian(db, actorOf(request), request.query);
      return reply
        .header('content-type', XLSX)
        .header('content-disposition', `attachment; filename="${filename}"`)
        .send(data);
    },
  );

  app.get(
    '/api/progress/penilaian/:pembelajaran_id',
    {
      ...authenticated,
      schema: {
        params: z.object({ pembelajaran_id: z.uuid({ error: 'Pembelajaran tidak valid' }) }),
        response: { 200: monitoringPenilaianDetailSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => berandaDetail(db, actorOf(request), request.params.pembelajaran_id, 'waka'),
  );

  const EKSKUL = '/api/progress/nilai-ekskul';
  app.get(
    EKSKUL,
    {
      ...authenticated,
      schema: {
        querystring: monitoringEkskulQuerySchema,
        response: { 200: monitoringEkskulListSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => listEkskulProgress(db, actorOf(request), request.query),
  );

  app.get(
    `${EKSKUL}/ringkasan`,
    {
      ...authenticated,
      schema: {
        querystring: monitoringEkskulQuerySchema,
        response: { 200: monitoringEkskulRingkasanSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => ringkasanEkskul(db, actorOf(request), request.query),
  );

  app.get(
    `${EKSKUL}/opsi`,
    {
      ...authenticated,
      schema: { response: { 200: monitoringEkskulOpsiSchema, ...errorResponses(401, 403) } },
    },
    async (request) => opsiEkskul(db, actorOf(request)),
  );

  app.get(
    `${EKSKUL}/excel`,
    {
      ...authenticated,
      schema: {
        querystring: monitoringEkskulQuerySchema,
        response: { 200: z.instanceof(Buffer).describe('xlsx'), ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const { data, filename } = await excelEkskul(db, actorOf(request), request.query);
      return reply
        .header('content-type', XLSX)
        .header('content-disposition', `attachment; filename="${filename}"`)
        .send(data);
    },
  );

  app.get(
    `${EKSKUL}/:ekstrakurikuler_id`,
    {
      ...authenticated,
      schema: {
        params: z.object({ ekstrakurikuler_id: z.uuid({ error: 'Ekstrakurikuler tidak valid' }) }),
        response: { 200: monitoringEkskulDetailSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => detailEkskul(db, actorOf(request), request.params.ekstrakurikuler_id),
  );
};
