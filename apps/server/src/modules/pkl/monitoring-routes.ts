import {
  monitoringPklDetailSchema,
  monitoringPklListSchema,
  monitoringPklQuerySchema,
} from '@erapor/contract/pkl/monitoring';
import { pklIdParamsSchema } from '@erapor/contract/pkl/perencanaan';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../plugins/auth';
import { errorResponses } from '../../plugins/responses';
import { getMonitoringPkl, listMonitoringPkl } from './monitoring';

/** Monitoring › Nilai PKL, the Waka's read API (issue #12 item 6; docs/decisions/034-pkl.md). */
export const pklMonitoringRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx;
  const authenticated = { onRequest: app.authenticate };

  app.get(
    '/api/progress/nilai-pkl',
    {
      ...authenticated,
      schema: {
        querystring: monitoringPklQuerySchema,
        response: { 200: monitoringPklListSchema, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request) => listMonitoringPkl(db, actorOf(request), request.query),
  );

  app.get(
    '/api/progress/nilai-pkl/:pkl_id',
    {
      ...authenticated,
      schema: {
        params: pklIdParamsSchema,
        response: { 200: monitoringPklDetailSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => getMonitoringPkl(db, actorOf(request), request.params.pkl_id),
  );
};
