import {
  absensiQuerySchema,
  absensiResponseSchema,
  absensiSavedSchema,
  absensiSaveSchema,
} from '@erapor/contract/wali-kelas/absensi';
import {
  catatanQuerySchema,
  catatanResponseSchema,
  catatanSavedSchema,
  catatanSaveSchema,
  type JenisCatatan,
} from '@erapor/contract/wali-kelas/catatan';
import {
  catatanSikapResponseSchema,
  catatanSikapSavedSchema,
  catatanSikapSaveSchema,
} from '@erapor/contract/wali-kelas/catatan-sikap';
import { ekskulWaliResponseSchema, pklWaliResponseSchema } from '@erapor/contract/wali-kelas/ekskul';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf, routesFor } from '../../plugins/auth';
import { errorResponses } from '../../plugins/responses';
import * as absensi from './absensi';
import * as catatan from './catatan';
import * as catatanSikap from './catatan-sikap';
import * as views from './ekskul';
import { kenaikanKelasRoutes } from './kenaikan/routes';

/**
 * The homeroom teacher's screens (reference-screens §11; docs/decisions/026-wali-kelas-absensi.md,
 * 028-wali-kelas-catatan.md).
 */
export const waliKelasRoutes: FastifyPluginAsyncZod = async (app) => {
  // The area's sub-routes, registered before this plugin's own hooks (they inherit none of them).
  await app.register(kenaikanKelasRoutes);
  routesFor(app, ['wali']);
  const { db } = app.ctx;
  const authenticated = { onRequest: app.authenticate };

  app.get(
    '/api/wali-kelas/ketidakhadiran',
    {
      ...authenticated,
      schema: {
        querystring: absensiQuerySchema,
        response: { 200: absensiResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => absensi.getAbsensi(db, actorOf(request), request.query),
  );

  app.put(
    '/api/wali-kelas/ketidakhadiran',
    {
      ...authenticated,
      schema: {
        body: absensiSaveSchema,
        response: { 200: absensiSavedSchema, ...errorResponses(400, 401, 403, 404, 409, 415, 422, 423) },
      },
    },
    async (request) => absensi.saveAbsensi(db, actorOf(request), request.body),
  );

  // Catatan Wali Kelas and Kokurikuler: one text per pupil (decision 028).
  const texts: [string, JenisCatatan][] = [
    ['/api/wali-kelas/catatan-wali-kelas', 'catatan_walas'],
    ['/api/wali-kelas/kokurikuler', 'kokurikuler'],
  ];
  for (const [url, jenis] of texts) {
    app.get(
      url,
      {
        ...authenticated,
        schema: {
          querystring: catatanQuerySchema,
          response: { 200: catatanResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
        },
      },
      async (request) => catatan.getCatatan(db, actorOf(request), jenis, request.query),
    );
    app.put(
      url,
      {
        ...authenticated,
        schema: {
          body: catatanSaveSchema,
          response: { 200: catatanSavedSchema, ...errorResponses(400, 401, 403, 404, 409, 415, 422, 423) },
        },
      },
      async (request) => catatan.saveCatatan(db, actorOf(request), jenis, request.body),
    );
  }

  app.get(
    '/api/wali-kelas/catatan-sikap',
    {
      ...authenticated,
      schema: {
        querystring: catatanQuerySchema,
        response: { 200: catatanSikapResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => catatanSikap.getCatatanSikap(db, actorOf(request), request.query),
  );
  app.put(
    '/api/wali-kelas/catatan-sikap',
    {
      ...authenticated,
      schema: {
        body: catatanSikapSaveSchema,
        response: { 200: catatanSikapSavedSchema, ...errorResponses(400, 401, 403, 404, 409, 415, 422, 423) },
      },
    },
    async (request) => catatanSikap.saveCatatanSikap(db, actorOf(request), request.body),
  );

  app.get(
    '/api/wali-kelas/nilai-ekstrakurikuler',
    {
      ...authenticated,
      schema: {
        querystring: catatanQuerySchema,
        response: { 200: ekskulWaliResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => views.getEkskulWali(db, actorOf(request), request.query),
  );
  app.get(
    '/api/wali-kelas/praktik-kerja-lapangan',
    {
      ...authenticated,
      schema: {
        querystring: catatanQuerySchema,
        response: { 200: pklWaliResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => views.getPklWali(db, actorOf(request), request.query),
  );
};
