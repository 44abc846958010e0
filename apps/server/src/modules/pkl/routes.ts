import { listQuerySchema } from '@erapor/contract/list';
import {
  messageSchema,
  pilihanQuerySchema,
  pilihanResponseSchema,
  pklIdParamsSchema,
  reassignPembimbingSchema,
  rencanaPklDeleteQuerySchema,
  rencanaPklDetailSchema,
  rencanaPklListSchema,
  rencanaPklSavedSchema,
  rencanaPklSaveSchema,
} from '@erapor/contract/pkl/perencanaan';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf, routesFor } from '../../plugins/auth';
import { errorResponses } from '../../plugins/responses';
import { pklKehadiranRoutes } from './kehadiran-routes';
import { pklMonitoringRoutes } from './monitoring-routes';
import { pklPenilaianRoutes } from './penilaian-routes';
import * as perencanaan from './perencanaan';

/** PKL (issue #12; docs/decisions/034-pkl.md): Perencanaan Penilaian PKL. */
export const pklRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx;
  const authenticated = { onRequest: app.authenticate };
  await app.register(pklPenilaianRoutes);
  await app.register(pklKehadiranRoutes);
  await app.register(pklMonitoringRoutes);
  routesFor(app, ['pembimbing', 'wali', 'waka', 'admin']);

  app.get(
    '/api/pkl/rencana',
    {
      ...authenticated,
      schema: {
        querystring: listQuerySchema,
        response: { 200: rencanaPklListSchema, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request) => perencanaan.listRencana(db, actorOf(request), request.query),
  );

  app.get(
    '/api/pkl/pilihan',
    {
      ...authenticated,
      config: { roles: ['pembimbing'] },
      schema: {
        querystring: pilihanQuerySchema,
        response: { 200: pilihanResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => perencanaan.pilihan(db, actorOf(request), request.query),
  );

  app.get(
    '/api/pkl/rencana/:pkl_id',
    {
      ...authenticated,
      schema: {
        params: pklIdParamsSchema,
        response: { 200: rencanaPklDetailSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => perencanaan.getRencana(db, actorOf(request), request.params.pkl_id),
  );

  app.post(
    '/api/pkl/rencana',
    {
      ...authenticated,
      config: { roles: ['pembimbing'] },
      schema: {
        body: rencanaPklSaveSchema,
        response: { 201: rencanaPklSavedSchema, ...errorResponses(400, 401, 403, 404, 409, 415, 422, 423) },
      },
    },
    async (request, reply) => {
      const saved = await perencanaan.createRencana(db, actorOf(request), request.body);
      return reply.code(201).send(saved);
    },
  );

  app.put(
    '/api/pkl/rencana/:pkl_id',
    {
      ...authenticated,
      config: { roles: ['pembimbing'] },
      schema: {
        params: pklIdParamsSchema,
        body: rencanaPklSaveSchema,
        response: { 200: rencanaPklSavedSchema, ...errorResponses(400, 401, 403, 404, 409, 415, 422, 423) },
      },
    },
    async (request) => perencanaan.updateRencana(db, actorOf(request), request.params.pkl_id, request.body),
  );

  app.delete(
    '/api/pkl/rencana/:pkl_id',
    {
      ...authenticated,
      config: { roles: ['pembimbing', 'admin'] },
      schema: {
        params: pklIdParamsSchema,
        querystring: rencanaPklDeleteQuerySchema,
        response: { 200: messageSchema, ...errorResponses(400, 401, 403, 404, 409, 423) },
      },
    },
    async (request) =>
      perencanaan.deleteRencana(
        db,
        actorOf(request),
        request.params.pkl_id,
        request.query.konfirmasi_hapus_nilai,
      ),
  );

  app.put(
    '/api/pkl/rencana/:pkl_id/pembimbing',
    {
      ...authenticated,
      config: { roles: ['admin'] },
      schema: {
        params: pklIdParamsSchema,
        body: reassignPembimbingSchema,
        response: { 200: rencanaPklSavedSchema, ...errorResponses(400, 401, 403, 404, 409, 415, 422) },
      },
    },
    async (request) =>
      perencanaan.reassignRencana(db, actorOf(request), request.params.pkl_id, request.body.guru_id),
  );
};
