import { listQuerySchema } from '@erapor/contract/list';
import {
  nilaiProjekGridSchema,
  nilaiProjekSavedSchema,
  nilaiProjekSaveSchema,
  p5RombelListSchema,
  rombelIdParamsSchema,
} from '@erapor/contract/projek/penilaian';
import {
  messageSchema,
  projekPilihanQuerySchema,
  projekPilihanSchema,
  rencanaDeleteQuerySchema,
  rencanaIdParamsSchema,
  rencanaProjekCreateSchema,
  rencanaProjekDetailSchema,
  rencanaProjekListSchema,
  rencanaProjekSavedSchema,
  rencanaProjekUpdateSchema,
  subElemenListSchema,
} from '@erapor/contract/projek/perencanaan';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf, routesFor } from '../../plugins/auth';
import { errorResponses } from '../../plugins/responses';
import * as penilaian from './penilaian';
import * as perencanaan from './perencanaan';

/** P5 projects (issue #13 items 1–2; docs/decisions/037-projek-p5.md). */
export const projekRoutes: FastifyPluginAsyncZod = async (app) => {
  routesFor(app, ['guru-p5']);
  const { db } = app.ctx;
  const authenticated = { onRequest: app.authenticate };

  app.get(
    '/api/projek/rencana',
    {
      ...authenticated,
      schema: {
        querystring: listQuerySchema,
        response: { 200: rencanaProjekListSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => perencanaan.listRencana(db, actorOf(request), request.query),
  );

  app.get(
    '/api/projek/pilihan',
    {
      ...authenticated,
      schema: {
        querystring: projekPilihanQuerySchema,
        response: { 200: projekPilihanSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => perencanaan.pilihan(db, actorOf(request), request.query),
  );

  app.get(
    '/api/projek/sub-elemen',
    {
      ...authenticated,
      schema: { response: { 200: subElemenListSchema, ...errorResponses(401, 403) } },
    },
    async (request) => perencanaan.subElemen(db, actorOf(request)),
  );

  app.get(
    '/api/projek/rencana/:rencana_budaya_kerja_id',
    {
      ...authenticated,
      schema: {
        params: rencanaIdParamsSchema,
        response: { 200: rencanaProjekDetailSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => perencanaan.getRencana(db, actorOf(request), request.params.rencana_budaya_kerja_id),
  );

  app.post(
    '/api/projek/rencana',
    {
      ...authenticated,
      schema: {
        body: rencanaProjekCreateSchema,
        response: {
          201: rencanaProjekSavedSchema,
          ...errorResponses(400, 401, 403, 404, 409, 415, 422, 423),
        },
      },
    },
    async (request, reply) => {
      const saved = await perencanaan.createRencana(db, actorOf(request), request.body);
      return reply.code(201).send(saved);
    },
  );

  app.put(
    '/api/projek/rencana/:rencana_budaya_kerja_id',
    {
      ...authenticated,
      schema: {
        params: rencanaIdParamsSchema,
        body: rencanaProjekUpdateSchema,
        response: {
          200: rencanaProjekSavedSchema,
          ...errorResponses(400, 401, 403, 404, 409, 415, 422, 423),
        },
      },
    },
    async (request) =>
      perencanaan.updateRencana(db, actorOf(request), request.params.rencana_budaya_kerja_id, request.body),
  );

  app.delete(
    '/api/projek/rencana/:rencana_budaya_kerja_id',
    {
      ...authenticated,
      schema: {
        params: rencanaIdParamsSchema,
        querystring: rencanaDeleteQuerySchema,
        response: { 200: messageSchema, ...errorResponses(400, 401, 403, 404, 409, 423) },
      },
    },
    async (request) =>
      perencanaan.deleteRencana(
        db,
        actorOf(request),
        request.params.rencana_budaya_kerja_id,
        request.query.konfirmasi_hapus_nilai,
      ),
  );

  app.get(
    '/api/projek/penilaian/rombel',
    {
      ...authenticated,
      schema: { response: { 200: p5RombelListSchema, ...errorResponses(401, 403) } },
    },
    async (request) => penilaian.listRombel(db, actorOf(request)),
  );

  app.get(
    '/api/projek/penilaian/:rombongan_belajar_id',
    {
      ...authenticated,
      schema: {
        params: rombelIdParamsSchema,
        response: { 200: nilaiProjekGridSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => penilaian.getGrid(db, actorOf(request), request.params.rombongan_belajar_id),
  );

  app.put(
    '/api/projek/penilaian/:rombongan_belajar_id',
    {
      ...authenticated,
      schema: {
        params: rombelIdParamsSchema,
        body: nilaiProjekSaveSchema,
        response: { 200: nilaiProjekSavedSchema, ...errorResponses(400, 401, 403, 404, 409, 415, 422, 423) },
      },
    },
    async (request) =>
      penilaian.saveGrid(db, actorOf(request), request.params.rombongan_belajar_id, request.body),
  );
};
