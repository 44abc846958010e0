import { listQuerySchema, listResponseSchema } from '@erapor/contract/list';
import {
  anggotaResponseSchema,
  messageSchema,
  pembelajaranResponseSchema,
  pembelajaranRowSchema,
  pembelajaranSaveSchema,
  rombelFilterOptionsSchema,
  rombelFilterSchema,
  rombelRowSchema,
} from '@erapor/contract/referensi/rombel';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf, routesFor } from '../../../plugins/auth';
import { errorResponses } from '../../../plugins/responses';
import * as service from './service';

const idParams = (what: string) => z.object({ id: z.uuid({ error: `ID ${what} tidak valid` }) });

/** Rombongan belajar, members and the pembelajaran grid (reference-screens §6.2). */
export const rombelRoutes: FastifyPluginAsyncZod = async (app) => {
  routesFor(app, ['admin', 'tu', 'waka', 'wali', 'pilihan', 'pembina_ekskul']);
  const { db } = app.ctx;
  const authenticated = { onRequest: app.authenticate };

  app.get(
    '/api/referensi/rombongan-belajar',
    {
      ...authenticated,
      schema: {
        querystring: listQuerySchema.extend(rombelFilterSchema.shape),
        response: { 200: listResponseSchema(rombelRowSchema), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => service.listRombel(db, actorOf(request), request.query),
  );

  app.get(
    '/api/referensi/rombongan-belajar/filter',
    {
      ...authenticated,
      schema: {
        querystring: rombelFilterSchema.pick({ jenis_rombel: true, tingkat: true }),
        response: { 200: rombelFilterOptionsSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => service.rombelFilterOptions(db, actorOf(request), request.query),
  );

  app.get(
    '/api/referensi/rombongan-belajar/:id/anggota',
    {
      ...authenticated,
      schema: {
        params: idParams('rombel'),
        querystring: listQuerySchema,
        response: { 200: anggotaResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => service.listAnggota(db, actorOf(request), request.params.id, request.query),
  );

  app.delete(
    '/api/referensi/anggota-rombel/:id',
    {
      ...authenticated,
      config: { roles: ['admin'] },
      schema: {
        params: idParams('anggota rombel'),
        response: { 200: messageSchema, ...errorResponses(400, 401, 403, 404, 422) },
      },
    },
    async (request) => service.removeAnggota(db, actorOf(request), request.params.id),
  );

  app.get(
    '/api/referensi/rombongan-belajar/:id/pembelajaran',
    {
      ...authenticated,
      schema: {
        params: idParams('rombel'),
        response: { 200: pembelajaranResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => service.getPembelajaran(db, actorOf(request), request.params.id),
  );

  app.put(
    '/api/referensi/rombongan-belajar/:id/pembelajaran',
    {
      ...authenticated,
      config: { roles: ['admin'] },
      schema: {
        params: idParams('rombel'),
        body: pembelajaranSaveSchema,
        response: {
          200: z.object({ message: z.string(), data: z.array(pembelajaranRowSchema) }),
          ...errorResponses(400, 401, 403, 404, 409, 422),
        },
      },
    },
    async (request) => service.savePembelajaran(db, actorOf(request), request.params.id, request.body),
  );

  app.post(
    '/api/referensi/pembelajaran/:id/reset',
    {
      ...authenticated,
      config: { roles: ['admin'] },
      schema: {
        params: idParams('pembelajaran'),
        response: {
          200: z.object({ message: z.string(), data: pembelajaranRowSchema }),
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request) => service.resetPembelajaran(db, actorOf(request), request.params.id),
  );
};
