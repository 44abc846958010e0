import { bobotResponseSchema, bobotSaveSchema } from '@erapor/contract/kurikulum/bobot';
import {
  filterOptionsQuerySchema,
  filterOptionsSchema,
  messageSchema,
  statusSchema,
} from '@erapor/contract/kurikulum/common';
import { cpCreateSchema, cpListQuerySchema, cpRowSchema } from '@erapor/contract/kurikulum/cp';
import { kdAliasSchema, kdCreateSchema, kdListQuerySchema, kdRowSchema } from '@erapor/contract/kurikulum/kd';
import {
  forceQuerySchema,
  TP_IMPORT_MAX_BYTES,
  TP_MESSAGES,
  tpCreateSchema,
  tpListQuerySchema,
  tpMapelAddSchema,
  tpMapelResponseSchema,
  tpRowSchema,
  tpSavedSchema,
  tpSumberQuerySchema,
  tpSumberSchema,
  tpSumberTargetSchema,
  tpUpdateSchema,
} from '@erapor/contract/kurikulum/tp';
import { listResponseSchema } from '@erapor/contract/list';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { receiveUpload } from '../../lib/upload';
import { actorOf, routesFor } from '../../plugins/auth';
import { errorResponses } from '../../plugins/responses';
import * as bobot from './bobot';
import * as cp from './cp';
import * as kd from './kd';
import * as filter from './service';
import * as tp from './tp';

