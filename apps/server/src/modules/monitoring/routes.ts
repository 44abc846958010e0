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
import {
  monitoringProjekDetailSchema,
  monitoringProjekListSchema,
  monitoringProjekNilaiSchema,
  monitoringProjekOpsiSchema,
  monitoringProjekQuerySchema,
  monitoringProjekRingkasanSchema,
} from '@erapor/contract/monitoring/projek';
import {
  monitoringUkkDetailSchema,
  monitoringUkkListSchema,
  monitoringUkkOpsiSchema,
  monitoringUkkQuerySchema,
  monitoringUkkRingkasanSchema,
} from '@erapor/contract/monitoring/ukk';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf, routesFor } from '../../plugins/auth';
import { errorResponses } from '../../plugins/responses';
import { berandaDetail } from '../penilaian/beranda/service';
import { detailEkskul, listEkskulProgress, opsiEkskul, ringkasanEkskul } from './ekskul';
import { excelEkskul } from './ekskul-excel';
import { listPenilaian, opsiPenilaian, ringkasanPenilaian } from './penilaian';
import { excelPenilaian } from './penilaian-excel';
import {
  detailProjekKelas,
  detailProjekNilai,
  listProjekProgress,
  opsiProjek,
  ringkasanProjek,
} from './projek';
import { excelProjek } from './projek-excel';
import { detailUkk, listUkkProgress, opsiUkk, ringkasanUkk } from './ukk';
import { excelUkk } from './ukk-excel';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * Monitoring (/api/progress/*) for the Waka: Nilai Akademik, Nilai Projek, Nilai Ekstrakurikuler and
 * Nilai UKK (issue #14; decision 036). The role is checked before the query is validated (decision
 * 042: `routesFor`), so any other role gets 403 even with a bad filter (the services check it again).
 */
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

  const PROJEK = '/api/progress/nilai-projek';
  app.get(
    PROJEK,
    {
      ...authenticated,
      schema: {
        querystring: monitoringProjekQuerySchema,
        response: { 200: monitoringProjekListSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => listProjekProgress(db, actorOf(request), request.query),
  );

  app.get(
    `${PROJEK}/ringkasan`,
    {
      ...authenticated,
      schema: {
        querystring: monitoringProjekQuerySchema,
        response: { 200: monitoringProjekRingkasanSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => ringkasanProjek(db, actorOf(request), request.query),
  );

  app.get(
    `${PROJEK}/opsi`,
    {
      ...authenticated,
      schema: { response: { 200: monitoringProjekOpsiSchema, ...errorResponses(401, 403) } },
    },
    async (request) => opsiProjek(db, actorOf(request)),
  );

  app.get(
    `${PROJEK}/excel`,
    {
      ...authenticated,
      schema: {
        querystring: monitoringProjekQuerySchema,
        response: { 200: z.instanceof(Buffer).describe('xlsx'), ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const { data, filename } = await excelProjek(db, actorOf(request), request.query);
      return reply
        .header('content-type', XLSX)
        .header('content-disposition', `attachment; filename="${filename}"`)
        .send(data);
    },
  );

  app.get(
    `${PROJEK}/projek/:rencana_budaya_kerja_id`,
    {
      ...authenticated,
      schema: {
        params: z.object({ rencana_budaya_kerja_id: z.uuid({ error: 'Projek tidak valid' }) }),
        response: { 200: monitoringProjekNilaiSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => detailProjekNilai(db, actorOf(request), request.params.rencana_budaya_kerja_id),
  );

  app.get(
    `${PROJEK}/:rombongan_belajar_id`,
    {
      ...authenticated,
      schema: {
        params: z.object({ rombongan_belajar_id: z.uuid({ error: 'Rombongan belajar tidak valid' }) }),
        response: { 200: monitoringProjekDetailSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => detailProjekKelas(db, actorOf(request), request.params.rombongan_belajar_id),
  );

  const UKK = '/api/progress/nilai-ukk';
  app.get(
    UKK,
    {
      ...authenticated,
      schema: {
        querystring: monitoringUkkQuerySchema,
        response: { 200: monitoringUkkListSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => listUkkProgress(db, actorOf(request), request.query),
  );

  app.get(
    `${UKK}/ringkasan`,
    {
      ...authenticated,
      schema: {
        querystring: monitoringUkkQuerySchema,
        response: { 200: monitoringUkkRingkasanSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => ringkasanUkk(db, actorOf(request), request.query),
  );

  app.get(
    `${UKK}/opsi`,
    { ...authenticated, schema: { response: { 200: monitoringUkkOpsiSchema, ...errorResponses(401, 403) } } },
    async (request) => opsiUkk(db, actorOf(request)),
  );

  app.get(
    `${UKK}/excel`,
    {
      ...authenticated,
      schema: {
        querystring: monitoringUkkQuerySchema,
        response: { 200: z.instanceof(Buffer).describe('xlsx'), ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const { data, filename } = await excelUkk(db, actorOf(request), request.query);
      return reply
        .header('content-type', XLSX)
        .header('content-disposition', `attachment; filename="${filename}"`)
        .send(data);
    },
  );

  app.get(
    `${UKK}/:rencana_ukk_id`,
    {
      ...authenticated,
      schema: {
        params: z.object({ rencana_ukk_id: z.uuid({ error: 'Rencana UKK tidak valid' }) }),
        response: { 200: monitoringUkkDetailSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => detailUkk(db, actorOf(request), request.params.rencana_ukk_id),
  );
};
