import { tautanListSchema } from '@erapor/contract/unduhan/katalog';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf, routesFor } from '../../plugins/auth';
import { errorResponses } from '../../plugins/responses';
import * as service from './service';

/**
 * Pusat Unduhan (decision 043). The templates and exports are the features' own addresses (the
 * catalogue in the contract names them); only the reference links live here.
 */
export const unduhanRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx;
  routesFor(app, 'any');

  app.get(
    '/api/unduhan/tautan',
    {
      onRequest: app.authenticate,
      schema: { response: { 200: tautanListSchema, ...errorResponses(401) } },
    },
    async (request) => service.listTautan(db, actorOf(request)),
  );

  app.put(
    '/api/unduhan/tautan',
    {
      // Checked before the body is read (decision 042), so nobody else learns its fields.
      onRequest: app.authenticate,
      config: { roles: ['admin'] },
      schema: {
        body: tautanListSchema,
        response: {
          200: tautanListSchema.extend({ message: z.string() }),
          ...errorResponses(400, 401, 403),
        },
      },
    },
    async (request) => service.saveTautan(db, actorOf(request), request.body),
  );
};
