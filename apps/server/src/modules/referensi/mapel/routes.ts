import { listQuerySchema, listResponseSchema } from '@erapor/contract/list';
import { mapelRowSchema } from '@erapor/contract/referensi/mapel';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf, routesFor } from '../../../plugins/auth';
import { errorResponses } from '../../../plugins/responses';
import { listMapel } from './service';

/** /referensi/mata-pelajaran (reference-screens §6.4). */
export const mapelRoutes: FastifyPluginAsyncZod = async (app) => {
  routesFor(app, ['admin']);
  app.get(
    '/api/referensi/mata-pelajaran',
    {
      onRequest: app.authenticate,
      schema: {
        querystring: listQuerySchema,
        response: { 200: listResponseSchema(mapelRowSchema), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => listMapel(app.ctx.db, actorOf(request), request.query),
  );
};