const uuidParams = (what: string) => z.object({ id: z.uuid({ error: `ID ${what} tidak valid` }) });
const cpParams = z.object({
  id: z.coerce
    .number({ error: 'ID Capaian Pembelajaran tidak valid' })
    .int()
    .positive()
    .max(2 ** 31 - 1),
});
const mapelParams = z.object({
  id: z.uuid({ error: 'ID Tujuan Pembelajaran tidak valid' }),
  pembelajaranId: z.uuid({ error: 'ID pembelajaran tidak valid' }),
});
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** KD, CP, TP (and their mapping to classes) and assessment weights (reference-screens §6.7–6.10). */
export const kurikulumRoutes: FastifyPluginAsyncZod = async (app) => {
  routesFor(app, ['admin', 'guru']);
  const { db } = app.ctx;
  const auth = { onRequest: app.authenticate };

  app.get(
    '/api/kurikulum/filter',
    {
      ...auth,
      schema: {
        querystring: filterOptionsQuerySchema,
        response: { 200: filterOptionsSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => filter.filterOptions(db, actorOf(request), request.query),
  );

  // ------------------------------------------------------------------ KD
  app.get(
    '/api/kurikulum/kd',
    {
      ...auth,
      schema: {
        querystring: kdListQuerySchema,
        response: { 200: listResponseSchema(kdRowSchema), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => kd.listKd(db, actorOf(request), request.query),
  );

  app.post(
    '/api/kurikulum/kd',
    {
      ...auth,
      schema: {
        body: kdCreateSchema,
        response: {
          200: messageSchema.extend({ kompetensi_dasar_id: z.string() }),
          ...errorResponses(400, 401, 403, 404, 422),
        },
      },
    },
    async (request) => kd.createKd(db, actorOf(request), request.body),
  );

  app.put(
    '/api/kurikulum/kd/:id/alias',
    {
      ...auth,
      schema: {
        params: uuidParams('Kompetensi Dasar'),
        body: kdAliasSchema,
        response: { 200: messageSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => kd.setKdAlias(db, actorOf(request), request.params.id, request.body),
  );

  app.delete(
    '/api/kurikulum/kd/:id/alias',
    {
      ...auth,
      schema: {
        params: uuidParams('Kompetensi Dasar'),
        response: { 200: messageSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => kd.resetKdAlias(db, actorOf(request), request.params.id),
  );

  app.put(
    '/api/kurikulum/kd/:id/status',
    {
      ...auth,
      schema: {
        params: uuidParams('Kompetensi Dasar'),
        body: statusSchema,
        response: { 200: messageSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => kd.setKdStatus(db, actorOf(request), request.params.id, request.body.aktif),
  );

  app.post(
    '/api/kurikulum/kd/:id/hapus-ganda',
    {
      ...auth,
      schema: {
        params: uuidParams('Kompetensi Dasar'),
        response: {
          200: messageSchema.extend({ jumlah: z.number().int() }),
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request) => kd.hapusKdGanda(db, actorOf(request), request.params.id),
  );

  // ------------------------------------------------------------------ CP
  app.get(
    '/api/kurikulum/cp',
    {
      ...auth,
      schema: {
        querystring: cpListQuerySchema,
        response: { 200: listResponseSchema(cpRowSchema), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => cp.listCp(db, actorOf(request), request.query),
  );

  app.post(
    '/api/kurikulum/cp',
    {
      ...auth,
      schema: {
        body: cpCreateSchema,
        response: {
          200: messageSchema.extend({ cp_id: z.number().int() }),
          ...errorResponses(400, 401, 403, 404, 422),
        },
      },
    },
    async (request) => cp.createCp(db, actorOf(request), request.body),
  );

  app.put(
    '/api/kurikulum/cp/:id/status',
    {
      ...auth,
      schema: {
        params: cpParams,
        body: statusSchema,
        response: { 200: messageSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => cp.setCpStatus(db, actorOf(request), request.params.id, request.body.aktif),
  );

  // ------------------------------------------------------------------ TP
  app.get(
    '/api/kurikulum/tp',
    {
      ...auth,
      schema: {
        querystring: tpListQuerySchema,
        response: { 200: listResponseSchema(tpRowSchema), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => tp.listTp(db, actorOf(request), request.query),
  );

  app.get(
    '/api/kurikulum/tp/sumber',
    {
      ...auth,
      schema: {
        querystring: tpSumberQuerySchema,
        response: { 200: tpSumberSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => tp.tpSumber(db, actorOf(request), request.query.pembelajaran_id),
  );

  app.post(
    '/api/kurikulum/tp',
    {
      ...auth,
      schema: {
        body: tpCreateSchema,
        response: { 200: tpSavedSchema, ...errorResponses(400, 401, 403, 404, 422) },
      },
    },
    async (request) => tp.createTp(db, actorOf(request), request.body),
  );

  app.get(
    '/api/kurikulum/tp/template',
    {
      ...auth,
      schema: {
        querystring: tpSumberTargetSchema,
        response: { 200: z.instanceof(Buffer).describe('xlsx'), ...errorResponses(400, 401, 403, 404, 422) },
      },
    },
    async (request, reply) => {
      const { data, filename } = await tp.tpTemplate(db, actorOf(request), request.query);
      return reply
        .header('content-type', XLSX)
        .header('content-disposition', `attachment; filename="${filename}"`)
        .send(data);
    },
  );

  app.post(
    '/api/kurikulum/tp/import',
    {
      ...auth,
      schema: {
        querystring: tpSumberTargetSchema,
        response: { 200: tpSavedSchema, ...errorResponses(400, 401, 403, 404, 413, 422) },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const upload = await receiveUpload(request, {
        field: 'template_excel',
        maxBytes: TP_IMPORT_MAX_BYTES,
        required: TP_MESSAGES.fileRequired,
        tooLarge: TP_MESSAGES.fileTooLarge,
      });
      return tp.importTp(db, actor, request.query, upload);
    },
  );

  app.put(
    '/api/kurikulum/tp/:id',
    {
      ...auth,
      schema: {
        params: uuidParams('Tujuan Pembelajaran'),
        body: tpUpdateSchema,
        response: { 200: messageSchema, ...errorResponses(400, 401, 403, 404, 422) },
      },
    },
    async (request) => tp.updateTp(db, actorOf(request), request.params.id, request.body),
  );

  app.delete(
    '/api/kurikulum/tp/:id',
    {
      ...auth,
      schema: {
        params: uuidParams('Tujuan Pembelajaran'),
        querystring: forceQuerySchema,
        response: { 200: messageSchema, ...errorResponses(400, 401, 403, 404, 409, 422) },
      },
    },
    async (request) => tp.deleteTp(db, actorOf(request), request.params.id, request.query.force),
  );

  app.get(
    '/api/kurikulum/tp/:id/mapel',
    {
      ...auth,
      schema: {
        params: uuidParams('Tujuan Pembelajaran'),
        response: { 200: tpMapelResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => tp.getTpMapel(db, actorOf(request), request.params.id),
  );

  app.post(
    '/api/kurikulum/tp/:id/mapel',
    {
      ...auth,
      schema: {
        params: uuidParams('Tujuan Pembelajaran'),
        body: tpMapelAddSchema,
        response: {
          200: messageSchema.extend({ dipetakan: z.number().int() }),
          ...errorResponses(400, 401, 403, 404, 422),
        },
      },
    },
    async (request) => tp.mapTp(db, actorOf(request), request.params.id, request.body.pembelajaran_ids),
  );

  app.delete(
    '/api/kurikulum/tp/:id/mapel/:pembelajaranId',
    {
      ...auth,
      schema: {
        params: mapelParams,
        querystring: forceQuerySchema,
        response: { 200: messageSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      tp.unmapTp(db, actorOf(request), request.params.id, request.params.pembelajaranId, request.query.force),
  );

  // ------------------------------------------------------------------ Bobot
  app.get(
    '/api/kurikulum/bobot',
    { ...auth, schema: { response: { 200: bobotResponseSchema, ...errorResponses(401, 403) } } },
    async (request) => bobot.listBobot(db, actorOf(request)),
  );

  app.put(
    '/api/kurikulum/bobot',
    {
      ...auth,
      schema: {
        body: bobotSaveSchema,
        response: {
          200: bobotResponseSchema.extend({ message: z.string() }),
          ...errorResponses(400, 401, 403, 409, 422),
        },
      },
    },
    async (request) => bobot.saveBobot(db, actorOf(request), request.body),
  );
};
