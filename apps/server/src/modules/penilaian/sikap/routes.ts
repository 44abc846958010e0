import { listQuerySchema } from '@erapor/contract/list';
import {
  sikapCreateSchema,
  sikapDetailSchema,
  sikapKelasResponseSchema,
  sikapListFilterSchema,
  sikapListResponseSchema,
  sikapPdResponseSchema,
  sikapReferensiSchema,
  sikapRombelResponseSchema,
  sikapSavedSchema,
  sikapUpdateSchema,
} from '@erapor/contract/penilaian/sikap';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf, routesFor } from '../../../plugins/auth';
import { errorResponses } from '../../../plugins/responses';
import * as service from './service';

const idParams = (what: string) => z.object({ id: z.uuid({ error: `ID ${what} tidak valid` }) });

/** Penilaian sikap: dated attitude observations of pupils (reference-screens §7.5, §7.6). */
export const sikapRoutes: FastifyPluginAsyncZod = async (app) => {
  routesFor(app, ['guru', 'wali', 'admin', 'waka']);
  const { db } = app.ctx;
  const authenticated = { onRequest: app.authenticate };

  app.get(
    '/api/penilaian/sikap/referensi',
    {
      ...authenticated,
      schema: { response: { 200: sikapReferensiSchema, ...errorResponses(401, 403) } },
    },
    async (request) => service.getReferensi(db, actorOf(request)),
  );

  app.get(
    '/api/penilaian/sikap/rombel',
    {
      ...authenticated,
      schema: { response: { 200: sikapRombelResponseSchema, ...errorResponses(401, 403) } },
    },
    async (request) => service.listRombel(db, actorOf(request)),
  );

  app.get(
    '/api/penilaian/sikap/rombel/:id/peserta-didik',
    {
      ...authenticated,
      schema: {
        params: idParams('rombel'),
        response: { 200: sikapPdResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => service.listPesertaDidik(db, actorOf(request), request.params.id),
  );

  app.get(
    '/api/penilaian/sikap/kelas/:id',
    {
      ...authenticated,
      schema: {
        params: idParams('rombel'),
        querystring: listQuerySchema,
        response: { 200: sikapKelasResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => service.listKelas(db, actorOf(request), request.params.id, request.query),
  );

  app.get(
    '/api/penilaian/sikap',
    {
      ...authenticated,
      schema: {
        querystring: listQuerySchema.extend(sikapListFilterSchema.shape),
        response: { 200: sikapListResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => service.listOwn(db, actorOf(request), request.query),
  );

  app.get(
    '/api/penilaian/sikap/:id',
    {
      ...authenticated,
      schema: {
        params: idParams('catatan sikap'),
        response: { 200: sikapDetailSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => service.getNote(db, actorOf(request), request.params.id),
  );

  app.post(
    '/api/penilaian/sikap',
    {
      ...authenticated,
      schema: {
        body: sikapCreateSchema,
        response: { 200: sikapSavedSchema, ...errorResponses(400, 401, 403, 404, 415, 422, 423) },
      },
    },
    async (request) => service.createNote(db, actorOf(request), request.body, app.ctx.now()),
  );

  app.put(
    '/api/penilaian/sikap/:id',
    {
      ...authenticated,
      schema: {
        params: idParams('catatan sikap'),
        body: sikapUpdateSchema,
        response: { 200: sikapSavedSchema, ...errorResponses(400, 401, 403, 404, 409, 415, 422, 423) },
      },
    },
    async (request) =>
      service.updateNote(db, actorOf(request), request.params.id, request.body, app.ctx.now()),
  );

  app.delete(
    '/api/penilaian/sikap/:id',
    {
      ...authenticated,
      schema: {
        params: idParams('catatan sikap'),
        response: { 200: z.object({ message: z.string() }), ...errorResponses(400, 401, 403, 404, 423) },
      },
    },
    async (request) => service.deleteNote(db, actorOf(request), request.params.id),
  );
};
