import { listQuerySchema } from '@erapor/contract/list';
import {
  messageSchema,
  paketCreateSchema,
  paketDetailSchema,
  paketIdParamsSchema,
  paketListSchema,
  paketPilihanSchema,
  paketStatusSchema,
  paketUpdateSchema,
  unitAddSchema,
} from '@erapor/contract/ukk/paket';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../plugins/auth';
import { errorResponses } from '../../plugins/responses';
import * as paket from './paket';

/** UKK (issue #13; docs/decisions/038-ukk.md): Paket UKK. */
export const ukkRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx;
  const authenticated = { onRequest: app.authenticate };
  const writeErrors = errorResponses(400, 401, 403, 404, 409, 415, 422);

  app.get(
    '/api/ukk/paket',
    {
      ...authenticated,
      schema: {
        querystring: listQuerySchema,
        response: { 200: paketListSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => paket.listPaket(db, actorOf(request), request.query),
  );

  app.get(
    '/api/ukk/paket/pilihan',
    { ...authenticated, schema: { response: { 200: paketPilihanSchema, ...errorResponses(401, 403) } } },
    async (request) => paket.pilihanPaket(db, actorOf(request)),
  );

  app.get(
    '/api/ukk/paket/:paket_ukk_id',
    {
      ...authenticated,
      schema: {
        params: paketIdParamsSchema,
        response: { 200: paketDetailSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => paket.getPaket(db, actorOf(request), request.params.paket_ukk_id),
  );

  app.post(
    '/api/ukk/paket',
    {
      ...authenticated,
      schema: { body: paketCreateSchema, response: { 201: messageSchema, ...writeErrors } },
    },
    async (request, reply) =>
      reply.code(201).send(await paket.createPaket(db, actorOf(request), request.body)),
  );

  app.put(
    '/api/ukk/paket/:paket_ukk_id',
    {
      ...authenticated,
      schema: {
        params: paketIdParamsSchema,
        body: paketUpdateSchema,
        response: { 200: messageSchema, ...writeErrors },
      },
    },
    async (request) => paket.updatePaket(db, actorOf(request), request.params.paket_ukk_id, request.body),
  );

  app.put(
    '/api/ukk/paket/:paket_ukk_id/status',
    {
      ...authenticated,
      schema: {
        params: paketIdParamsSchema,
        body: paketStatusSchema,
        response: { 200: messageSchema, ...writeErrors },
      },
    },
    async (request) =>
      paket.setStatus(db, actorOf(request), request.params.paket_ukk_id, request.body.status),
  );

  app.post(
    '/api/ukk/paket/:paket_ukk_id/unit',
    {
      ...authenticated,
      schema: {
        params: paketIdParamsSchema,
        body: unitAddSchema,
        response: { 201: messageSchema, ...writeErrors },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await paket.addUnits(db, actorOf(request), request.params.paket_ukk_id, request.body.units)),
  );

  app.delete(
    '/api/ukk/paket/:paket_ukk_id',
    {
      ...authenticated,
      schema: { params: paketIdParamsSchema, response: { 200: messageSchema, ...writeErrors } },
    },
    async (request) => paket.deletePaket(db, actorOf(request), request.params.paket_ukk_id),
  );
};
