import { listQuerySchema, listResponseSchema } from '@erapor/contract/list';
import { ekskulRowSchema } from '@erapor/contract/referensi/ekskul';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf, routesFor } from '../../../plugins/auth';
import { errorResponses } from '../../../plugins/responses';
import { listEkskul } from './service';

/** /referensi/ekstrakurikuler (reference-screens §6.5); members: GET /api/referensi/rombongan-belajar/:id/anggota. */
export const ekskulRoutes: FastifyPluginAsyncZod = async (app) => {
  routesFor(app, ['admin']);
  app.get(
    '/api/referensi/ekstrakurikuler',
    {
      onRequest: app.authenticate,
      schema: {
        querystring: listQuerySchema,
        response: { 200: listResponseSchema(ekskulRowSchema), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => listEkskul(app.ctx.db, actorOf(request), request.query),
  );
};
