import {
  kenaikanQuerySchema,
  kenaikanResponseSchema,
  kenaikanSavedSchema,
  kenaikanSaveSchema,
} from '@erapor/contract/wali-kelas/kenaikan';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf, routesFor } from '../../../plugins/auth';
import { errorResponses } from '../../../plugins/responses';
import { getKenaikan, saveKenaikan } from './service';

/** Kenaikan Kelas (issue #11 item 5; docs/decisions/029-kenaikan-kelas.md). */
export const kenaikanKelasRoutes: FastifyPluginAsyncZod = async (app) => {
  routesFor(app, ['wali']);
  const { db } = app.ctx;
  const authenticated = { onRequest: app.authenticate };
  const URL = '/api/wali-kelas/kenaikan-kelas';

  app.get(
    URL,
    {
      ...authenticated,
      schema: {
        querystring: kenaikanQuerySchema,
        response: { 200: kenaikanResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => getKenaikan(db, actorOf(request), request.query),
  );

  app.put(
    URL,
    {
      ...authenticated,
      schema: {
        body: kenaikanSaveSchema,
        response: { 200: kenaikanSavedSchema, ...errorResponses(400, 401, 403, 404, 409, 415, 422, 423) },
      },
    },
    async (request) => saveKenaikan(db, actorOf(request), request.body),
  );
};
