import {
  nilaiPklGridSchema,
  nilaiPklSavedSchema,
  nilaiPklSaveSchema,
  pembelajaranIdParamsSchema,
  pklGeneratedSchema,
  rencanaNilaiListSchema,
} from '@erapor/contract/pkl/penilaian';
import { pklIdParamsSchema } from '@erapor/contract/pkl/perencanaan';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf, routesFor } from '../../plugins/auth';
import { errorResponses } from '../../plugins/responses';
import { generateNilaiPkl } from './generate';
import * as penilaian from './penilaian';

/** Input Penilaian PKL (issue #12 item 3; contract pkl/penilaian.ts). */
export const pklPenilaianRoutes: FastifyPluginAsyncZod = async (app) => {
  routesFor(app, ['pembimbing', 'wali', 'waka', 'admin']);
  const { db } = app.ctx;
  const authenticated = { onRequest: app.authenticate };

  app.get(
    '/api/pkl/penilaian/rencana',
    {
      ...authenticated,
      config: { roles: ['pembimbing'] },
      schema: { response: { 200: rencanaNilaiListSchema, ...errorResponses(401, 403, 409) } },
    },
    async (request) => penilaian.listScorablePlans(db, actorOf(request)),
  );

  app.get(
    '/api/pkl/rencana/:pkl_id/nilai',
    {
      ...authenticated,
      schema: {
        params: pklIdParamsSchema,
        response: { 200: nilaiPklGridSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => penilaian.getNilaiPkl(db, actorOf(request), request.params.pkl_id),
  );

  app.put(
    '/api/pkl/rencana/:pkl_id/nilai',
    {
      ...authenticated,
      config: { roles: ['pembimbing'] },
      schema: {
        params: pklIdParamsSchema,
        body: nilaiPklSaveSchema,
        response: { 200: nilaiPklSavedSchema, ...errorResponses(400, 401, 403, 404, 409, 415, 422, 423) },
      },
    },
    async (request) => penilaian.saveNilaiPkl(db, actorOf(request), request.params.pkl_id, request.body),
  );

  // "Generate Nilai" on the Beranda detail of the PKL subject (its pembimbing; decision 034).
  app.post(
    '/api/pkl/pembelajaran/:id/generate-nilai',
    {
      ...authenticated,
      config: { roles: ['pembimbing'] },
      schema: {
        params: pembelajaranIdParamsSchema,
        response: { 200: pklGeneratedSchema, ...errorResponses(400, 401, 403, 404, 409, 423) },
      },
    },
    async (request) => generateNilaiPkl(db, actorOf(request), request.params.id),
  );
};
