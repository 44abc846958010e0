import {
  berandaDetailResponseSchema,
  berandaGuruResponseSchema,
  berandaWaliResponseSchema,
  KUNCI_NILAI_ADMIN_ROLES,
  kunciNilaiResponseSchema,
  kunciNilaiSchema,
} from '@erapor/contract/penilaian/beranda';
import { subMapelGeneratedSchema } from '@erapor/contract/penilaian/sub-mapel';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf, routesFor } from '../../../plugins/auth';
import { errorResponses } from '../../../plugins/responses';
import * as service from './service';
import { generateSubMapel } from './sub-mapel';

const idParams = (what: string) => z.object({ id: z.uuid({ error: `ID ${what} tidak valid` }) });

/** The teacher's and the homeroom teacher's Beranda: subjects, grading progress, class lock. */
export const berandaPenilaianRoutes: FastifyPluginAsyncZod = async (app) => {
  routesFor(app, ['guru', 'wali', 'pilihan', 'waka']);
  const { db } = app.ctx;
  const authenticated = { onRequest: app.authenticate };

  app.get(
    '/api/beranda/guru',
    {
      ...authenticated,
      schema: { response: { 200: berandaGuruResponseSchema, ...errorResponses(401, 403) } },
    },
    async (request) => service.berandaGuru(db, actorOf(request)),
  );

  app.get(
    '/api/beranda/pembelajaran/:id',
    {
      ...authenticated,
      schema: {
        params: idParams('pembelajaran'),
        response: { 200: berandaDetailResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => service.berandaDetail(db, actorOf(request), request.params.id),
  );

  // "Generate Nilai" of a parent subject: the class's wali kelas (issue #11 item 7).
  app.post(
    '/api/beranda/pembelajaran/:id/generate-nilai',
    {
      ...authenticated,
      schema: {
        params: idParams('pembelajaran'),
        response: { 200: subMapelGeneratedSchema, ...errorResponses(400, 401, 403, 404, 422, 423) },
      },
    },
    async (request) => generateSubMapel(db, actorOf(request), request.params.id),
  );

  app.get(
    '/api/beranda/wali',
    {
      ...authenticated,
      schema: { response: { 200: berandaWaliResponseSchema, ...errorResponses(401, 403) } },
    },
    async (request) => service.berandaWali(db, actorOf(request)),
  );

  app.put(
    '/api/beranda/rombel/:id/kunci-nilai',
    {
      ...authenticated,
      // The class's wali, or the roles that lock any class (the service checks which class).
      config: { roles: ['wali', ...KUNCI_NILAI_ADMIN_ROLES] },
      schema: {
        params: idParams('rombel'),
        body: kunciNilaiSchema,
        response: { 200: kunciNilaiResponseSchema, ...errorResponses(400, 401, 403, 404, 415) },
      },
    },
    async (request) =>
      service.setKunciNilai(db, actorOf(request), request.params.id, request.body.kunci_nilai),
  );
};
