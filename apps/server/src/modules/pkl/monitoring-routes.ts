import {
  monitoringPklDetailSchema,
  monitoringPklListSchema,
  monitoringPklOpsiSchema,
  monitoringPklQuerySchema,
  monitoringPklRingkasanSchema,
} from '@erapor/contract/pkl/monitoring';
import { pklIdParamsSchema } from '@erapor/contract/pkl/perencanaan';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf, routesFor } from '../../plugins/auth';
import { errorResponses } from '../../plugins/responses';
import { getMonitoringPkl, listMonitoringPkl, opsiMonitoringPkl, ringkasanMonitoringPkl } from './monitoring';
import { excelPkl } from './monitoring-excel';

/** Monitoring › Nilai PKL, the Waka's read API (issue #12 item 6; docs/decisions/034-pkl.md). */
export const pklMonitoringRoutes: FastifyPluginAsyncZod = async (app) => {
  routesFor(app, ['waka']);
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
    '/api/progress/nilai-pkl/ringkasan',
    {
      ...authenticated,
      schema: {
        querystring: monitoringPklQuerySchema,
        response: { 200: monitoringPklRingkasanSchema, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request) => ringkasanMonitoringPkl(db, actorOf(request), request.query),
  );

  app.get(
    '/api/progress/nilai-pkl/opsi',
    {
      ...authenticated,
      schema: { response: { 200: monitoringPklOpsiSchema, ...errorResponses(401, 403, 409) } },
    },
    async (request) => opsiMonitoringPkl(db, actorOf(request)),
  );

  app.get(
    '/api/progress/nilai-pkl/excel',
    {
      ...authenticated,
      schema: {
        querystring: monitoringPklQuerySchema,
        response: {
          200: z.instanceof(Buffer).describe('xlsx'),
          ...errorResponses(400, 401, 403, 409),
        },
      },
    },
    async (request, reply) => {
      const { data, filename } = await excelPkl(db, actorOf(request), request.query);
      return reply
        .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('content-disposition', `attachment; filename="${filename}"`)
        .send(data);
    },
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
