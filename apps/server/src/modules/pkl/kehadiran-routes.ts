import {
  kehadiranPklQuerySchema,
  kehadiranPklRencanaListSchema,
  kehadiranPklResponseSchema,
  kehadiranPklSavedSchema,
  kehadiranPklSaveSchema,
} from '@erapor/contract/pkl/kehadiran';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf, routesFor } from '../../plugins/auth';
import { errorResponses } from '../../plugins/responses';
import * as kehadiran from './kehadiran';

/** Kehadiran PKL (issue #12 item 4; packages/contract/src/pkl/kehadiran.ts), registered by routes.ts. */
export const pklKehadiranRoutes: FastifyPluginAsyncZod = async (app) => {
  routesFor(app, ['pembimbing', 'wali', 'waka']);
  const { db } = app.ctx;
  const authenticated = { onRequest: app.authenticate };

  app.get(
    '/api/pkl/kehadiran/rencana',
    {
      ...authenticated,
      schema: { response: { 200: kehadiranPklRencanaListSchema, ...errorResponses(401, 403, 409) } },
    },
    async (request) => kehadiran.listKehadiranRencana(db, actorOf(request)),
  );

  app.get(
    '/api/pkl/kehadiran',
    {
      ...authenticated,
      schema: {
        querystring: kehadiranPklQuerySchema,
        response: { 200: kehadiranPklResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => kehadiran.getKehadiran(db, actorOf(request), request.query.pkl_id),
  );

  app.put(
    '/api/pkl/kehadiran',
    {
      ...authenticated,
      schema: {
        body: kehadiranPklSaveSchema,
        response: { 200: kehadiranPklSavedSchema, ...errorResponses(400, 401, 403, 404, 409, 415, 422, 423) },
      },
    },
    async (request) => kehadiran.saveKehadiran(db, actorOf(request), request.body),
  );
};
