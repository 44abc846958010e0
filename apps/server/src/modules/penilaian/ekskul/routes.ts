import {
  ekskulPembinaResponseSchema,
  nilaiEkskulDeletedSchema,
  nilaiEkskulFilterSchema,
  nilaiEkskulResponseSchema,
  nilaiEkskulSavedSchema,
  nilaiEkskulSaveSchema,
} from '@erapor/contract/penilaian/ekskul';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf, routesFor } from '../../../plugins/auth';
import { errorResponses } from '../../../plugins/responses';
import * as service from './service';

const idParams = z.object({ id: z.uuid({ error: 'ID ekstrakurikuler tidak valid' }) });

/** Extracurricular grades given by the pembina (reference-screens §7.7). */
export const nilaiEkskulRoutes: FastifyPluginAsyncZod = async (app) => {
  routesFor(app, ['pembina_ekskul']);
  const { db } = app.ctx;
  const authenticated = { onRequest: app.authenticate };

  app.get(
    '/api/penilaian/ekstrakurikuler',
    {
      ...authenticated,
      schema: { response: { 200: ekskulPembinaResponseSchema, ...errorResponses(401, 403) } },
    },
    async (request) => service.listEkskul(db, actorOf(request)),
  );

  app.get(
    '/api/penilaian/ekstrakurikuler/:id/nilai',
    {
      ...authenticated,
      schema: {
        params: idParams,
        querystring: nilaiEkskulFilterSchema,
        response: { 200: nilaiEkskulResponseSchema, ...errorResponses(400, 401, 403, 404, 422) },
      },
    },
    async (request) => service.getNilai(db, actorOf(request), request.params.id, request.query),
  );

  app.put(
    '/api/penilaian/ekstrakurikuler/:id/nilai',
    {
      ...authenticated,
      schema: {
        params: idParams,
        body: nilaiEkskulSaveSchema,
        response: { 200: nilaiEkskulSavedSchema, ...errorResponses(400, 401, 403, 404, 409, 415, 422, 423) },
      },
    },
    async (request) => service.saveNilai(db, actorOf(request), request.params.id, request.body),
  );

  app.delete(
    '/api/penilaian/ekstrakurikuler/:id/nilai',
    {
      ...authenticated,
      schema: {
        params: idParams,
        querystring: nilaiEkskulFilterSchema,
        response: { 200: nilaiEkskulDeletedSchema, ...errorResponses(400, 401, 403, 404, 422, 423) },
      },
    },
    async (request) => service.resetNilai(db, actorOf(request), request.params.id, request.query),
  );
};
